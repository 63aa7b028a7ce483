import type { DataRow } from '../../api/visual-types';
import { isValidNumber } from '../common/rows';
import { DELTA_COLOURS } from '../common/palette';

/** Pill chart defaults of spec part 3. */
export const PILL_DEFAULTS = { ItemMinHeight: 25, FontSize: 12, SidePadding: 16, TopPadding: 6, BorderWidth: 2, ValueFormat: '0.0%' } as const;
/** Value colours, the theme's delta colours: grey at 0, green above, red below. */
export const PILL_COLOURS = DELTA_COLOURS;

export interface Pill {
  name: string;
  value: number | null;
  tone: keyof typeof PILL_COLOURS;
}

/** Pills from rows: entries named [blank] (any case) are removed; the tone follows the value's sign. */
export function pills(rows: readonly DataRow[]): Pill[] {
  return rows
    .filter((r) => String(r.Name ?? '').trim().toLowerCase() !== '[blank]')
    .map((r) => {
      const value = isValidNumber(r.Val) ? r.Val : null;
      return { name: r.Name, value, tone: value === null || value === 0 ? 'same' : value > 0 ? 'up' : 'down' };
    });
}
