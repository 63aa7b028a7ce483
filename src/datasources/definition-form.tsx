import type { FormEvent } from 'react';
import { useElement } from '../elements/element-context';
import type { Definition, Preview } from '../api/datasources';
import { changeColumn } from './draft';
import { ColumnTable } from './column-table';
import { PreviewRows } from './preview-rows';

/**
 * The preview to check and the definition to confirm: the source's name, the id and date columns,
 * and per column its name, role and date format. `locked` once the source is made (only its import
 * is left to try again).
 */
export function DefinitionForm({ preview, draft, onDraft, onBack, onSubmit, busy, locked, submitLabel }: {
  preview: Preview;
  draft: Definition;
  onDraft: (next: Definition) => void;
  onBack: () => void;
  onSubmit: () => void;
  busy: boolean;
  locked: boolean;
  submitLabel: string;
}) {
  const { t } = useElement();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  const dates = draft.columns.filter((c) => c.typeName === 'DateTime');
  const ids = draft.columns.filter((c) => c.typeName !== 'DateTime');
  return (
    <form onSubmit={submit} noValidate aria-labelledby="define-title">
      <h2 id="define-title">{t('datasources.checkTitle')}</h2>
      <p className="hint">{t('datasources.sampled', { count: preview.sampledRows })}</p>
      <fieldset className="plain" disabled={locked || busy}>
        <legend className="cx-visually-hidden">{t('datasources.definition')}</legend>
        <label>
          {t('datasources.sourceName')}
          <input name="name" value={draft.name} onChange={(e) => onDraft({ ...draft, name: e.target.value })} required />
        </label>
        <div className="pair">
          <label>
            {t('datasources.idColumn')}
            <select value={draft.idColumn ?? ''} onChange={(e) => onDraft({ ...draft, idColumn: e.target.value || null })}>
              <option value="">{t('datasources.noIdColumn')}</option>
              {ids.map((c) => <option key={c.key} value={c.key}>{c.name}</option>)}
            </select>
          </label>
          <label>
            {t('datasources.dateColumn')}
            <select value={draft.dateKey ?? ''} onChange={(e) => onDraft({ ...draft, dateKey: e.target.value || null })}>
              <option value="">{t('datasources.noDateColumn')}</option>
              {dates.map((c) => <option key={c.key} value={c.key}>{c.name}</option>)}
            </select>
          </label>
        </div>
        <p className="hint">{t('datasources.idHint')}</p>
        <ColumnTable columns={draft.columns} onChange={(c) => onDraft({ ...draft, columns: changeColumn(draft.columns, c.key, () => c) })} />
      </fieldset>
      <PreviewRows definition={draft} rows={preview.rows} notes={preview.notes} />
      <div className="actions">
        <button type="button" className="secondary" onClick={onBack} disabled={busy || locked}>{t('datasources.back')}</button>
        <button type="submit" disabled={busy}>{submitLabel}</button>
      </div>
    </form>
  );
}
