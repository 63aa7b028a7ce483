import { useEffect, useState } from 'react';
import { useElement } from '../elements/element-context';
import type { ImportMode } from '../api/datasources';
import { FileDrop } from './file-drop';
import { ImportProgress } from './import-progress';
import { ImportReport } from './import-report';
import { useImport } from './use-import';

const MODES: ImportMode[] = ['append', 'replace'];

/** More data for a source: append to its rows or replace them, with progress, Cancel and the report. */
export function ImportMore({ sourceId, disabled, onEnded }: { sourceId: string; disabled: boolean; onEnded: () => void }) {
  const { t, api } = useElement();
  const [mode, setMode] = useState<ImportMode>('append');
  const importer = useImport(api, t('datasources.unreachable'));
  const { run } = importer;
  const ended = run.phase === 'ended';
  useEffect(() => {
    if (ended) onEnded();
  }, [ended, onEnded]);
  const busy = run.phase === 'uploading' || run.phase === 'running';
  return (
    <section aria-labelledby="more-title">
      <h2 id="more-title">{t('datasources.importMore')}</h2>
      {importer.error && <p className="banner error" role="alert">{importer.error}</p>}
      {!busy && (
        <>
          <fieldset disabled={disabled}>
            <legend>{t('datasources.mode')}</legend>
            {MODES.map((m) => (
              <label key={m} className="inline">
                <input type="radio" name="mode" value={m} checked={mode === m} onChange={() => setMode(m)} />
                <span>
                  {t(`datasources.modes.${m}`)} <span className="hint">{t(`datasources.modeHints.${m}`)}</span>
                </span>
              </label>
            ))}
          </fieldset>
          <FileDrop t={t} disabled={disabled} label={t('datasources.dropMore')} onFile={(file) => void importer.start(sourceId, file, mode)} />
        </>
      )}
      <ImportProgress run={run} onCancel={() => void importer.cancel()} />
      {run.phase === 'ended' && <ImportReport sourceId={sourceId} status={run.status} linkSource={false} />}
    </section>
  );
}
