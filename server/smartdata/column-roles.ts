import type { ScoreKind } from '../datasources/roles';
import type { Column, SmartModule } from './schema';

/** The first visible score of these kinds, in the order given: what a measure reads, by role, never by name. */
export function scoreOf(module: SmartModule, kinds: readonly ScoreKind[]): Column | undefined {
  for (const kind of kinds) {
    const found = module.columns.find((c) => c.role === 'score' && c.score?.kind === kind && !c.isHidden);
    if (found) return found;
  }
  return undefined;
}

/** The visible dimensions (filters) of a module, in its order. */
export const dimensionsOf = (module: SmartModule): Column[] => module.columns.filter((c) => c.role === 'dimension' && c.dimension && !c.isHidden);

/** The levels a module is broken down by: its hierarchy's, top first (Region, Country, Store); else its dimensions. */
export function levelsOf(module: SmartModule): Column[] {
  const dims = dimensionsOf(module);
  const levels = dims.filter((c) => c.hierarchy).sort((a, b) => a.hierarchy!.level - b.hierarchy!.level);
  return levels.length ? levels : dims;
}
