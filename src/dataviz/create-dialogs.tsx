import { useState } from 'react';
import { useElement } from '../elements/element-context';
import { createDashboard, importDashboard, type DashboardDocument, type DashboardFile } from '../api/dashboard-builder';
import { FormDialog, useSubmit } from '../elements/form-dialog';
import { SourceSelect } from './source-select';
import type { SourceChoice } from './home-data';

/** Where a new dashboard (made, imported or copied) opens: the builder. */
export const builderPath = (id: string) => `/dataviz/build/${encodeURIComponent(id)}`;

/** "New dashboard": name, description and data source; made as a draft, it opens in the builder. */
export function NewDashboardDialog({ sources, onCancel }: { sources: SourceChoice[]; onCancel: () => void }) {
  const { t, api, go } = useElement();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [moduleId, setModuleId] = useState(sources.length === 1 ? sources[0].id : '');
  const { busy, error, setError, run } = useSubmit();
  const submit = () => {
    if (!name.trim()) return setError(t('dashboardManage.nameRequired'));
    if (!moduleId) return setError(t('dashboardManage.sourceRequired'));
    void run(() => createDashboard({ name: name.trim(), description: description.trim(), moduleId }, api), (d: DashboardDocument) => go(builderPath(d.id)));
  };
  return (
    <FormDialog id="new-dashboard" title={t('dashboardManage.newDashboard')} intro={t('dashboardManage.newIntro')} submit={t('dashboardManage.create')} busy={busy} error={error} onSubmit={submit} onCancel={onCancel}>
      <label>
        {t('dashboardManage.name')}
        <input name="name" value={name} maxLength={80} autoComplete="off" onChange={(e) => setName(e.target.value)} />
      </label>
      <label>
        {t('dashboardManage.description')}
        <textarea name="description" value={description} maxLength={500} rows={3} onChange={(e) => setDescription(e.target.value)} />
      </label>
      <SourceSelect label={t('dashboardManage.source')} first={t('dashboardManage.chooseSource')} sources={sources} value={moduleId} onChange={setModuleId} />
    </FormDialog>
  );
}

/** "Import a dashboard": an exported file onto a source of this portal; the server names a column the source lacks. */
export function ImportDialog({ sources, onCancel }: { sources: SourceChoice[]; onCancel: () => void }) {
  const { t, api, go } = useElement();
  const [file, setFile] = useState<File | null>(null);
  const [moduleId, setModuleId] = useState('');
  const { busy, error, setError, run } = useSubmit();
  const submit = async () => {
    if (!file) return setError(t('dashboardManage.fileRequired'));
    let parsed: DashboardFile;
    try {
      parsed = JSON.parse(await file.text()) as DashboardFile;
    } catch {
      return setError(t('dashboardManage.notJson'));
    }
    // Whether it is a dashboard file, and fits the source, is the server's to say (its schema).
    await run(() => importDashboard({ file: parsed, moduleId: moduleId || undefined }, api), (d: DashboardDocument) => go(builderPath(d.id)));
  };
  return (
    <FormDialog id="import-dashboard" title={t('dashboardManage.importDashboard')} intro={t('dashboardManage.importIntro')} submit={t('dashboardManage.import')} busy={busy} error={error} onSubmit={() => void submit()} onCancel={onCancel}>
      <label>
        {t('dashboardManage.file')}
        <input name="file" type="file" accept="application/json,.json" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
      </label>
      <SourceSelect label={t('dashboardManage.source')} first={t('dashboardManage.fileSource')} sources={sources} value={moduleId} onChange={setModuleId} />
    </FormDialog>
  );
}
