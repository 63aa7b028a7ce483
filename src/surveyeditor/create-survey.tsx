import { useState, type FormEvent } from 'react';
import { useElement } from '../elements/element-context';
import { isBadRequest } from '../api/client';
import { createSurvey } from '../api/surveys';

/** The first step of a new survey: its title. The draft then opens at /editor/update/{shortcode}. */
export function CreateSurvey() {
  const { t, api, go } = useElement();
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!title.trim()) return setError(t('surveyEditor.titleRequired'));
    setBusy(true);
    try {
      const res = await createSurvey(title.trim(), api);
      if (isBadRequest(res)) return setError(res.message ?? t('surveyEditor.createFailed'));
      go(`/editor/update/${encodeURIComponent(res.shortcode)}`);
    } catch {
      setError(t('surveyEditor.createFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="create-survey" part="base" aria-labelledby="create-survey-title">
      <h1 id="create-survey-title">{t('surveyEditor.createTitle')}</h1>
      <p className="hint">{t('surveyEditor.createHint')}</p>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <label>
          {t('surveyEditor.title')}
          <input value={title} maxLength={120} aria-invalid={error ? true : undefined} aria-describedby={error ? 'create-error' : undefined} onChange={(e) => { setTitle(e.target.value); setError(null); }} />
        </label>
        {error && (
          <p id="create-error" className="field-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" disabled={busy}>{t('surveyEditor.create')}</button>
      </form>
    </section>
  );
}
