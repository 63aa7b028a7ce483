import { useContext, useEffect, useMemo, useState } from 'react';
import { ElementContext, useElement } from '../elements/element-context';
import { ApiError, isBadRequest } from '../api/client';
import { publicSurvey, submitSurvey, type PublicSurvey } from '../api/surveys';
import { localText, type Answers, type Question, type SurveyDefinition } from '../lib/survey-model';
import { SurveyForm } from './survey-form';

type State = { kind: 'loading' } | { kind: 'missing' } | { kind: 'failed' } | { kind: 'ready'; survey: PublicSurvey };
type Published = Extract<PublicSurvey, { status: 'published' }>;

/** The asked store's question id: no survey question has an `@` in its id. */
export const STORE_QUESTION = '@store';

/**
 * A published survey for anyone with its address (`cx-survey`, the host's /survey/{shortcode}):
 * the questions page by page, then the thank-you; a closed survey says so. It speaks the first of
 * the respondent's languages the survey is offered in (the server picks it from them), and the
 * page's own texts follow, so buttons never speak another language than the questions.
 */
export function PublicSurveyPage({ shortcode = '', inviteId, store }: { shortcode?: string; inviteId?: string; store?: string }) {
  const { t, api, lang } = useElement();
  const handle = useContext(ElementContext)!;
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [loadKey, setLoadKey] = useState(`${shortcode}|${attempt}`);
  if (loadKey !== `${shortcode}|${attempt}`) {
    setLoadKey(`${shortcode}|${attempt}`);
    setState({ kind: 'loading' });
  }

  useEffect(() => {
    let live = true;
    // The element's language first (its `lang`, else the page's), then the browser's.
    const languages = [...new Set([lang, ...(typeof navigator === 'undefined' ? [] : navigator.languages)])];
    publicSurvey(shortcode, languages, api, inviteId)
      .then((s) => live && setState(isBadRequest(s) ? { kind: 'missing' } : { kind: 'ready', survey: s }))
      .catch((e: { status?: number }) => live && setState({ kind: e?.status === 404 ? 'missing' : 'failed' }));
    return () => {
      live = false;
    };
  }, [shortcode, attempt, api, lang, inviteId]);

  const locale = state.kind === 'ready' ? state.survey.locale : undefined;
  const inLocale = useMemo(() => ({ ...handle, lang: locale }), [handle, locale]);

  if (state.kind === 'loading') return <p className="survey-state" part="base" role="status">{t('surveyForm.loading')}</p>;
  if (state.kind === 'missing') return <Notice title={t('surveyForm.missingTitle')} text={t('surveyForm.missing')} />;
  if (state.kind === 'failed')
    return (
      <div className="survey-state" part="base error" role="alert">
        <p>{t('surveyForm.loadFailed')}</p>
        <button type="button" onClick={() => setAttempt(attempt + 1)}>{t('surveyForm.retry')}</button>
      </div>
    );
  return (
    <ElementContext.Provider value={inLocale}>
      <ReadySurvey survey={state.survey} inviteId={inviteId} store={store} />
    </ElementContext.Provider>
  );
}

/** The loaded survey, in its picked language. */
function ReadySurvey({ survey, inviteId, store }: { survey: PublicSurvey; inviteId?: string; store?: string }) {
  const { t, api } = useElement();
  const [thanks, setThanks] = useState<string | null>(null);
  const { locale } = survey;
  const title = localText(survey.title, locale);
  if (thanks !== null) return <Notice title={t('surveyForm.thanksTitle')} text={thanks} live />;
  if (survey.status === 'closed') return <Notice title={title} text={t('surveyForm.closed')} />;
  // A link naming a store the survey does not cover is a wrong link: answering would land nowhere it should.
  if (store && survey.stores.length && !survey.stores.includes(store)) return <Notice title={title} text={t('surveyForm.unknownStore', { store })} alert />;
  const ask = !store && survey.stores.length > 1;
  const definition = ask ? withStoreQuestion(survey, t('surveyForm.storeQuestion')) : survey.definition;

  const submit = async (all: Answers) => {
    const { [STORE_QUESTION]: asked, ...answers } = all;
    try {
      const res = await submitSurvey(survey.shortcode, { answers, locale, inviteId, store: store || (asked as string | undefined) }, api);
      if (isBadRequest(res)) {
        const errors = Object.fromEntries(Object.entries(res.errors ?? {}).map(([k, v]) => [k === 'store' ? (ask ? STORE_QUESTION : '_') : k, v[0]]));
        return Object.keys(errors).length ? errors : { _: res.message ?? t('surveyForm.failed') };
      }
      setThanks(res.thankYou);
      return null;
    } catch (e) {
      // A limit (429) says in the server's words what stopped the answer and when to try again.
      return { _: e instanceof ApiError && e.status === 429 ? e.message : t('surveyForm.failed') };
    }
  };

  return (
    <article className="public-survey" part="base" lang={locale}>
      <h1>{title}</h1>
      {survey.about && <p className="survey-about">{t('surveyForm.about', { name: survey.about })}</p>}
      <SurveyForm definition={definition} locale={locale} onSubmit={submit} />
    </article>
  );
}

/** The survey with the respondent's store asked first, as a required single choice. */
function withStoreQuestion(survey: Published, text: string): SurveyDefinition {
  const question: Question = { id: STORE_QUESTION, kind: 'single', required: true, text: { en: text }, options: survey.stores.map((s) => ({ id: s, text: { en: s } })) };
  return { ...survey.definition, questions: [question, ...survey.definition.questions] };
}

function Notice({ title, text, live, alert }: { title: string; text: string; live?: boolean; alert?: boolean }) {
  return (
    <article className="public-survey survey-state" part="base">
      <div role={alert ? 'alert' : live ? 'status' : undefined}>
        <h1>{title}</h1>
        <p>{text}</p>
      </div>
    </article>
  );
}
