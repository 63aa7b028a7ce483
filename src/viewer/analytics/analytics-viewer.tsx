import { Fragment, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { useElement } from '../../elements/element-context';
import { isBadRequest } from '../../api/client';
import { analyticsData, analyticsParameters } from '../../api/viewer';
import type { AnalyticsData, Cells, MeasureInfo, PivotRow } from '../../api/types';
import { useSmartFilters } from '../shared/use-smart-filters';
import { formatValue } from '../../visuals/common/format';
import { loadGuard } from '../../dashboard/load-guard';
import { openInNewTab } from '../../lib/new-tab';
import { addTo, fitsModule, freeDimensions, HAND_OFF_KEY, HAND_OFF_MS, removeFrom, type PivotChoice } from './pivot-state';
import { viewFor } from '../../stores/view-state';
import { filtersFor, type FilterState } from '../../stores/filters';
import { Loading, LoadFailed } from '../../elements/load-states';
import { useDrawnAnswer } from '../../visuals/common/partner-events';
import { useViewerSetup, type ViewerSetup } from '../shared/use-viewer-setup';

export interface AnalyticsViewerProps {
  moduleId?: string;
  profile?: string;
  filterScope?: string;
  /** Handed over by the data viewer, which has loaded them already. */
  setup?: ViewerSetup;
}

type Dims = Array<{ filterKey: string; filterName: string }>;

/** A double click hands the cell's row and column values to a records view in a new tab, through storage cleared after 8 s. */
function handOffCell(choice: PivotChoice, rowKey: string, colKey: string, filters: FilterState): void {
  const values: Record<string, string[]> = {};
  rowKey.split('|').forEach((v, i) => (values[choice.rows[i]] = [v]));
  if (colKey) colKey.split('|').forEach((v, i) => (values[choice.columns[i]] = [v]));
  // Every filter of the pivot goes along (the date included), the cell's values on top.
  localStorage.setItem(HAND_OFF_KEY, JSON.stringify({ at: Date.now(), values, filters }));
  setTimeout(() => localStorage.removeItem(HAND_OFF_KEY), HAND_OFF_MS);
  openInNewTab(`${location.pathname}?handoff=1`);
}

/** The pivot: measures by row and column dimensions, expandable rows, totals that can be switched off, and a double click that opens the records of a cell. */
export function AnalyticsViewer({ moduleId = 'responses', profile: profileName = 'default', filterScope = 'default', setup: given }: AnalyticsViewerProps) {
  const { t, api, emit } = useElement();
  const viewStore = viewFor(filterScope);
  const { pivot } = useStore(viewStore);
  const { setup, error: setupError } = useViewerSetup(moduleId, profileName, given);
  const [params, setParams] = useState<{ measures: MeasureInfo[]; dims: Dims; defaultPivot: PivotChoice } | null>(null);
  const [data, setData] = useState<AnalyticsData | null>(null);
  const [error, setError] = useState('');
  const [expanded, setExpanded] = useState<Set<string>>(new Set());
  const [sortBy, setSortBy] = useState<{ measure: string; desc: boolean } | null>(null);
  const [guard] = useState(loadGuard);
  // The choice and the totals switches live in the scope's view state: favourites and the export read them.
  const choice: PivotChoice = useMemo(() => ({ measures: pivot.measures, rows: pivot.rows, columns: pivot.columns }), [pivot.measures, pivot.rows, pivot.columns]);
  const setChoice = (change: (c: PivotChoice) => PivotChoice) => viewStore.setKey('pivot', { ...viewStore.get().pivot, ...change(choice) });
  const rowTotals = !pivot.hideRowTotals;
  const colTotals = !pivot.hideColumnTotals;
  const profile = setup?.profile.name;
  const smartFilters = useSmartFilters(filterScope, setup?.dateKey);

  useEffect(() => {
    if (!profile) return;
    analyticsParameters(moduleId, profile, api)
      .then((p) => (isBadRequest(p) ? setError(p.message ?? '') : setParams({ measures: p.measureDefinitions, dims: p.dimensions, defaultPivot: p.defaultPivot })))
      .catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  }, [api, moduleId, profile]);

  // A choice of other columns (the view state's start, another module's favourite) gives way to the module's default.
  const fits = !!params && fitsModule(choice, params.measures, params.dims);
  useEffect(() => {
    if (params?.defaultPivot && !fits) setChoice(() => params.defaultPivot);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the parameters or the fit change
  }, [params, fits]);

  useEffect(() => {
    if (!profile || !smartFilters || !fits) return;
    const stamp = guard.next();
    analyticsData(moduleId, profile, { smartFilters, measureKeys: choice.measures, rowDimensions: choice.rows, columnDimensions: choice.columns }, api)
      .then((d) => {
        if (!guard.isLatest(stamp)) return;
        if (isBadRequest(d)) return setError(d.message ?? '');
        setError('');
        setData(d);
      })
      .catch((e: unknown) => guard.isLatest(stamp) && setError(e instanceof Error ? e.message : String(e)));
  }, [api, guard, moduleId, profile, smartFilters, choice, fits]);

  // The pivot is on screen: once per answer, with its top-level rows.
  useDrawnAnswer(emit, params && !error && !setupError ? data : null, () => ({ name: moduleId, count: data!.data.length }));

  if (error || setupError) return <LoadFailed>{t('analytics.loadFailed')} {error || setupError}</LoadFailed>;
  if (!params || !data) return <Loading>{t('analytics.loading')}</Loading>;

  const name = (key: string) => params.dims.find((d) => d.filterKey === key)?.filterName ?? params.measures.find((m) => m.measureKey === key)?.measureName ?? key;
  const format = (key: string) => params.measures.find((m) => m.measureKey === key)?.format ?? '0';
  const cell = (cells: Cells | undefined, m: string) => formatValue(cells?.[m] ?? null, format(m));
  const columns = choice.columns.length ? data.columns : [];
  const sortRowsOf = (rows: PivotRow[]) =>
    sortBy ? [...rows].sort((a, b) => ((data.rowTotals[a.DimensionValueKey]?.[sortBy.measure] ?? -Infinity) - (data.rowTotals[b.DimensionValueKey]?.[sortBy.measure] ?? -Infinity)) * (sortBy.desc ? -1 : 1)) : rows;

  const openRecords = (rowKey: string, colKey: string) => handOffCell(choice, rowKey, colKey, filtersFor(filterScope).get());

  const part = (which: keyof PivotChoice, options: Array<{ key: string; name: string }>) => (
    <div className="pivot-part" role="group" aria-label={t(`analytics.${which}`)}>
      <span className="part-label">{t(`analytics.${which}`)}</span>
      {choice[which].map((k) => (
        <button key={k} type="button" className="chip" onClick={() => setChoice((c) => removeFrom(c, which, k))} aria-label={t('analytics.remove', { name: name(k) })}>
          {name(k)} ×
        </button>
      ))}
      {options.length > 0 && (
        <select aria-label={t('analytics.add', { part: t(`analytics.${which}`) })} value="" onChange={(e) => e.target.value && setChoice((c) => addTo(c, which, e.target.value))}>
          <option value="">{t('analytics.addOption')}</option>
          {options.map((o) => (
            <option key={o.key} value={o.key}>
              {o.name}
            </option>
          ))}
        </select>
      )}
    </div>
  );
  const free = freeDimensions(params.dims.map((d) => d.filterKey), choice).map((k) => ({ key: k, name: name(k) }));
  const freeMeasures = params.measures.filter((m) => !choice.measures.includes(m.measureKey)).map((m) => ({ key: m.measureKey, name: m.measureName }));

  const renderRow = (row: PivotRow, depth: number): ReactNode => {
    const label = row.DimensionValueKey.split('|').at(-1)!;
    const open = expanded.has(row.DimensionValueKey);
    const toggle = () => setExpanded((s) => { const n = new Set(s); if (n.has(row.DimensionValueKey)) n.delete(row.DimensionValueKey); else n.add(row.DimensionValueKey); return n; });
    return (
      <Fragment key={row.DimensionValueKey}>
        <tr data-key={row.DimensionValueKey}>
          <th scope="row" style={{ paddingLeft: 8 + depth * 18 }}>
            {row.Children.length > 0 ? (
              <button type="button" className="sort" aria-expanded={open} onClick={toggle}>
                <span aria-hidden="true">{open ? '▾ ' : '▸ '}</span>
                {label}
              </button>
            ) : (
              label
            )}
          </th>
          {columns.flatMap((col) => choice.measures.map((m) => <td key={`${col}-${m}`} onDoubleClick={() => openRecords(row.DimensionValueKey, col)}>{cell(row.Value[col], m)}</td>))}
          {(rowTotals || !columns.length) && choice.measures.map((m) => <td key={`t-${m}`} className="total" onDoubleClick={() => openRecords(row.DimensionValueKey, '')}>{cell(data.rowTotals[row.DimensionValueKey], m)}</td>)}
        </tr>
        {open && sortRowsOf(row.Children).map((c) => renderRow(c, depth + 1))}
      </Fragment>
    );
  };

  return (
    <div className="analytics" part="base">
      <div className="pivot-controls">
        {part('measures', freeMeasures)}
        {part('rows', free)}
        {part('columns', free)}
        <label className="check"><input type="checkbox" checked={rowTotals} onChange={(e) => viewStore.setKey('pivot', { ...pivot, hideRowTotals: !e.target.checked })} /> {t('analytics.rowTotals')}</label>
        <label className="check"><input type="checkbox" checked={colTotals} onChange={(e) => viewStore.setKey('pivot', { ...pivot, hideColumnTotals: !e.target.checked })} /> {t('analytics.columnTotals')}</label>
      </div>
      {data.recordCount === 0 ? (
        <p className="no-records" role="status">{t('analytics.noRecords')}</p>
      ) : (
        <div className="pivot-scroll">
          <table>
            <thead>
              <tr>
                <th scope="col" rowSpan={2}>{choice.rows.map(name).join(' / ')}</th>
                {columns.map((col) => <th key={col} scope="colgroup" colSpan={choice.measures.length}>{col}</th>)}
                {(rowTotals || !columns.length) && <th scope="colgroup" colSpan={choice.measures.length}>{t('analytics.total')}</th>}
              </tr>
              <tr>
                {columns.flatMap((col) => choice.measures.map((m) => <th key={`${col}-${m}`} scope="col">{name(m)}</th>))}
                {(rowTotals || !columns.length) && choice.measures.map((m) => {
                  const sorted = sortBy?.measure === m ? (sortBy.desc ? 'descending' : 'ascending') : 'none';
                  return (
                    <th key={`t-${m}`} scope="col" aria-sort={sorted}>
                      <button type="button" className="sort" onClick={() => setSortBy((s) => ({ measure: m, desc: s?.measure === m ? !s.desc : true }))}>{name(m)}</button>
                    </th>
                  );
                })}
              </tr>
            </thead>
            <tbody>{sortRowsOf(data.data).map((r) => renderRow(r, 0))}</tbody>
            {colTotals && (
              <tfoot>
                <tr>
                  <th scope="row">{t('analytics.total')}</th>
                  {columns.flatMap((col) => choice.measures.map((m) => <td key={`${col}-${m}`}>{cell(data.colTotals[col], m)}</td>))}
                  {(rowTotals || !columns.length) && choice.measures.map((m) => <td key={`g-${m}`} className="total">{cell(data.grandTotal, m)}</td>)}
                </tr>
              </tfoot>
            )}
          </table>
        </div>
      )}
    </div>
  );
}
