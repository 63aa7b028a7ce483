import { useElement } from '../elements/element-context';
import { ConfirmDialog } from '../elements/confirm-dialog';
import type { Dependents } from '../api/datasources';

/**
 * The question before a source is deleted, naming what depends on it (dashboards by name, the
 * number of favourites and alerts), which then say their data source was deleted. A modal dialog:
 * focus stays in it and Escape cancels.
 */
export function DeleteDialog({ name, dependents, busy, onConfirm, onCancel }: {
  name: string;
  dependents: Dependents;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useElement();
  const { dashboards, favourites, alerts } = dependents;
  const none = dashboards.length === 0 && favourites === 0 && alerts === 0;
  return (
    <ConfirmDialog title={t('datasources.deleteTitle', { name })} confirmLabel={t('datasources.confirmDelete')} cancelLabel={t('datasources.cancel')} busy={busy} onConfirm={onConfirm} onCancel={onCancel}>
      {none ? (
        <p>{t('datasources.noDependents')}</p>
      ) : (
        <>
          <p>{t('datasources.dependentsIntro')}</p>
          <ul className="dependents">
            {dashboards.map((d) => <li key={d.id}>{t('datasources.dependentDashboard', { name: d.name })}</li>)}
            {favourites > 0 && <li>{t('datasources.dependentFavourites', { count: favourites })}</li>}
            {alerts > 0 && <li>{t('datasources.dependentAlerts', { count: alerts })}</li>}
          </ul>
        </>
      )}
      <p>{t('datasources.deleteWarning')}</p>
    </ConfirmDialog>
  );
}
