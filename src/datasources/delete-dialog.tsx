import { useElement } from '../elements/element-context';
import { ModalDialog } from '../elements/modal-dialog';
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
    <ModalDialog labelledBy="delete-title" describedBy="delete-what" onCancel={onCancel}>
      <h2 id="delete-title">{t('datasources.deleteTitle', { name })}</h2>
      <div id="delete-what">
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
      </div>
      <div className="actions">
        <button type="button" className="danger" onClick={onConfirm} disabled={busy}>{t('datasources.confirmDelete')}</button>
        <button type="button" className="secondary" onClick={onCancel} data-autofocus>{t('datasources.cancel')}</button>
      </div>
    </ModalDialog>
  );
}
