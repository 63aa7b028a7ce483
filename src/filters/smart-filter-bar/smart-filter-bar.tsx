import { memo, useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { useElement } from '../../elements/element-context';
import { isBadRequest } from '../../api/client';
import { filterNamesFor } from '../../stores/filter-names';
import { dimensionValues, lastRecordedDate, smartFilters, SMART_DATA_ROOT, type FiltersAnswer } from '../../api/smartdata';
import { activeFilterCount, DEFAULT_FILTERS, filtersFor, toggleValue, toSmartFilters, type FilterState } from '../../stores/filters';
import { customRangeRulesOf, type CustomRangeRules, type DateChoice } from '../../lib/date-ranges';
import { viewerSource } from '../../api/viewer';
import { DateFilter } from './date-filter';
import { clearSelections, selectionsFor } from '../../stores/selections';
import { secondaryFilters } from '../../visuals/common/selection';
import { DimensionPicker } from './dimension-picker';
import { claimFiltersOf, type ClaimFilter } from '../../api/filters';
import { $session } from '../../stores/session';
import { $config } from '../../stores/config';
import type { Dimension } from '../../api/smartdata';
import { numberFormat } from '../../lib/intl';
import { useDrawnAnswer } from '../../visuals/common/partner-events';
import { shortInstant } from '../../lib/dates';

export const SEARCH_DEBOUNCE_MS = 500;
const RESTRICTED = ['&$count', '&$filter', '&$skip', '&search', '$orderby'];

export interface SmartFilterBarProps {
  moduleId?: string;
  filterScope?: string;
  tags?: string;
  dateKey?: string;
  /** The data source's custom-range rules, when the page has the data source already (a dashboard, the data page); loaded otherwise. */
  dateRules?: CustomRangeRules;
  /** Whether the bar says how many records the filters let through (a queue counts its cases itself). */
  showCount?: boolean;
  /** Where its filter calls go (a queue counts its cases under the process flow's calls). */
  dataRoot?: string;
  /** The bar's accessible name, when the page has several bars (a dashboard names it after itself). */
  label?: string;
  /** What "All dates" means where the page always shows a period (a dashboard's Last 7 Days): counted and shown as that. */
  defaultDate?: DateChoice;
}

/**
 * Search, the date filter, multi-select value filters with counts, the filter badge, last recorded date.
 * Memo: a dashboard renders again as each tile of its first view draws, and the bar (the
 * priciest part of it after the tiles) has nothing new to show then.
 */
export const SmartFilterBar = memo(function SmartFilterBar({ moduleId, filterScope = 'default', tags = '', dateKey = 'ResponseDate', dateRules, showCount = true, dataRoot = SMART_DATA_ROOT, label, defaultDate }: SmartFilterBarProps) {
  const { t, emit, lang, api, host } = useElement();
  const store = filtersFor(filterScope);
  const state = useStore(store);
  const selections = useStore(selectionsFor(filterScope));
  const [answer, setAnswer] = useState<FiltersAnswer | null>(null);
  const [failed, setFailed] = useState(false);
  const [last, setLast] = useState<string | null>(null);
  const [search, setSearch] = useState(state.search);
  const [searchError, setSearchError] = useState('');
  const [loadedRules, setRules] = useState<CustomRangeRules>({});
  const rules = dateRules ?? loadedRules;
  // Whose claims: the session's user, or a page's configured token; nobody signed in has none to ask for.
  const config = useStore($config);
  const userKey = useStore($session)?.id ?? (config.token || config.getToken ? 'token' : null);
  const [access, setAccess] = useState<ClaimFilter[]>([]);
  const latest = useRef(0);
  const tagList = useMemo(() => tags.split(',').map((s) => s.trim()).filter(Boolean), [tags]);
  // The chart selections narrow the scope too: the counts and the record count follow them, as the tiles do.
  const filters = useMemo(() => [...toSmartFilters(state, dateKey, undefined, defaultDate), ...secondaryFilters(selections)], [state, dateKey, selections, defaultDate]);

  const change = (next: FilterState) => {
    store.set(next);
    emit('filters-change', { filterScope, smartFilters: toSmartFilters(next, dateKey, undefined, defaultDate) });
  };

  useEffect(() => {
    if (!moduleId) return;
    const stamp = ++latest.current;
    smartFilters(moduleId, filters, tagList, api, dataRoot)
      .then((res) => {
        if (stamp !== latest.current) return; // a newer request is on its way
        if (isBadRequest(res)) setFailed(true);
        else {
          setFailed(false);
          setAnswer(res);
        }
      })
      .catch(() => stamp === latest.current && setFailed(true));
  }, [api, moduleId, filters, tagList, dataRoot]);

  // The data source's settings decide the custom range's rules (the bar alone asks for them).
  useEffect(() => {
    if (!moduleId || dateRules) return;
    viewerSource(moduleId, api)
      .then((res) => !isBadRequest(res) && setRules(customRangeRulesOf(res)))
      .catch(() => undefined);
  }, [api, moduleId, dateRules]);

  // Claim filters for the claim types the user has (spec part 1 section 6); none for an unrestricted user.
  useEffect(() => {
    (userKey ? claimFiltersOf(userKey, api) : Promise.resolve([])).then(setAccess, () => setAccess([]));
  }, [api, userKey]);

  useEffect(() => {
    if (!moduleId) return;
    lastRecordedDate(moduleId, dateKey, api, dataRoot)
      .then((res) => !isBadRequest(res) && setLast(res.lastRecordedDate))
      .catch(() => setLast(null));
  }, [api, moduleId, dateKey, dataRoot]);

  // Search waits 500 ms after typing; restricted words are refused with the spec's message.
  useEffect(() => {
    if (search === store.get().search) return;
    const timer = setTimeout(() => {
      if (RESTRICTED.some((w) => search.toLowerCase().includes(w))) return setSearchError(t('filters.restrictedWords'));
      setSearchError('');
      change({ ...store.get(), search });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the typed text restarts the wait
  }, [search]);

  // The filters' names, for whoever describes the scope's filters in words (a favourite's description).
  useEffect(() => {
    const names = filterNamesFor(filterScope);
    for (const d of [...(answer?.smartFilters ?? []), ...access.map((a) => ({ filterKey: a.key, filterName: a.name }))]) {
      if (names.get()[d.filterKey] !== d.filterName) names.setKey(d.filterKey, d.filterName);
    }
  }, [answer, access, filterScope]);

  const dims = answer ? withClaimFilters(answer.smartFilters.filter((d) => d.filterDataType !== 'DateTime'), access) : [];
  // The filters' values are on screen: once per answer. Inside another element (a queue, a dashboard) that element speaks.
  useDrawnAnswer(emit, host.localName === 'cx-smart-filter-bar' ? answer : null, () => ({ name: filterScope, count: dims.length }));

  if (!moduleId) return <p part="base" className="cx-error" role="alert">{t('filters.noModule')}</p>;
  const count = activeFilterCount(state);
  const lastText = last ? shortInstant(last) : null;

  return (
    <section part="base" className="bar" aria-label={label ?? t('filters.label')}>
      <label className="search">
        <span className="cx-visually-hidden">{t('filters.search')}</span>
        <input type="search" placeholder={t('filters.search')} value={search} onChange={(e) => setSearch(e.target.value)} aria-invalid={!!searchError} />
      </label>
      <DateFilter key={`${state.dateChoice}|${state.customFrom}|${state.customTo}`} t={t} lang={lang} state={state} rules={rules} defaultDate={defaultDate} onChange={change} />
      {dims.map((d) => (
        <DimensionPicker key={d.filterKey} t={t} lang={lang} dimension={d} chosen={state.values[d.filterKey] ?? []} access={access.some((a) => a.key === d.filterKey)}
          onToggle={(v) => change(toggleValue(state, d.filterKey, v))}
          onSearch={async (text) => {
            const res = await dimensionValues(moduleId, filters, d.filterKey, text, api, dataRoot).catch(() => null);
            return res && !isBadRequest(res) ? res.filterDimensionValues : [];
          }} />
      ))}
      <span className="badge" role="status">{t('filters.active', { count })}</span>
      {/* Clears everything that narrows the scope: the bar's filters and the charts' selections alike. */}
      {(count > 0 || selections.length > 0) && <button type="button" className="secondary" onClick={() => { setSearch(''); clearSelections(filterScope); change({ ...DEFAULT_FILTERS, dateChoice: 'ClearDate' }); }}>{t('filters.clear')}</button>}
      {answer && showCount && <span className="hint">{t('filters.records', { count: answer.recordCount, formatted: numberFormat(lang).format(answer.recordCount) })}</span>}
      {lastText && <span className="hint">{t('filters.lastRecorded', { date: lastText })}</span>}
      {[searchError, failed ? t('filters.loadFailed') : ''].filter(Boolean).map((m) => (
        <p key={m} className="field-error" role="alert">{m}</p>
      ))}
    </section>
  );
});

/**
 * The bar's value filters with the user's claim filters: a claim type the data source also
 * filters by stays one picker (its counts under the claims); one it does not is added first,
 * listing the claim's values.
 */
function withClaimFilters(dims: Dimension[], access: ClaimFilter[]): Dimension[] {
  const extra = access
    .filter((a) => !dims.some((d) => d.filterKey === a.key))
    .map((a): Dimension => ({
      filterKey: a.key,
      filterName: a.name,
      filterDataType: 'String',
      filterDimensionValues: a.values.map((v) => ({ dimensionValue: v.value, dimensionLabel: v.label, count: NaN })),
    }));
  return [...extra, ...dims];
}
