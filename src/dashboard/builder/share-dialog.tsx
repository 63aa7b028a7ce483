import { useEffect, useState } from 'react';
import { useElement } from '../../elements/element-context';
import { FormDialog, useSubmit } from '../../elements/form-dialog';
import { isBadRequest } from '../../api/client';
import { listGroups, type GroupSummary } from '../../api/groups';
import { updateDashboard, type DashboardDocument, type DashboardShare } from '../../api/dashboard-builder';
import { ROLE } from '../../lib/roles';
import { CopyLinkButton } from '../copy-link';

/** The roles a dashboard can be shared with: those that open dashboards. */
const SHARE_ROLES = [ROLE.PortalUser, ROLE.PortalAdmin, ROLE.GlobalAdmin] as const;
type Access = DashboardShare['access'] | '';
const keyOf = (kind: DashboardShare['kind'], id: string) => `${kind}:${id}`;

/**
 * Who may see and edit a dashboard (the administrators' dialog): everyone with dashboard access,
 * or roles and groups, each "No access", "Can view" or "Can edit"; "Copy link" passes the dashboard
 * on with the filters chosen on it, once published (a draft's link would answer 404). Data stays
 * under each viewer's own claims (server side).
 */
export function ShareDialog({ document: doc, onSaved, onClose }: { document: DashboardDocument; onSaved: (saved: DashboardDocument) => void; onClose: () => void }) {
  const { t, api } = useElement();
  const [everyone, setEveryone] = useState(doc.everyone);
  const [access, setAccess] = useState<Record<string, Access>>(() => Object.fromEntries(doc.shares.map((s) => [keyOf(s.kind, s.id), s.access])));
  const [groups, setGroups] = useState<GroupSummary[] | 'failed' | null>(null);
  const { busy, error, run } = useSubmit();
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    let live = true;
    listGroups(api)
      .then((res) => live && setGroups(isBadRequest(res) ? 'failed' : res.results))
      .catch(() => live && setGroups('failed'));
    return () => {
      live = false;
    };
  }, [api]);
  // A group shared before and gone from the list (or not listed) still shows, by the name the dashboard knows.
  const listed = Array.isArray(groups) ? groups.map((g) => ({ id: g.id, name: g.name })) : [];
  const shownGroups = [...listed, ...doc.shares.filter((s) => s.kind === 'group' && !listed.some((g) => g.id === s.id)).map((s) => ({ id: s.id, name: s.name ?? s.id }))];

  const save = () => {
    setSaved(false);
    const shares: DashboardShare[] = Object.entries(access).flatMap(([key, a]) => {
      if (!a) return [];
      const [kind, ...id] = key.split(':');
      return [{ kind: kind as DashboardShare['kind'], id: id.join(':'), access: a }];
    });
    void run(
      () => updateDashboard(doc.id, { everyone, shares }, api),
      (res: DashboardDocument) => {
        setSaved(true);
        onSaved(res);
      },
    );
  };
  const row = (kind: DashboardShare['kind'], id: string, name: string, index: number) => {
    const key = keyOf(kind, id);
    const controlId = `share-${kind}-${index}`;
    return (
      <div className="share-row" key={key}>
        <label htmlFor={controlId}>{name}</label>
        <select id={controlId} value={access[key] ?? ''} onChange={(e) => setAccess((a) => ({ ...a, [key]: e.target.value as Access }))}>
          <option value="">{t('dashboardShare.access.none')}</option>
          <option value="view">{t('dashboardShare.access.view')}</option>
          <option value="edit">{t('dashboardShare.access.edit')}</option>
        </select>
      </div>
    );
  };
  return (
    <FormDialog
      id="share"
      className="share-dialog"
      title={t('dashboardShare.title', { name: doc.name })}
      intro={t('dashboardShare.intro')}
      submit={t('dashboardShare.save')}
      cancel={t('dashboardShare.close')}
      busy={busy}
      error={error}
      actions={doc.publishedVersion !== null && <CopyLinkButton path={doc.url} scope={`dashboard:${doc.id}`} />}
      onSubmit={save}
      onCancel={onClose}
    >
        <label className="inline">
          <input type="checkbox" checked={everyone} onChange={(e) => setEveryone(e.target.checked)} />
          {t('dashboardShare.everyone')}
        </label>
        <fieldset>
          <legend>{t('dashboardShare.roles')}</legend>
          {SHARE_ROLES.map((r, i) => row('role', r, t(`dashboardShare.roleNames.${r}`), i))}
        </fieldset>
        <fieldset>
          <legend>{t('dashboardShare.groups')}</legend>
          {groups === null ? (
            <p role="status">{t('dashboardShare.loadingGroups')}</p>
          ) : groups === 'failed' ? (
            <p className="banner error" role="alert">{t('dashboardShare.groupsFailed')}</p>
          ) : shownGroups.length === 0 ? (
            <p className="hint">{t('dashboardShare.noGroups')}</p>
          ) : (
            shownGroups.map((g, i) => row('group', g.id, g.name, i))
          )}
        </fieldset>
        <p className="hint" role="status">{saved ? t('dashboardShare.saved') : ''}</p>
    </FormDialog>
  );
}
