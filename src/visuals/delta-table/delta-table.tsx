import { useEffect, useRef, useState } from 'react';
import { useElement } from '../../elements/element-context';
import type { VisualProps } from '../common/visual-props';
import { setting } from '../common/settings';
import { isSelected } from '../common/selection';
import { DIMMED, themed } from '../common/palette';
import { readTabs, Tabs } from '../common/tabs';
import { columnId, formatCell, formatDelta, nextSort, sortRows, tableRows, TABLE_DEFAULTS as D, TITLE_ID, type TableColumn, type TableFormat } from './rules';
import { loadTableOptions, saveTableOptions, type TableVisualOptions } from './options';
import { RowSpacer, useRowWindow } from '../common/row-window';
import { comparedWith } from '../common/change';

const DELTA_TYPES = ['PointChange', 'PercentageChange'] as const;

function readColumns(config: unknown): { columns: TableColumn[]; deltas: TableColumn[]; titleWidth: number } {
  const c = (config && typeof config === 'object' ? config : {}) as Record<string, unknown>;
  const list = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is TableColumn => !!x && typeof x.Key === 'string' && typeof x.Header === 'string') : []);
  return { columns: list(c.Columns), deltas: list(c.DeltaColumns).filter((d) => (DELTA_TYPES as readonly string[]).includes(d.Type)), titleWidth: typeof c.TitleColumnWidth === 'number' ? c.TitleColumnWidth : 34 };
}

function readFormat(settings: Record<string, unknown>): TableFormat {
  const f = (settings.DataFormat && typeof settings.DataFormat === 'object' ? settings.DataFormat : {}) as Record<string, unknown>;
  const palette = (f.ColorPalette && typeof f.ColorPalette === 'object' ? f.ColorPalette : {}) as Record<string, unknown>;
  return {
    decimalPlaces: setting(f, 'DecimalPlaces', D.DecimalPlaces),
    threshold: setting(f, 'DeltaThreshold', D.DeltaThreshold),
    above: setting(palette, 'AboveDelta', D.AboveDelta as string),
    below: setting(palette, 'BelowDelta', D.BelowDelta as string),
  };
}

/** Table with delta columns: sortable headers (DESC first), delta buttons, tabs, rows that filter on click. */
export function DeltaTableVisual(props: VisualProps) {
  const { t } = useElement();
  const { settings, name, onDrawn, onSelect, selections, mode, lang } = props;
  const { tabs, defaultTab } = readTabs(settings.Tabs);
  const [tab, setTab] = useState(defaultTab);
  const [options, setOptions] = useState<TableVisualOptions>(() => loadTableOptions(name));
  const current = tabs.find((x) => x.key === tab);
  const series = props.primary[(current?.dataSource ?? 'data') as `data${string}`] ?? props.primary.data;
  const { columns, deltas, titleWidth } = readColumns(current?.ColumnConfiguration ?? settings.ColumnConfiguration);
  const fmt = readFormat(settings);
  const delta = deltas.find((d) => d.Type === options.deltaType) ?? deltas.find((d) => d.Default) ?? deltas[0];
  const all = [...columns, ...deltas];
  // With nothing saved, a column's own Sort (or Order) setting gives the first sort.
  const preset = columns.find((c) => c.Sort === 'ASC' || c.Sort === 'DESC' || c.Order === 'ASC' || c.Order === 'DESC');
  const sort = options.sortingColumn ?? (preset ? { column: columnId(preset), order: (preset.Sort ?? preset.Order)! } : null);
  const rows = sortRows(tableRows(series?.content ?? [], setting(settings, 'ShowBlank', false)), sort, all);
  const sortable = !setting(settings, 'DisableSorting', false);
  const dimming = mode === 'Selection';
  const body = useRef<HTMLTableSectionElement>(null);
  const shown = useRowWindow(rows.length, body);
  const width = 1 + columns.length + (delta ? 1 : 0);

  useEffect(() => {
    onDrawn();
  }, [onDrawn, rows.length, tab, options]);
  const update = (next: Partial<TableVisualOptions>) => {
    const merged = { ...options, ...next };
    setOptions(merged);
    saveTableOptions(merged);
  };
  const header = (id: string, text: string) => {
    const sorted = sort?.column === id ? sort.order : null;
    return (
      <th key={id} scope="col" aria-sort={sorted === 'ASC' ? 'ascending' : sorted === 'DESC' ? 'descending' : 'none'}>
        {sortable ? (
          <button type="button" className="sort" onClick={() => update({ sortingColumn: nextSort(sort, id) })}>
            {text}
            <span aria-hidden="true">{sorted === 'ASC' ? ' ▲' : sorted === 'DESC' ? ' ▼' : ''}</span>
          </button>
        ) : (
          text
        )}
      </th>
    );
  };
  return (
    <div className="delta-table">
      {tabs.length > 0 && <Tabs tabs={tabs} active={tab} onChange={setTab} label={t('visuals.table.tabs')} />}
      {deltas.length > 1 && (
        <div className="delta-buttons" role="group" aria-label={t('visuals.table.deltaType')}>
          {DELTA_TYPES.filter((type) => deltas.some((d) => d.Type === type)).map((type) => (
            <button key={type} type="button" aria-pressed={delta?.Type === type} onClick={() => update({ deltaType: type })}>
              {t(`visuals.table.${type}`)}
            </button>
          ))}
        </div>
      )}
      {delta && <p className="delta-period">{t('visuals.change.changes', { compared: comparedWith(t, series?.previousPeriod) })}</p>}
      <table {...shown.table}>
        <colgroup>
          <col style={{ width: `${titleWidth}%` }} />
        </colgroup>
        <thead>
          <tr {...shown.headerRow(1)}>
            {header(TITLE_ID, t('visuals.table.name'))}
            {columns.map((c) => header(columnId(c), c.Header))}
            {delta && header(columnId(delta), delta.Header)}
          </tr>
        </thead>
        <tbody ref={body}>
          <RowSpacer height={shown.before} columns={width} />
          {shown.indexes.map((index) => {
            const row = rows[index];
            const d = delta ? formatDelta(t, lang, row, delta, all, fmt) : null;
            const select = onSelect && series ? () => onSelect({ axisKey: series.filterKey, axisValue: row.name, seriesKey: '', seriesValue: '' }) : undefined;
            return (
              <tr key={row.name} {...shown.row(index)} style={{ opacity: dimming && !isSelected(selections, name, row.name) ? DIMMED : 1 }}>
                <th scope="row">
                  {select ? (
                    <button type="button" className="row-select" aria-pressed={isSelected(selections, name, row.name)} onClick={select}>
                      {row.name}
                    </button>
                  ) : (
                    row.name
                  )}
                </th>
                {columns.map((c) => (
                  <td key={columnId(c)}>{formatCell(row.cells[c.Key]?.Val ?? null, c, fmt)}</td>
                ))}
                {d && (
                  <td className={`delta delta-${d.symbol}`} style={{ color: themed(d.colour) }}>
                    {d.text}
                  </td>
                )}
              </tr>
            );
          })}
          <RowSpacer height={shown.after} columns={width} />
        </tbody>
      </table>
    </div>
  );
}
