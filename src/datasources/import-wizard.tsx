import { useState } from 'react';
import { useElement } from '../elements/element-context';
import { isBadRequest } from '../api/client';
import { createSource, previewFile, type Definition, type Preview } from '../api/datasources';
import { keepEdits, sendable } from './draft';
import { problemOf } from './problem';
import { FileDrop } from './file-drop';
import { DefinitionForm } from './definition-form';
import { ImportProgress } from './import-progress';
import { ImportReport } from './import-report';
import { useImport } from './use-import';

type Step = 'choose' | 'reading' | 'define' | 'creating' | 'import';

/**
 * "Add your data": a file dropped or picked, the server's preview to check and change (kept when
 * the user goes back, and carried over to another file's preview where its columns match), then
 * the source made, the file imported with progress and Cancel, and the report.
 */
export function ImportWizard() {
  const { t, api } = useElement();
  const [step, setStep] = useState<Step>('choose');
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [draft, setDraft] = useState<Definition | null>(null);
  const [createdId, setCreatedId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const failed = t('datasources.unreachable');
  const importer = useImport(api, failed);

  const read = async (chosen: File) => {
    setError(null);
    setStep('reading');
    try {
      const res = await previewFile(chosen, api);
      if (isBadRequest(res)) throw res;
      setDraft(draft && preview ? keepEdits(res.definition, draft, preview.definition) : res.definition);
      setPreview(res);
      setFile(chosen);
      setStep('define');
    } catch (failure) {
      setError(problemOf(failure, failed));
      setStep(preview ? 'define' : 'choose');
    }
  };

  const createAndImport = async () => {
    if (!draft || !file) return;
    setError(null);
    setStep('creating');
    let id = createdId;
    try {
      if (!id) {
        const made = await createSource(sendable(draft), api);
        if (isBadRequest(made)) throw made;
        id = made.id;
        setCreatedId(id);
      }
    } catch (failure) {
      setError(problemOf(failure, failed));
      setStep('define');
      return;
    }
    setStep((await importer.start(id, file, 'replace')) ? 'import' : 'define');
  };

  const problem = error ?? (step !== 'import' ? importer.error : null);
  return (
    <section part="base" className="panel wizard" aria-labelledby="wizard-title">
      <h1 id="wizard-title">{t('datasources.addTitle')}</h1>
      {problem && <p className="banner error" role="alert">{problem}</p>}
      {(step === 'choose' || step === 'reading') && (
        <>
          <FileDrop t={t} onFile={(f) => void read(f)} disabled={step === 'reading'} label={t('datasources.dropHere')} />
          {step === 'reading' && (
            <div className="progress" role="status">
              <p>{t('datasources.reading')}</p>
              <progress aria-label={t('datasources.reading')}></progress>
            </div>
          )}
          {step === 'choose' && preview && file && (
            <div className="actions">
              <button type="button" className="secondary" onClick={() => setStep('define')}>{t('datasources.continueWith', { file: file.name })}</button>
            </div>
          )}
        </>
      )}
      {(step === 'define' || step === 'creating') && preview && draft && (
        <>
          {createdId && <p className="banner" role="status">{t('datasources.madeNotImported', { name: draft.name })}</p>}
          <DefinitionForm
            preview={preview}
            draft={draft}
            onDraft={setDraft}
            onBack={() => setStep('choose')}
            onSubmit={() => void createAndImport()}
            busy={step === 'creating'}
            locked={!!createdId}
            submitLabel={createdId ? t('datasources.retryImport') : t('datasources.createAndImport')}
          />
          {step === 'creating' && <ImportProgress run={importer.run} onCancel={() => void importer.cancel()} />}
        </>
      )}
      {step === 'import' && createdId && (
        <>
          {importer.error && <p className="banner error" role="alert">{importer.error}</p>}
          <ImportProgress run={importer.run} onCancel={() => void importer.cancel()} />
          {importer.run.phase === 'ended' && <ImportReport sourceId={createdId} status={importer.run.status} offerDashboard />}
        </>
      )}
    </section>
  );
}
