import { formatCount } from '../common/format';
import { useEffect, useState } from 'react';
import { useElement } from '../../elements/element-context';
import type { VisualProps } from '../common/visual-props';
import { setting } from '../common/settings';
import { visibleContent } from '../common/rows';
import { pointChange, percentageChange, roundAwayFromZero } from '../../lib/deltas';

/** List visual defaults of spec part 3 (item min height 25, text 18 bold #621a4b, value 18 bold black). */
export const COUNT_LIST_DEFAULTS = { ItemMinHeight: 25, TextTopPadding: 5, TextSidePadding: 5, TextColour: '#621a4b', ValueColour: '#000000', FontSize: 18 } as const;

export type ChangeType = 'PointChange' | 'PercentageChange';

/** A count's change against the previous period: signed points, or a percentage rounded away from zero; '-' when invalid. */
export function countChange(current: number | null | undefined, previous: number | null | undefined, type: ChangeType): string {
  const d = type === 'PointChange' ? pointChange(current, previous) : percentageChange(current, previous);
  if (d === null) return '-';
  const r = type === 'PointChange' ? d : roundAwayFromZero(d);
  return `${r > 0 ? '+' : ''}${r}${type === 'PercentageChange' ? '%' : ''}`;
}

/**
 * Text-and-count ordered list (the largest first); with `changes`, the multi-count list whose
 * point-change and percentage-change buttons switch the change column.
 */
export function CountListVisual(props: VisualProps & { changes?: boolean }) {
  const { t } = useElement();
  const { primary, settings, onDrawn, changes } = props;
  const [type, setType] = useState<ChangeType>(() => setting<ChangeType>(settings, 'DeltaType', 'PointChange', ['PointChange', 'PercentageChange']));
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
          {(['PointChange', 'PercentageChange'] as const).map((x) => (
            <button key={x} type="button" aria-pressed={type === x} onClick={() => setType(x)}>
              {t(`visuals.table.${x}`)}
            </button>
          ))}
        </div>
      )}
      <ol>
        {rows.map((r) => (
          <li key={r.name} style={item}>
            <span className="count-name">{r.name}</span>
            <span className="count-value">{count(r.value)}</span>
            {changes && <span className="count-change">{countChange(r.value, r.previous, type)}</span>}
          </li>
        ))}
      </ol>
    </div>
  );
}

export const MultiCountListVisual = (props: VisualProps) => <CountListVisual {...props} changes />;
