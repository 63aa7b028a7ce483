import { useElement } from '../../elements/element-context';

export interface LegendItem {
  name: string;
  colour: string;
  /** Shown at full strength; off items are struck through. */
  active: boolean;
  label?: string;
  /** For toggles: whether the entry is on (defaults to `active`). */
  pressed?: boolean;
}

/** A row of legend entries; with `onToggle` each entry is a toggle button. */
export function Legend({ items, onToggle, label }: { items: LegendItem[]; onToggle?: (name: string) => void; label?: string }) {
  // Data values (NPS groups, channels) stay the filter values; only what is shown is translated.
  const { t } = useElement();
  return (
    <ul className="legend" aria-label={label}>
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
