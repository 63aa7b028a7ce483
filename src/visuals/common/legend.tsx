import type { Ref } from 'react';
import { useElement } from '../../elements/element-context';
import { useRoomAbove } from './room-above';

/** The room a legend of one line takes above its chart: a 22 px row and its 6 px margin (tile.css). */
export const LEGEND_ROOM = 28;

/** A legend's room as laid out (`useRoomAbove`): pass `measure` as the legend's `ref`. */
export const useLegendRoom = () => useRoomAbove<HTMLUListElement>(LEGEND_ROOM);

export interface LegendItem {
  name: string;
  colour: string;
  /** Shown at full strength; off items are struck through. */
  active: boolean;
  label?: string;
  /** For toggles: whether the entry is on (defaults to `active`). */
  pressed?: boolean;
}

/** A row of legend entries; with `onToggle` each entry is a toggle button. `ref` takes `useRoomAbove`'s `measure`. */
export function Legend({ items, onToggle, label, ref }: { items: LegendItem[]; onToggle?: (name: string) => void; label?: string; ref?: Ref<HTMLUListElement> }) {
  // Data values (NPS groups, channels) stay the filter values; only what is shown is translated.
  const { t } = useElement();
  return (
    <ul className="legend" aria-label={label} ref={ref}>
      {items.map((item) => {
        const content = (
          <>
            <span className="swatch" style={{ background: item.colour }} aria-hidden="true" />
            {item.label ?? t(`values.${item.name}`, { defaultValue: item.name })}
          </>
        );
        return (
          <li key={item.name} className={item.active ? '' : 'off'}>
            {onToggle ? (
              <button type="button" aria-pressed={item.pressed ?? item.active} onClick={() => onToggle(item.name)}>
                {content}
              </button>
            ) : (
              content
            )}
          </li>
        );
      })}
    </ul>
  );
}
