import { useEffect, useState } from 'react';
import { useElement } from '../elements/element-context';
import { isBadRequest } from '../api/client';
import { publicSurvey, submitSurvey, type PublicSurvey } from '../api/surveys';
import { localText, type Answers } from '../lib/survey-model';
import { SurveyForm } from './survey-form';

type State = { kind: 'loading' } | { kind: 'missing' } | { kind: 'failed' } | { kind: 'ready'; survey: PublicSurvey } | { kind: 'thanks'; text: string };

/**
 * A published survey for anyone with its address (`cx-survey`, the host's /survey/{shortcode}):
 * the questions page by page, then the thank-you; a closed survey says so. Answers go once: the
 * submit button waits while they travel.
 */
export function PublicSurveyPage({ shortcode = '', inviteId }: { shortcode?: string; inviteId?: string }) {
  const { t, api, lang } = useElement();
  const locale = lang.startsWith('de') ? 'de' : 'en';
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [loadKey, setLoadKey] = useState(`${shortcode}|${attempt}`);
  if (loadKey !== `${shortcode}|${attempt}`) {
    setLoadKey(`${shortcode}|${attempt}`);
    setState({ kind: 'loading' });
  }

  useEffect(() => {
    let live = true;
    publicSurvey(shortcode, api)
      .then((s) => live && setState(isBadRequest(s) ? { kind: 'missing' } : { kind: 'ready', survey: s }))
      .catch((e: { status?: number }) => live && setState({ kind: e?.status === 404 ? 'missing' : 'failed' }));
    return () => {
      live = false;
    };
  }, [shortcode, attempt, api]);

  const submit = async (answers: Answers) => {
    try {
      const res = await submitSurvey(shortcode, { answers, locale, inviteId }, api);
      if (isBadRequest(res)) {
        const errors = Object.fromEntries(Object.entries(res.errors ?? {}).map(([k, v]) => [k, v[0]]));
        return Object.keys(errors).length ? errors : { _: res.message ?? t('surveyForm.failed') };
      }
      setState({ kind: 'thanks', text: res.thankYou });
      return null;
    } catch {
      return { _: t('surveyForm.failed') };
    }
  };

  if (state.kind === 'loading') return <p className="survey-state" role="status">{t('surveyForm.loading')}</p>;
  if (state.kind === 'missing') return <Notice title={t('surveyForm.missingTitle')} text={t('surveyForm.missing')} />;
  if (state.kind === 'failed')
    return (
      <div className="survey-state" role="alert">
        <p>{t('surveyForm.loadFailed')}</p>
        <button type="button" onClick={() => setAttempt(attempt + 1)}>{t('surveyForm.retry')}</button>
      </div>
    );
  if (state.kind === 'thanks') return <Notice title={t('surveyForm.thanksTitle')} text={state.text} live />;
  const { survey } = state;
  const title = localText(survey.title, locale);
  if (survey.status === 'closed') return <Notice title={title} text={t('surveyForm.closed')} />;
  return (
    <article className="public-survey" lang={locale}>
      <h1>{title}</h1>
      <SurveyForm definition={survey.definition} locale={locale} onSubmit={submit} />
    </article>
  );
}

function Notice({ title, text, live }: { title: string; text: string; live?: boolean }) {
  return (
    <article className="public-survey survey-state">
      <div role={live ? 'status' : undefined}>
        <h1>{title}</h1>
        <p>{text}</p>
      </div>
    </article>
  );
}
