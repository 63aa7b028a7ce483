import { useEffect, useState } from 'react';
import { useElement } from '../../elements/element-context';
import type { VisualProps } from '../common/visual-props';
import { setting } from '../common/settings';
import { formatValue } from '../common/format';
import { isSelected } from '../common/selection';
import { DIMMED } from '../common/palette';
import { readTabs, Tabs } from '../common/tabs';
import { pills, PILL_COLOURS, PILL_DEFAULTS as D } from './rules';

/** Pill filter chart: one pill per category with its value, coloured by sign; a click filters on it. */
export function PillChartVisual(props: VisualProps) {
  const { t } = useElement();
  const { settings, onDrawn, onSelect, selections, name, mode } = props;
  const { tabs, defaultTab } = readTabs(settings.Tabs);
  const [tab, setTab] = useState(defaultTab);
  const current = tabs.find((x) => x.key === tab);
  const series = props.primary[(current?.dataSource ?? 'data') as `data${string}`] ?? props.primary.data;
  // Each category's first row holds its value; a tab's MeasureKey picks another row.
  const measure = typeof current?.MeasureKey === 'string' ? current.MeasureKey : '';
  const rows = (series?.content ?? []).map((e) => ({ ...(e.data.find((r) => !measure || r.Key === measure) ?? e.data[0]), Name: e.Name }));
  const list = pills(rows);
  const fmt = setting(settings, 'ValueFormat', D.ValueFormat);
  const style = {
    minHeight: setting(settings, 'ItemMinHeight', D.ItemMinHeight),
    fontSize: setting(settings, 'FontSize', D.FontSize),
    padding: `${setting(settings, 'TopPadding', D.TopPadding)}px ${setting(settings, 'SidePadding', D.SidePadding)}px`,
    borderWidth: setting(settings, 'BorderWidth', D.BorderWidth),
  };
  useEffect(() => {
    onDrawn();
  }, [onDrawn, list.length, tab]);
  return (
    <div className="pill-chart">
      {tabs.length > 0 && <Tabs tabs={tabs} active={tab} onChange={setTab} label={t('visuals.pills.tabs')} />}
      <ul>
        {list.map((p) => {
          const chosen = isSelected(selections, name, p.name);
          const content = (
            <>
              <span className="pill-name">{p.name}</span> <strong>{formatValue(p.value, fmt)}</strong>
            </>
          );
          return (
            <li key={p.name} style={{ opacity: mode === 'Selection' && !chosen ? DIMMED : 1 }}>
              {onSelect && series ? (
                <button type="button" className="pill" aria-pressed={chosen} style={{ ...style, borderColor: PILL_COLOURS[p.tone], color: PILL_COLOURS[p.tone] }} onClick={() => onSelect({ axisKey: series.filterKey, axisValue: p.name, seriesKey: '', seriesValue: '' })}>
                  {content}
                </button>
              ) : (
                <span className="pill" style={{ ...style, borderColor: PILL_COLOURS[p.tone], color: PILL_COLOURS[p.tone] }}>
                  {content}
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
