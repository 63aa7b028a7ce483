import { useEffect, useRef, useState } from 'react';
import { useElement } from '../../elements/element-context';
import type { VisualProps } from '../common/visual-props';
import { setting } from '../common/settings';
import { readTabs, Tabs } from '../common/tabs';
import { formatValue } from '../common/format';
import { isBlankName } from '../common/rows';
import { changeText, comparedWith } from '../common/change';
import { RowSpacer, useRowWindow } from '../common/row-window';

interface MeasureGroup {
  Key: string;
  Header: string;
  Format: string;
}

/** The MeasureGroups setting: a header group per measure; malformed entries are skipped. */
function readGroups(value: unknown): MeasureGroup[] {
  if (!Array.isArray(value)) return [];
  return value.filter((g) => g && typeof g.Key === 'string' && typeof g.Header === 'string').map((g) => ({ Key: g.Key, Header: g.Header, Format: typeof g.Format === 'string' ? g.Format : '0' }));
}

/** Table with grouped measures and tabs: per measure a header group with this period, the last one and the change. */
export function GroupedTableVisual(props: VisualProps) {
  const { t } = useElement();
  const { settings, onDrawn, lang } = props;
  const { tabs, defaultTab } = readTabs(settings.Tabs);
  const [tab, setTab] = useState(defaultTab);
  const current = tabs.find((x) => x.key === tab);
  const series = props.primary[(current?.dataSource ?? 'data') as `data${string}`] ?? props.primary.data;
  const groups = readGroups(settings.MeasureGroups);
  const rows = (series?.content ?? []).filter((e) => setting(settings, 'ShowBlank', false) || !isBlankName(e.Name));
  const body = useRef<HTMLTableSectionElement>(null);
  const shown = useRowWindow(rows.length, body, 2);
  const width = 1 + groups.length * 3;
  useEffect(() => {
    onDrawn();
  }, [onDrawn, rows.length, tab]);
  return (
    <div className="grouped-table delta-table">
      {tabs.length > 0 && <Tabs tabs={tabs} active={tab} onChange={setTab} label={t('visuals.table.tabs')} />}
      <p className="delta-period">{t('visuals.change.changes', { compared: comparedWith(t, series?.previousPeriod) })}</p>
      <table {...shown.table}>
        <thead>
          <tr {...shown.headerRow(1)}>
            <th scope="col" rowSpan={2}>
              {t('visuals.table.name')}
            </th>
            {groups.map((g) => (
              <th key={g.Key} scope="colgroup" colSpan={3} className="group">
                {g.Header}
              </th>
            ))}
          </tr>
          <tr {...shown.headerRow(2)}>
            {groups.flatMap((g) => [
              <th key={`${g.Key}-now`} scope="col">{t('visuals.table.now')}</th>,
              <th key={`${g.Key}-before`} scope="col">{t('visuals.table.before')}</th>,
              <th key={`${g.Key}-change`} scope="col">{t('visuals.table.change')}</th>,
            ])}
          </tr>
        </thead>
        <tbody ref={body}>
          <RowSpacer height={shown.before} columns={width} />
          {shown.indexes.map((index) => {
            const e = rows[index];
            return (
              <tr key={e.Name} {...shown.row(index)}>
                <th scope="row">{e.Name}</th>
                {groups.flatMap((g) => {
                  const d = e.data.find((x) => x.Key === g.Key);
                  return [
                    <td key={`${g.Key}-now`}>{formatValue(d?.Val ?? null, g.Format)}</td>,
                    <td key={`${g.Key}-before`}>{formatValue(d?.ValForDelta ?? null, g.Format)}</td>,
                    <td key={`${g.Key}-change`}>{changeText(t, lang, d?.Val, d?.ValForDelta, 'PointChange', g.Format.endsWith('%')).text || '-'}</td>,
                  ];
                })}
              </tr>
            );
          })}
          <RowSpacer height={shown.after} columns={width} />
        </tbody>
      </table>
    </div>
  );
}
