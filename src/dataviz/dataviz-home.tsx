import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { useElement } from '../elements/element-context';
import { PortalLink } from '../elements/portal-link';
import { $session } from '../stores/session';
import { DASHBOARD_BUILDER_ROLES, DATA_SOURCE_ROLES, hasAnyRole } from '../lib/roles';
import { ApiError, isBadRequest } from '../api/client';
import { exportDashboard, type DashboardSummary } from '../api/dashboard-builder';
import { downloadText } from '../lib/download';
import { CatalogueList } from './catalogue-list';
import { loadHome, type HomeData } from './home-data';
import { ImportDialog, NewDashboardDialog } from './create-dialogs';
import { DeleteDashboardDialog, DuplicateDialog, RenameDialog } from './dashboard-dialogs';
import { DashboardActions, DraftBadge, type ItemAction } from './dashboard-actions';

type Open = { kind: 'new' | 'import' } | { kind: Exclude<ItemAction, 'export'>; dashboard: DashboardSummary };

/**
 * The data visualisation home (`cx-dataviz-home`, /dataviz): every dashboard and data viewer the
 * user can open; dashboard builders make, import, rename, copy, export and delete dashboards here.
 */
export function DatavizHome() {
  const { t, api } = useElement();
  const session = useStore($session);
  const builder = hasAnyRole(session, DASHBOARD_BUILDER_ROLES);
  const admin = hasAnyRole(session, DATA_SOURCE_ROLES);
  const [data, setData] = useState<HomeData | null>(null);
  const [failed, setFailed] = useState(false);
  const [loads, setLoads] = useState(0);
  const [open, setOpen] = useState<Open | null>(null);
  const [said, setSaid] = useState<{ text: string; error: boolean } | null>(null);
  useEffect(() => {
    let live = true;
    loadHome(api, builder, admin)
      .then((res) => live && (res ? setData(res) : setFailed(true)))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [api, builder, admin, loads]);

  const summaries = new Map((data?.dashboards ?? []).map((d) => [d.id, d]));
  const editable = (id: string) => (summaries.get(id)?.mayEdit ? summaries.get(id)! : null);
  const done = (text: string) => {
    setOpen(null);
    setSaid({ text, error: false });
    setLoads((n) => n + 1);
  };
  const download = async (d: DashboardSummary) => {
    setSaid(null);
    const res = await exportDashboard(d.id, api).catch((e: unknown) => ({ contain_error: true as const, message: e instanceof ApiError ? e.message : t('common.failed') }));
    if (isBadRequest(res)) return setSaid({ text: t('dashboardManage.exportFailed', { message: res.message ?? '' }), error: true });
    downloadText(`${d.id}.dashboard.json`, `${JSON.stringify(res, null, 2)}\n`, 'application/json');
  };
  const act = (action: ItemAction, dashboard: DashboardSummary) => (action === 'export' ? void download(dashboard) : setOpen({ kind: action, dashboard }));
  const items = data?.items ?? [];
  const sources = data?.sources ?? [];
  return (
    <section className="dataviz" part="base" aria-labelledby="dataviz-title">
      <h1 id="dataviz-title">{t('dataviz.title')}</h1>
      <p className="hint">{t('dataviz.intro')}</p>
      {builder && data && (
        <div className="actions">
          <button type="button" onClick={() => setOpen({ kind: 'new' })}>{t('dashboardManage.newDashboard')}</button>
          <button type="button" className="secondary" onClick={() => setOpen({ kind: 'import' })}>{t('dashboardManage.importDashboard')}</button>
        </div>
      )}
      {said?.error && <p className="banner error" role="alert">{said.text}</p>}
      {/* A live region without the status role: the catalogue's count is the page's status. */}
      <p className="hint done" aria-live="polite">{said && !said.error ? said.text : ''}</p>
      {failed ? <p className="banner error" role="alert">{t('dataviz.loadFailed')}</p> : !data ? <p role="status">{t('dataviz.loading')}</p> : (
        <>
          {!items.some((i) => i.kind === 'Dashboard') && <AddYourData />}
          {items.length > 0 && (
            <CatalogueList
              items={items}
              badgeOf={(i) => i.kind === 'Dashboard' && editable(i.id) && <DraftBadge dashboard={editable(i.id)!} />}
              actionsOf={(i) => i.kind === 'Dashboard' && editable(i.id) && <DashboardActions dashboard={editable(i.id)!} onAction={act} />}
            />
          )}
        </>
      )}
      {open?.kind === 'new' && <NewDashboardDialog sources={sources} onCancel={() => setOpen(null)} />}
      {open?.kind === 'import' && <ImportDialog sources={sources} onCancel={() => setOpen(null)} />}
      {open?.kind === 'rename' && <RenameDialog dashboard={open.dashboard} onDone={done} onCancel={() => setOpen(null)} />}
      {open?.kind === 'duplicate' && <DuplicateDialog dashboard={open.dashboard} sources={sources} onCancel={() => setOpen(null)} />}
      {open?.kind === 'delete' && <DeleteDashboardDialog dashboard={open.dashboard} onDone={done} onCancel={() => setOpen(null)} />}
    </section>
  );
}

/** An empty portal's first step: administrators bring their data in (/admin/datasources); others hear who does. */
function AddYourData() {
  const { t } = useElement();
  const mayAdd = hasAnyRole(useStore($session), DATA_SOURCE_ROLES);
  return (
    <section className="add-data" aria-labelledby="add-data-title">
      <h2 id="add-data-title">{t('dataviz.addDataTitle')}</h2>
      <p>{t(mayAdd ? 'dataviz.addDataIntro' : 'dataviz.noDataYet')}</p>
      {mayAdd && <PortalLink to="/admin/datasources" className="button">{t('dataviz.addData')}</PortalLink>}
    </section>
  );
}
