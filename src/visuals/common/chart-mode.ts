import type { Block } from '../../api/visual-types';
import type { SelectionMode, VisualSelection } from './selection';

export type ChartMode = 'PrimaryOnly' | 'PrimaryAndSecondary' | 'Selection';

/** Recomputed on every update: Selection when the visual has selections, PrimaryAndSecondary with secondary content, else PrimaryOnly. */
export function chartMode(selections: readonly VisualSelection[], secondary: Block | undefined): ChartMode {
  if (selections.length > 0) return 'Selection';
  if (secondary && Object.keys(secondary).some((k) => k.startsWith('data') && (secondary[k as `data${string}`]?.content.length ?? 0) > 0)) return 'PrimaryAndSecondary';
  return 'PrimaryOnly';
}

/** Secondary data is drawn in PrimaryAndSecondary, and in Selection mode for the secondary selection modes. */
export function drawsSecondary(mode: ChartMode, selectionMode: SelectionMode = 'SinglePrimary'): boolean {
  return mode === 'PrimaryAndSecondary' || (mode === 'Selection' && (selectionMode === 'SingleSecondary' || selectionMode === 'MultiSecondary'));
}
