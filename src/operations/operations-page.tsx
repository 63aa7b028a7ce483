import { useCallback, useEffect, useState } from 'react';
import { useElement } from '../elements/element-context';
import { isBadRequest } from '../api/client';
import {
  clearCache, mailOutbox, operationPaths, operationsLog, refreshFiles, runAlerts, trialRequests,
  type CatalogueItem, type LogEntry, type Outbox, type TrialRequest,
} from '../api/operations';
import { CatalogueList } from '../dataviz/catalogue-list';
import { longInstant } from '../lib/dates';
import { TableRegion } from '../elements/table-region';

interface Loaded {
  paths: CatalogueItem[];
  log?: LogEntry[];
  outbox?: Outbox;
  trials?: TrialRequest[];
}

type Action = 'refresh' | 'clear' | 'alerts';

/**
 * A read-only table of texts, scrolling sideways inside its own group on a narrow screen. The cells
 * of `asEntered` columns are data as stored (addresses, e-mail subjects as sent): never translated.
 */
function Listing({ label, head, rows, asEntered = [] }: { label: string; head: string[]; rows: string[][]; asEntered?: number[] }) {
  return (
    <TableRegion label={label}>
      <table>
        <thead>
          <tr>
            {head.map((h) => (
              <th key={h} scope="col">{h}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((cells, i) => (
            <tr key={i}>
              {cells.map((c, j) => (
                <td key={j} translate={asEntered.includes(j) ? 'no' : undefined}>{c}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableRegion>
  );
}

/**
 * The operations page (`cx-operations`): on /operations/home (GlobalAdmin, System) the actions
 * (refresh local files, clear the cache, run the alert scheduler now), the log of what was done
 * and by whom, the e-mail outbox and the free-trial requests; on /operations/panel (anyone) the
 * menu of data viewer and dashboard paths only.
 */
export function OperationsPage({ mode = 'home' }: { mode?: 'home' | 'panel' }) {
  const { t, api } = useElement();
  const [data, setData] = useState<Loaded | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState<Action | null>(null);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const home = mode === 'home';

  const load = useCallback(async () => {
    const [paths, log, outbox, trials] = await Promise.all([
      operationPaths(api),
      home ? operationsLog(api) : undefined,
      home ? mailOutbox(api) : undefined,
      home ? trialRequests(api) : undefined,
    ]);
    if (isBadRequest(paths) || isBadRequest(log) || isBadRequest(outbox) || isBadRequest(trials)) throw new Error('refused');
    return { paths, log, outbox, trials };
  }, [api, home]);

  useEffect(() => {
    let live = true;
    load()
      .then((d) => live && setData(d))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [load]);

  const act = async (action: Action) => {
    setBusy(action);
    setResult(null);
    try {
      const res = await (action === 'refresh' ? refreshFiles(api) : action === 'clear' ? clearCache(api) : runAlerts(api));
      if (isBadRequest(res)) setResult({ ok: false, text: res.message ?? t('operations.failed') });
      else setResult({ ok: true, text: 'checked' in res ? t('operations.alertsRun', { checked: res.checked, fired: res.fired }) : t(`operations.done.${action}`) });
      setData(await load());
    } catch {
      setResult({ ok: false, text: t('operations.failed') });
    } finally {
      setBusy(null);
    }
  };

  const time = (at: string | null) => (at ? longInstant(at) : '–');

  if (failed) return <p className="banner error" part="base" role="alert">{t('operations.loadFailed')}</p>;
  if (!data) return <p part="base" role="status">{t('operations.loading')}</p>;
  return (
    <section className="operations" part="base" aria-labelledby="operations-title">
      <h1 id="operations-title">{t(home ? 'operations.title' : 'operations.panelTitle')}</h1>
      {home && (
        <>
          <div className="actions" role="group" aria-label={t('operations.actions')}>
            {(['refresh', 'clear', 'alerts'] as const).map((a) => (
              <button key={a} type="button" disabled={busy !== null} onClick={() => void act(a)}>
                {t(`operations.buttons.${a}`)}
              </button>
            ))}
          </div>
          <div aria-live="polite">{result && <p className={`banner ${result.ok ? 'success' : 'error'}`}>{result.text}</p>}</div>
          <section aria-labelledby="log-title">
            <h2 id="log-title">{t('operations.log')}</h2>
            {data.log!.length === 0 ? (
              <p className="empty">{t('operations.logEmpty')}</p>
            ) : (
              <Listing
                label={t('operations.log')}
                head={[t('operations.when'), t('operations.what'), t('operations.who'), t('operations.detail')]}
                rows={data.log!.map((e) => [time(e.at), e.action, e.userName ?? '–', e.detail ?? ''])}
                asEntered={[2]}
              />
            )}
          </section>
          <section aria-labelledby="outbox-title">
            <h2 id="outbox-title">{t('operations.outbox')}</h2>
            <p className="hint">{t('operations.outboxSummary', { total: data.outbox!.total, waiting: data.outbox!.waiting })}</p>
            {data.outbox!.items.length > 0 && (
              <Listing
                label={t('operations.outbox')}
                head={[t('operations.queued'), t('operations.recipient'), t('operations.subject'), t('operations.state')]}
                asEntered={[1, 2]}
                rows={data.outbox!.items.map((m) => [
                  time(m.queuedAt),
                  m.recipient,
                  m.subject,
                  m.sentAt ? t('operations.sent', { at: time(m.sentAt) }) : m.lastError ? t('operations.retrying', { attempts: m.attempts, error: m.lastError }) : t('operations.waiting'),
                ])}
              />
            )}
          </section>
          <section aria-labelledby="trials-title">
            <h2 id="trials-title">{t('operations.trials')}</h2>
            {data.trials!.length === 0 ? (
              <p className="empty">{t('operations.trialsEmpty')}</p>
            ) : (
              <ul className="trials">
                {data.trials!.map((r, i) => (
                  <li key={i}>
                    {time(r.at)} · {r.name || '–'} · {r.email ?? '–'}
                    {r.company ? ` · ${r.company}` : ''}
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
      <section aria-labelledby="paths-title">
        <h2 id="paths-title">{t('operations.paths')}</h2>
        <CatalogueList items={data.paths} headingLevel={3} />
      </section>
    </section>
  );
}
