import { useState } from 'react';
import { useElement } from '../elements/element-context';
import { deleteDashboard, duplicateDashboard, updateDashboard, type DashboardDocument, type DashboardSummary } from '../api/dashboard-builder';
import { ConfirmDialog } from '../elements/confirm-dialog';
import { FormDialog, useSubmit } from '../elements/form-dialog';
import { SourceSelect } from './source-select';
import { builderPath } from './create-dialogs';
import type { SourceChoice } from './home-data';

interface ItemDialogProps {
  dashboard: DashboardSummary;
  onDone: (said: string) => void;
  onCancel: () => void;
}

/** "Rename": the name changes everywhere (its menu item too, server side). */
export function RenameDialog({ dashboard, onDone, onCancel }: ItemDialogProps) {
  const { t, api } = useElement();
  const [name, setName] = useState(dashboard.name);
  const { busy, error, setError, run } = useSubmit();
  const submit = () => {
    if (!name.trim()) return setError(t('dashboardManage.nameRequired'));
    void run(() => updateDashboard(dashboard.id, { name: name.trim() }, api), (d: DashboardDocument) => onDone(t('dashboardManage.renamed', { name: d.name })));
  };
  return (
    <FormDialog id="rename-dashboard" title={t('dashboardManage.renameTitle', { name: dashboard.name })} submit={t('dashboardManage.save')} busy={busy} error={error} onSubmit={submit} onCancel={onCancel}>
      <label>
        {t('dashboardManage.name')}
        <input name="name" value={name} maxLength={80} autoComplete="off" onChange={(e) => setName(e.target.value)} />
      </label>
    </FormDialog>
  );
}

/** "Duplicate": a copy (a draft of the user's), on the same source or another with the columns its tiles read; it opens in the builder. */
export function DuplicateDialog({ dashboard, sources, onCancel }: Omit<ItemDialogProps, 'onDone'> & { sources: SourceChoice[] }) {
  const { t, api, go } = useElement();
  const [name, setName] = useState(t('dashboardManage.copyName', { name: dashboard.name }));
  const [moduleId, setModuleId] = useState('');
  const { busy, error, setError, run } = useSubmit();
  const submit = () => {
    if (!name.trim()) return setError(t('dashboardManage.nameRequired'));
    void run(() => duplicateDashboard(dashboard.id, { name: name.trim(), ...(moduleId ? { moduleId } : {}) }, api), (d: DashboardDocument) => go(builderPath(d.id)));
  };
  return (
    <FormDialog id="duplicate-dashboard" title={t('dashboardManage.duplicateTitle', { name: dashboard.name })} intro={t('dashboardManage.duplicateIntro')} submit={t('dashboardManage.duplicate')} busy={busy} error={error} onSubmit={submit} onCancel={onCancel}>
      <label>
        {t('dashboardManage.name')}
        <input name="name" value={name} maxLength={80} autoComplete="off" onChange={(e) => setName(e.target.value)} />
      </label>
      <SourceSelect
        label={t('dashboardManage.source')}
        first={t('dashboardManage.sameSource', { name: dashboard.moduleName })}
        sources={sources.filter((s) => s.id !== dashboard.moduleId)}
        value={moduleId}
        onChange={setModuleId}
      />
    </FormDialog>
  );
}

/** The question before a dashboard is deleted, naming it; Cancel has the focus. */
export function DeleteDashboardDialog({ dashboard, onDone, onCancel }: ItemDialogProps) {
  const { t, api } = useElement();
  const { busy, error, run } = useSubmit();
  const confirm = () => void run(() => deleteDashboard(dashboard.id, api), () => onDone(t('dashboardManage.deleted', { name: dashboard.name })));
  return (
    <ConfirmDialog title={t('dashboardManage.deleteTitle', { name: dashboard.name })} confirmLabel={t('dashboardManage.confirmDelete')} cancelLabel={t('common.cancel')} busy={busy} error={error} onConfirm={confirm} onCancel={onCancel}>
      <p>{t('dashboardManage.deleteText')}</p>
    </ConfirmDialog>
  );
}
