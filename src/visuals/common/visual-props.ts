import type { Block, VisualDefinition } from '../../api/visual-types';
import type { ChartMode } from './chart-mode';
import type { VisualSelection } from './selection';

/** A click on an item of a visual, before the tile adds its own name. */
export type SelectionInput = Omit<VisualSelection, 'visualName'>;

/** What every visual component gets from its tile. */
export interface VisualProps {
  name: string;
  primary: Block;
  secondary?: Block;
  definition: VisualDefinition;
  settings: Record<string, unknown>;
  mode: ChartMode;
  selections: readonly VisualSelection[];
  /** Set when ClickBehaviour is Filter: a click adds (or removes) a selection. */
  onSelect?: (s: SelectionInput) => void;
  /** Called after each draw; the dashboard's loader waits for every tile. */
  onDrawn: () => void;
  width: number;
  height: number;
  lang: string;
}
