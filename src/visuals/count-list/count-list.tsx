import { formatCount } from '../common/format';
import { useEffect, useState } from 'react';
import { useElement } from '../../elements/element-context';
import type { VisualProps } from '../common/visual-props';
import { setting } from '../common/settings';
import { visibleContent } from '../common/rows';
import { changeText, comparedWith, type DeltaType } from '../common/change';

/** List visual defaults of spec part 3 (item min height 25, text and value 18 bold); the colours are the theme's, as tile.css draws them. */
export const COUNT_LIST_DEFAULTS = { ItemMinHeight: 25, TextTopPadding: 5, TextSidePadding: 5, TextColour: 'var(--cx-color-accent, #621a4b)', ValueColour: 'var(--cx-color-text, #000000)', FontSize: 18 } as const;

/** The change buttons: a point change (in the count's own unit) or a percentage; 'PercentageChange' is the table columns' name of the latter. */
const CHANGE_TYPES = ['PointChange', 'PercentageDelta', 'PercentageChange'] as const;
const asDeltaType = (type: (typeof CHANGE_TYPES)[number]): DeltaType => (type === 'PointChange' ? 'PointChange' : 'PercentageDelta');
const BUTTON_LABELS: Record<DeltaType, string> = { PointChange: 'visuals.table.PointChange', PercentageDelta: 'visuals.table.PercentageChange' };

/**
 * Text-and-count ordered list (the largest first); with `changes`, the multi-count list whose
 * point-change and percentage-change buttons switch the change column.
 */
export function CountListVisual(props: VisualProps & { changes?: boolean }) {
  const { t } = useElement();
  const { primary, settings, onDrawn, changes, lang } = props;
  const [type, setType] = useState<DeltaType>(() => asDeltaType(setting(settings, 'DeltaType', 'PointChange', CHANGE_TYPES)));
  const rows = visibleContent(primary.data?.content ?? [], setting(settings, 'ShowBlank', false))
    .map((e) => ({ name: e.Name, value: e.data[0].Val as number, previous: e.data[0].ValForDelta ?? null }))
    .sort((a, b) => b.value - a.value || a.name.localeCompare(b.name))
    .slice(0, Math.max(1, setting(settings, 'TopN', 10)));
  useEffect(() => {
    onDrawn();
  }, [onDrawn, rows.length, type]);
  const count = (v: number) => formatCount(v);
  const item = { minHeight: setting(settings, 'ItemMinHeight', COUNT_LIST_DEFAULTS.ItemMinHeight), padding: `${COUNT_LIST_DEFAULTS.TextTopPadding}px ${COUNT_LIST_DEFAULTS.TextSidePadding}px` };
  return (
    <div className="count-list">
      {changes && (
        <div className="delta-buttons" role="group" aria-label={t('visuals.table.deltaType')}>
          {(Object.keys(BUTTON_LABELS) as DeltaType[]).map((x) => (
            <button key={x} type="button" aria-pressed={type === x} onClick={() => setType(x)}>
              {t(BUTTON_LABELS[x])}
            </button>
          ))}
        </div>
      )}
      {changes && <p className="delta-period">{t('visuals.change.changes', { compared: comparedWith(t, primary.data?.previousPeriod) })}</p>}
      <ol>
        {rows.map((r) => (
          <li key={r.name} style={item}>
            <span className="count-name">{r.name}</span>
            <span className="count-value">{count(r.value)}</span>
            {changes && <span className="count-change">{changeText(t, lang, r.value, r.previous, type, 'none').text || '-'}</span>}
          </li>
        ))}
      </ol>
    </div>
  );
}

export const MultiCountListVisual = (props: VisualProps) => <CountListVisual {...props} changes />;
