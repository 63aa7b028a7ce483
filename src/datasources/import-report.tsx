import { useEffect, useState } from 'react';
import { useElement } from '../elements/element-context';
import { PortalLink } from '../elements/portal-link';
import { TableRegion } from '../elements/table-region';
import { isBadRequest } from '../api/client';
import { makeStarterDashboard, refusedCsv, type ImportStatus } from '../api/datasources';
import { problemOf } from './problem';
import { numberFormat } from '../lib/intl';

/** The report shows this many refused rows, as many as the server keeps (the download holds the same, with their values). */
const SHOWN = 1000;

/** The refused rows' CSV as a link the browser saves (fetched with the session: a plain link would go without it). */
function useRefusedLink(sourceId: string, status: ImportStatus): string | null {
  const { api } = useElement();
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (status.rowsRefused === 0) return;
    let made: string | null = null;
    let live = true;
    refusedCsv(sourceId, status.importId, api)
      .then((text) => {
        if (!live || isBadRequest(text)) return;
        made = URL.createObjectURL(new Blob([String(text)], { type: 'text/csv' }));
        setUrl(made);
      })
      .catch(() => undefined);
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [api, sourceId, status.importId, status.rowsRefused]);
  return url;
}

/** The starter dashboard: a link to it, or (none made yet, after a first import) a button that makes it. */
function StarterDashboard({ sourceId, made }: { sourceId: string; made: string | null | undefined }) {
  const { t, api } = useElement();
  const [dashboardId, setDashboardId] = useState(made ?? null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (dashboardId) return <PortalLink to={`/dashboard/${encodeURIComponent(dashboardId)}/`}>{t('datasources.report.dashboard')}</PortalLink>;
  const make = async () => {
    setBusy(true);
    setError(null);
    try {
      const res = await makeStarterDashboard(sourceId, api);
      if (isBadRequest(res)) throw res;
      setDashboardId(res.dashboardId);
    } catch (failure) {
      setError(problemOf(failure, t('datasources.unreachable')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" disabled={busy} onClick={() => void make()}>{t('datasources.report.makeDashboard')}</button>
      {error && <span className="field-error" role="alert">{error}</span>}
    </>
  );
}

/** The end of an import: what it wrote and refused (line, column, reason), the refused rows to download, the starter dashboard. */
export function ImportReport({ sourceId, status, linkSource = true, offerDashboard = false }: {
  sourceId: string;
  status: ImportStatus;
  /** Offer a link to the source's page (not on that page). */
  linkSource?: boolean;
  /** Offer to make the starter dashboard when the import has none (the wizard's first import). */
  offerDashboard?: boolean;
}) {
  const { t, lang } = useElement();
  const refusedLink = useRefusedLink(sourceId, status);
  const n = (value: number) => numberFormat(lang).format(value);
  return (
    <section className="report" aria-labelledby="report-title">
      <h2 id="report-title">{t(`datasources.report.${status.state}`)}</h2>
      {status.state === 'failed' && <p className="banner error" role="alert">{status.message ?? t('datasources.importFailed')}</p>}
      <dl className="figures">
        <dt>{t('datasources.report.imported')}</dt>
        <dd>{n(status.rowsWritten)}</dd>
        <dt>{t('datasources.report.read')}</dt>
        <dd>{n(status.rowsRead)}</dd>
        <dt>{t('datasources.report.refused')}</dt>
        <dd>{n(status.rowsRefused)}</dd>
      </dl>
      {status.refused.length > 0 && (
        <TableRegion label={t('datasources.report.refusedRows')}>
          <table>
            <caption>{t('datasources.report.refusedCaption', { shown: n(Math.min(status.refused.length, SHOWN)), count: status.rowsRefused })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('datasources.report.line')}</th>
                <th scope="col">{t('datasources.report.column')}</th>
                <th scope="col">{t('datasources.report.reason')}</th>
              </tr>
            </thead>
            <tbody>
              {status.refused.slice(0, SHOWN).map((r, i) => (
                <tr key={`${r.line}-${r.column}-${i}`}>
                  <td>{r.line}</td>
                  <td translate="no">{r.column}</td>
                  <td>{r.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
      <div className="actions">
        {refusedLink && <a href={refusedLink} download="refused.csv">{t('datasources.report.download')}</a>}
        {(status.dashboardId || (offerDashboard && status.state === 'done' && status.rowsWritten > 0)) && <StarterDashboard sourceId={sourceId} made={status.dashboardId} />}
        {linkSource && <PortalLink to={`/admin/datasources/${encodeURIComponent(sourceId)}`}>{t('datasources.report.source')}</PortalLink>}
      </div>
    </section>
  );
}
