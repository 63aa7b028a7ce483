/** Spec part 3: queue tabs are 120 px each, with 80 and 45 px kept for the rest of the bar. */
export const TAB_WIDTH = 120;
export const TAB_RESERVED = 80 + 45;

/**
 * The queue tabs that fit in `width` and the rest (under More), in the queues' order. The queue on
 * screen is always among the tabs shown: when it would fall under More, it takes the last place,
 * so a phone still says which queue it is showing.
 */
export function queueTabs<Q extends { name: string }>(queues: readonly Q[], current: string, width: number): { shown: Q[]; more: Q[] } {
  const fit = Math.max(1, Math.floor((width - TAB_RESERVED) / TAB_WIDTH));
  const at = queues.findIndex((q) => q.name === current);
  const others = queues.filter((_, i) => i !== at);
  const order = at < fit ? [...queues] : [...others.slice(0, fit - 1), queues[at], ...others.slice(fit - 1)];
  return { shown: order.slice(0, fit), more: order.slice(fit) };
}
