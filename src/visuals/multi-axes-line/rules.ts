/** At most two y axes (spec part 3). */
export const MAX_Y_AXES = 2;

/**
 * Legend toggle of the multi-axes line: a click adds or removes a series from the selection;
 * when every series ends up selected, the selection resets to none (all shown alike).
 */
export function toggleSeries(selected: readonly string[], name: string, all: readonly string[]): string[] {
  const next = selected.includes(name) ? selected.filter((s) => s !== name) : [...selected, name];
  return next.length >= all.length ? [] : next;
}
