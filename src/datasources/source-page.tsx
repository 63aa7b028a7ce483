import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useElement } from '../elements/element-context';
import { isBadRequest } from '../api/client';
import { getRoles } from '../api/identity';
import { deleteSource, getSource, listImports, updateSource, type DataSource, type Dependents, type ImportSummary } from '../api/datasources';
import { numberFormat } from '../lib/intl';
import { changeColumn } from './draft';
import { changesOf } from './changes';
import { longInstant } from '../lib/dates';
import { problemOf } from './problem';
import { DeleteDialog } from './delete-dialog';
import { ImportMore } from './import-more';
import { RecentImports } from './recent-imports';
import { SourceColumns } from './source-columns';
import { SourceReaders } from './source-readers';
import { SourceTopics } from './topics/source-topics';
import type { TextAnalysisProgress } from '../api/text-topics';

type Loaded = DataSource & { dependents: Dependents; textAnalysis?: TextAnalysisProgress | null };

/** One source: rename, readers, columns and roles (saved with PATCH), delete with confirm, its topics (with a verbatim), import more, recent imports. */
export function SourcePage({ sourceId }: { sourceId: string }) {
  const { t, go, api, lang } = useElement();
  const [source, setSource] = useState<Loaded | null>(null);
  const [edited, setEdited] = useState<Loaded | null>(null);
  const [allRoles, setAllRoles] = useState<string[]>([]);
  const [imports, setImports] = useState<ImportSummary[] | null>(null);
  // The failure itself: its text follows the language at render, so a language change reloads nothing (and loses no edit).
  const [loadError, setLoadError] = useState<unknown>(null);
  const [error, setError] = useState<string | null>(null);
  const [state, setState] = useState<'ready' | 'saving' | 'saved' | 'confirm' | 'deleting'>('ready');

  // After an import only the figures and imports are read again: the user's unsaved edits stay.
  const load = useCallback((initial: boolean) => {
    getSource(sourceId, api)
      .then((res) => {
        if (isBadRequest(res)) throw res;
        setSource(res);
        if (initial) setEdited(res);
      })
      .catch((failure: unknown) => initial && setLoadError(failure ?? new Error('')));
    listImports(sourceId, api)
      .then((res) => setImports(isBadRequest(res) ? [] : res))
      .catch(() => setImports([]));
  }, [api, sourceId]);

  const reload = useCallback(() => load(false), [load]);
  useEffect(() => {
    load(true);
    getRoles(api).then((r) => !isBadRequest(r) && setAllRoles(r.map((x) => x.name))).catch(() => setAllRoles([]));
  }, [api, load]);

  if (loadError) return <p part="base" className="banner error" role="alert">{problemOf(loadError, t('datasources.sourceLoadFailed'))}</p>;
  if (!source || !edited) return <p part="base" role="status">{t('common.loading')}</p>;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setState('saving');
    try {
      const res = await updateSource(sourceId, changesOf(edited.name, edited.roles, edited.columns, source), api);
      if (isBadRequest(res)) throw res;
      const next = { ...res, dependents: source.dependents, textAnalysis: source.textAnalysis };
      setSource(next);
      setEdited(next);
      setState('saved');
    } catch (failure) {
      setError(problemOf(failure, t('datasources.unreachable')));
      setState('ready');
    }
  };

  const remove = async () => {
    setState('deleting');
    try {
      const res = await deleteSource(sourceId, api);
      if (isBadRequest(res)) throw res;
      go('/admin/datasources');
    } catch (failure) {
      setError(problemOf(failure, t('datasources.unreachable')));
      setState('ready');
    }
  };

  const importing = source.state === 'importing';
  return (
    <div part="base" className="panel">
      <form onSubmit={save} noValidate aria-labelledby="source-title">
        <div className="actions heading">
          <h1 id="source-title">{source.name}</h1>
          {source.builtin && <span className="tag">{t('datasources.builtin')}</span>}
        </div>
        <p className="hint">
          {t('datasources.summary', {
            state: t(`datasources.states.${source.state}`),
            rows: numberFormat(lang).format(source.rows),
            last: source.lastImportAt ? longInstant(source.lastImportAt) : t('datasources.never'),
          })}
        </p>
        {state === 'saved' && <p className="banner success" role="status">{t('datasources.saved')}</p>}
        {error && <p className="banner error" role="alert">{error}</p>}
        <label>
          {t('datasources.sourceName')}
          <input name="name" value={edited.name} onChange={(e) => setEdited({ ...edited, name: e.target.value })} />
        </label>
        <SourceReaders all={allRoles} chosen={edited.roles} onChange={(roles) => setEdited({ ...edited, roles })} />
        <h2>{t('datasources.columns')}</h2>
        {source.builtin && <p className="hint">{t('datasources.builtinRoles')}</p>}
        <SourceColumns columns={edited.columns} rolesFixed={source.builtin} onChange={(c) => setEdited({ ...edited, columns: changeColumn(edited.columns, c.key, () => c) })} />
        <div className="actions">
          <button type="submit" disabled={state === 'saving'}>{t('datasources.save')}</button>
          {!source.builtin && (
            <button type="button" className="secondary" disabled={importing} onClick={() => setState('confirm')}>{t('datasources.delete')}</button>
          )}
        </div>
      </form>
      {(state === 'confirm' || state === 'deleting') && (
        <DeleteDialog name={source.name} dependents={source.dependents} busy={state === 'deleting'} onConfirm={() => void remove()} onCancel={() => setState('ready')} />
      )}
      {source.textAnalysis && <SourceTopics sourceId={sourceId} analysis={source.textAnalysis} />}
      <ImportMore sourceId={sourceId} disabled={importing} onEnded={reload} />
      <RecentImports imports={imports} />
    </div>
  );
}
