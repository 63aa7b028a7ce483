import { useCallback, useEffect, useState } from 'react';
import { useElement } from '../elements/element-context';
import { isBadRequest } from '../api/client';
import { loadSurvey, reportingPlaces, type SurveyView } from '../api/surveys';
import { SURVEY_LOCALES, type SurveyLocale } from '../lib/survey-model';
import { CreateSurvey } from './create-survey';
import { EditorBody } from './editor-body';

/**
 * The survey editor (`cx-survey-editor`): without a shortcode it asks for a title and creates a
 * draft; with one it loads the survey and edits it with autosave, undo, a live preview and
 * publishing. Changes from another editor in between are reported, never overwritten.
 */
export function SurveyEditor({ shortcode }: { shortcode?: string }) {
  const { t, api, lang } = useElement();
  const [view, setView] = useState<SurveyView | null>(null);
  const [places, setPlaces] = useState<{ stores: string[]; channels: string[] }>({ stores: [], channels: [] });
  const [failed, setFailed] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState(`${shortcode}|${attempt}`);
  if (loaded !== `${shortcode}|${attempt}`) {
    setLoaded(`${shortcode}|${attempt}`);
    setView(null);
    setFailed(null);
  }

  useEffect(() => {
    if (!shortcode) return;
    let live = true;
    Promise.all([loadSurvey(shortcode, api), reportingPlaces(api)])
      .then(([v, p]) => {
        if (!live) return;
        if (isBadRequest(v)) return setFailed(v.message ?? t('surveyEditor.loadFailed'));
        setView(v);
        if (!isBadRequest(p)) setPlaces(p);
      })
      .catch((e: { status?: number }) => live && setFailed(t(e?.status === 404 ? 'surveyEditor.missing' : 'surveyEditor.loadFailed')));
    return () => {
      live = false;
    };
  }, [shortcode, attempt, api, t]);

  const reload = useCallback(() => setAttempt((a) => a + 1), []);
  const defaultLocale: SurveyLocale = SURVEY_LOCALES.find((l) => lang.startsWith(l)) ?? 'en';

  if (!shortcode) return <CreateSurvey />;
  if (failed)
    return (
      <div className="editor-state" part="base" role="alert">
        <p>{failed}</p>
        <button type="button" onClick={reload}>{t('surveyEditor.retry')}</button>
      </div>
    );
  if (!view) return <p className="editor-state" part="base" role="status">{t('surveyEditor.loading')}</p>;
  return <EditorBody key={`${view.shortcode}|${attempt}`} initial={view} places={places} defaultLocale={defaultLocale} onReload={reload} />;
}
