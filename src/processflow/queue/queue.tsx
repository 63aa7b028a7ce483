import type { TFunction } from 'i18next';
import { useEffect, useMemo, useState } from 'react';
import { useStore } from '@nanostores/react';
import { useElement } from '../../elements/element-context';
import { PortalLink } from '../../elements/portal-link';
import { hasHost } from '../../stores/navigation';
import { isBadRequest } from '../../api/client';
import { exportQueue, queueCounts, queuePage, queues as loadQueues, type CaseRecord, type DueFilter, type Queue, type QueueCount } from '../../api/processflow';
import { exportStamp } from '../../viewer/data-viewer/export';
import { $session } from '../../stores/session';
import { activeFilterCount, DEFAULT_FILTERS, filtersFor, toSmartFilters } from '../../stores/filters';
import { SmartFilterBar } from '../../filters/smart-filter-bar/smart-filter-bar';
import { queueData } from '../../api/smartdata';
import { shortDate, longDate } from '../../lib/dates';
import { CaseCard } from './case-card';
import { NoCases } from './no-cases';
import { lastQueue, rememberQueue, takeReturn, leaveForCase } from './queue-memory';
import { numberFormat } from '../../lib/intl';
import { TableRegion } from '../../elements/table-region';
import { queueTabs } from './queue-tabs';
import { BulkWork } from './bulk-work';
import { CaseClock, useServerClock } from '../shared/clock';
import { Loading, LoadFailed } from '../../elements/load-states';
import { useDrawnAnswer } from '../../visuals/common/partner-events';

/** The orders a worker can choose besides the queue's own (issue 45): the soonest deadline first. */
const SORTS = ['ResolutionDueAt', 'FirstResponseDueAt'] as const;
type Sort = '' | (typeof SORTS)[number];
const DUE_FILTERS: readonly DueFilter[] = ['overdue', 'today'];

/** A queue's name in the page's language (the server names them in English: New, Working, Closed, All). */
const queueTitle = (t: TFunction, name: string) => t(`queue.names.${name}`, { defaultValue: name });

/** The filter bar counts the queue's cases through the process flow's own filter calls, with any date range allowed. */
const NO_DATE_RULES = {};

export interface QueueProps {
  moduleId?: string;
  profileId?: string;
  queueName?: string;
}

const started = new Set<string>();
/** A queue holds cases of every age: its filters start on all dates (once per page). */
function startFilters(scope: string): void {
  if (started.has(scope)) return;
  started.add(scope);
  filtersFor(scope).set({ ...DEFAULT_FILTERS, dateChoice: 'ClearDate' });
}

/**
 * A queue of cases (spec part 3, queue home): the queue tabs with their counts (as many as fit,
 * the rest under More), the filter bar, the cases as summary cards with paging or as a grid, and
 * the empty states by queue tag. The last queue used is where the module opens.
 */
export function QueueHome({ moduleId = 'cases', profileId = 'cases', queueName = '' }: QueueProps) {
  const { t, api, go, host, emit } = useElement();
  const [queues, setQueues] = useState<Queue[] | null>(null);
  const [counts, setCounts] = useState<QueueCount[]>([]);
  const [page, setPage] = useState<{ key: string; recordCount: number; data: CaseRecord[] } | null>(null);
  const [index, setIndex] = useState(0);
  const [error, setError] = useState('');
  const [width, setWidth] = useState(1200);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState('');
  const [due, setDue] = useState<DueFilter | undefined>(undefined);
  const [sort, setSort] = useState<Sort>('');
  // The cases chosen on the page on screen (its key): another page, filter or order starts afresh.
  const [selection, setSelection] = useState<{ key: string; ids: Set<string> }>({ key: '', ids: new Set() });
  const { now, sync } = useServerClock();
  // Bumped after a bulk action: the page and the counts are asked again.
  const [reload, setReload] = useState(0);
  const scope = `queue:${moduleId}`;
  startFilters(scope);
  const filters = useStore(filtersFor(scope));
  const link = (name: string) => `/content/${encodeURIComponent(profileId)}/${encodeURIComponent(moduleId)}/${encodeURIComponent(name)}`;
  const wanted = queueName || lastQueue(moduleId) || '';
  const queue = queues?.find((q) => q.name.toLowerCase() === wanted.toLowerCase()) ?? (wanted ? undefined : queues?.[0]);

  useEffect(() => {
    Promise.all([loadQueues(moduleId, api), queueCounts(moduleId, api)])
      .then(([q, c]) => {
        if (isBadRequest(q)) return setError(q.message ?? '');
        setQueues(q);
        if (!isBadRequest(c)) setCounts(c);
      })
      .catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  }, [api, moduleId]);
  useEffect(() => {
    if (!reload) return;
    queueCounts(moduleId, api)
      .then((c) => !isBadRequest(c) && setCounts(c))
      .catch(() => undefined);
  }, [api, moduleId, reload]);

  // An unknown queue is a page that does not exist (spec part 3 routes: /404); outside the host
  // portal the element says so itself rather than move the page.
  const unknown = !!queues && !queue;
  useEffect(() => {
    if (unknown && hasHost()) go('/404');
    if (queue) rememberQueue(moduleId, queue.name);
  }, [unknown, queue, moduleId, go]);

  const perPage = queue ? (queue.view.type === 0 ? queue.view.recordsPerPage : 100) : 20;
  const smartFilters = useMemo(() => toSmartFilters(filters, 'ResponseDate'), [filters]);
  const key = JSON.stringify([queue?.name, smartFilters, index, due, sort, reload]);
  useEffect(() => {
    if (!queue) return;
    let live = true;
    const order = sort ? { orderByFields: [sort], orderByOperator: 'ASC' as const } : { orderByFields: [queue.defaultOrderBy.fieldKey], orderByOperator: queue.defaultOrderBy.operatorAsString };
    queuePage(moduleId, queue.name, { skip: index * perPage, top: perPage, ...order, smartFilters, ...(due ? { due } : {}) }, api)
      .then((res) => {
        if (!live) return;
        if (isBadRequest(res)) return setError(res.message ?? '');
        setPage({ key, ...res });
        sync(res.now);
      })
      .catch((e: unknown) => live && setError(e instanceof Error ? e.message : String(e)));
    return () => {
      live = false;
    };
  }, [api, moduleId, queue, smartFilters, index, perPage, key, due, sort, sync]);

  // Back from a case: its card is scrolled into view and takes the focus.
  useEffect(() => {
    if (!page || page.key !== key) return;
    const back = takeReturn(moduleId);
    const card = back ? host.shadowRoot?.querySelector<HTMLElement>(`[data-case="${back}"] a`) : null;
    card?.scrollIntoView({ block: 'center' });
    card?.focus();
  }, [page, key, host, moduleId]);

  useEffect(() => {
    const measure = () => setWidth(host.getBoundingClientRect().width || 1200);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(host);
    return () => observer.disconnect();
  }, [host]);

  // The queue's cases under its filters are on screen: once per page of them.
  useDrawnAnswer(emit, queue && page?.key === key ? page : null, () => ({ name: queue!.name, count: page!.recordCount }));

  if (error) return <LoadFailed>{t('queue.loadFailed')} {error}</LoadFailed>;
  if (unknown && !hasHost()) return <LoadFailed>{t('queue.notFound', { name: wanted })}</LoadFailed>;
  if (!queues || !queue) return <Loading>{t('queue.loading')}</Loading>;
  const { shown, more } = queueTabs(queues, queue.name, width);
  const countOf = (name: string) => counts.find((c) => c.name === name)?.count;
  const tab = (q: Queue) => (
    <PortalLink to={link(q.name)} aria-current={q.name === queue.name ? 'page' : undefined}>
      {t('queue.tab', { name: queueTitle(t, q.name), count: countOf(q.name) ?? 0 })}
    </PortalLink>
  );
  const open = (r: CaseRecord) => {
    leaveForCase(moduleId, r.SourceObjectId);
    go(`/processflow/${encodeURIComponent(moduleId)}/${r.SourceObjectId}/${encodeURIComponent(profileId)}`);
  };
  const ready = page && page.key === key;
  const selected = selection.key === key ? selection.ids : new Set<string>();
  const setSelected = (ids: Set<string>) => setSelection({ key, ids });
  const toggle = (id: string) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setSelected(next);
  };
  const choose = (r: CaseRecord) => (
    <input type="checkbox" checked={selected.has(r.ProcessFlowObjectId)} aria-label={t('queue.bulk.selectCase', { id: r.SourceObjectId })} onChange={() => toggle(r.ProcessFlowObjectId)}
      onClick={(e) => e.stopPropagation()} onKeyDown={(e) => e.stopPropagation()} />
  );
  const pages = ready ? Math.max(1, Math.ceil(page.recordCount / perPage)) : 1;
  return (
    <div className="queue" part="base">
      <nav className="queue-tabs" aria-label={t('queue.tabs')}>
        <ul>
          {shown.map((q) => <li key={q.name}>{tab(q)}</li>)}
          {more.length > 0 && (
            <li>
              <details className="more">
                <summary>{t('queue.more')}</summary>
                <ul>{more.map((q) => <li key={q.name}>{tab(q)}</li>)}</ul>
              </details>
            </li>
          )}
        </ul>
      </nav>
      {queue.hasExport && (
        <p className="queue-tools">
          <button type="button" className="secondary" disabled={exporting} aria-busy={exporting} onClick={() => {
            setExporting(true);
            setExportError('');
            exportQueue(moduleId, queue.name, smartFilters, exportStamp(), $session.get()?.userName ?? '', api)
              .then((address) => location.assign(address))
              .catch((e: unknown) => setExportError(e instanceof Error ? e.message : String(e)))
              .finally(() => setExporting(false));
          }}>
            {exporting ? t('dataViewer.exporting') : t('dataViewer.export')}
          </button>
        </p>
      )}
      {exportError && <p className="cx-error" role="alert">{t('dataViewer.exportFailed')} {exportError}</p>}
      <SmartFilterBar moduleId={moduleId} dataRoot={queueData(queue.name)} dateRules={NO_DATE_RULES} filterScope={scope} tags={queue.smartFilterTags.join(',')} dateKey="ResponseDate" showCount={false} />
      <div className="due-tools">
        <div role="group" aria-label={t('queue.due.label')}>
          {DUE_FILTERS.map((d) => (
            <button key={d} type="button" className="chip" aria-pressed={due === d} onClick={() => { setDue(due === d ? undefined : d); setIndex(0); }}>
              {t(`queue.due.${d}`)}
            </button>
          ))}
        </div>
        <label className="inline">
          {t('queue.sort.label')}
          <select value={sort} onChange={(e) => { setSort(e.target.value as Sort); setIndex(0); }}>
            <option value="">{t('queue.sort.default')}</option>
            {SORTS.map((s) => <option key={s} value={s}>{t(`queue.sort.${s}`)}</option>)}
          </select>
        </label>
      </div>
      <BulkWork t={t} moduleId={moduleId} records={ready ? page.data : []} selected={selected} onSelect={setSelected} onDone={() => setReload((n) => n + 1)} />
      {!ready ? (
        <p role="status">{t('queue.loading')}</p>
      ) : page.recordCount === 0 ? (
        <NoCases t={t} tag={queue.tag} counts={counts} filtered={activeFilterCount(filters) > 0 || !!due} link={link} />
      ) : (
        <>
          <p className="hint" role="status">{t('queue.count', { count: page.recordCount, formatted: numberFormat().format(page.recordCount) })}</p>
          {queue.view.type === 0 ? (
            <ul className="case-list">
              {page.data.map((r) => (
                <li key={r.ProcessFlowObjectId} onClickCapture={() => leaveForCase(moduleId, r.SourceObjectId)}>
                  <CaseCard t={t} moduleId={moduleId} record={r} now={now} select={choose(r)} href={`/processflow/${encodeURIComponent(moduleId)}/${r.SourceObjectId}/${encodeURIComponent(profileId)}`} />
                </li>
              ))}
            </ul>
          ) : (
            <TableRegion label={t('queue.gridCaption', { name: queueTitle(t, queue.name) })}>
              <table className="case-grid">
                <caption className="cx-visually-hidden">{t('queue.gridCaption', { name: queueTitle(t, queue.name) })}</caption>
                <thead>
                  <tr>
                    <th scope="col"><span className="cx-visually-hidden">{t('queue.columns.select')}</span></th>
                    {['case', 'date', 'store', 'group', 'state', 'assigned', 'clock', 'lastAction'].map((c) => <th key={c} scope="col">{t(`queue.columns.${c}`)}</th>)}
                  </tr>
                </thead>
                <tbody>
                  {page.data.map((r) => (
                    // A row opens its case on a click, or Enter when it has the focus.
                    <tr key={r.ProcessFlowObjectId} tabIndex={0} data-case={r.SourceObjectId} onClick={() => open(r)} onKeyDown={(e) => e.key === 'Enter' && open(r)}>
                      <td>{choose(r)}</td>
                      <td>{r.SourceObjectId}</td>
                      <td>{shortDate(String(r.ResponseDate ?? ''))}</td>
                      <td>{String(r.Store ?? '')}</td>
                      <td>{t(`values.${String(r.NPSGroup)}`, { defaultValue: String(r.NPSGroup ?? '') })}</td>
                      <td>{t(`case.states.${r.State}`, { defaultValue: r.State })}</td>
                      <td>{String(r.AllocatedToUserName ?? '')}</td>
                      <td><CaseClock t={t} record={r} now={now} /></td>
                      <td>{r.LastActionName ? `${String(r.LastActionName)} · ${longDate(String(r.LastActionedAt ?? ''))}` : ''}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableRegion>
          )}
          {pages > 1 && (
            <nav className="paging" aria-label={t('queue.paging')}>
              <button type="button" className="secondary" disabled={index === 0} onClick={() => setIndex(index - 1)}>{t('queue.previous')}</button>
              <span>{t('queue.page', { page: index + 1, pages })}</span>
              <button type="button" className="secondary" disabled={index + 1 >= pages} onClick={() => setIndex(index + 1)}>{t('queue.next')}</button>
            </nav>
          )}
        </>
      )}
    </div>
  );
}
