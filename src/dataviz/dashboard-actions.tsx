import { useElement } from '../elements/element-context';
import { PortalLink } from '../elements/portal-link';
import type { DashboardSummary } from '../api/dashboard-builder';
import { builderPath } from './create-dialogs';

export type ItemAction = 'rename' | 'duplicate' | 'export' | 'delete';

/** What a user who may edit a dashboard can do with it from the home: a group named after it. */
export function DashboardActions({ dashboard, onAction }: { dashboard: DashboardSummary; onAction: (action: ItemAction, dashboard: DashboardSummary) => void }) {
  const { t } = useElement();
  const actions: ItemAction[] = ['rename', 'duplicate', 'export', 'delete'];
  return (
    <div className="item-actions" role="group" aria-label={t('dashboardManage.actionsFor', { name: dashboard.name })}>
      <PortalLink to={builderPath(dashboard.id)} className="button small">{t('dashboardManage.edit')}</PortalLink>
      {actions.map((a) => (
        <button key={a} type="button" className={a === 'delete' ? 'secondary small danger-text' : 'secondary small'} onClick={() => onAction(a, dashboard)}>
          {t(`dashboardManage.${a}`)}
        </button>
      ))}
    </div>
  );
}

/** A dashboard never published is a draft only its editors see. */
export function DraftBadge({ dashboard }: { dashboard: DashboardSummary }) {
  const { t } = useElement();
  return dashboard.publishedVersion === null ? <span className="badge draft">{t('dashboardManage.draft')}</span> : null;
}
