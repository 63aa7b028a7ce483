import { Fragment, useCallback, useEffect, useState, type ReactNode } from 'react';
import { useElement } from '../elements/element-context';
import { isBadRequest } from '../api/client';
import { closeSurvey, publishSurvey, type SurveyView } from '../api/surveys';
import { EMAIL_QUESTION_TEXT, localText, QUESTION_KINDS, questionNumbers, surveyProblems, SURVEY_LOCALES, type Question, type QuestionKind, type SurveyLocale } from '../lib/survey-model';
import { holdUnsavedWork } from '../stores/navigation';
import { SurveyForm } from '../surveys/survey-form';
import { QuestionCard } from './question-card';
import { SettingsPanel } from './settings-panel';
import { useAutosave, type SaveState } from './use-autosave';

const newId = () => crypto.randomUUID().slice(0, 8);

function blankQuestion(kind: QuestionKind): Question {
  // An e-mail question has its usual wording from the start: few surveys need another.
  const q: Question = { id: newId(), kind, required: false, text: kind === 'email' ? { ...EMAIL_QUESTION_TEXT } : { en: '' } };
  if (kind === 'single' || kind === 'multiple') q.options = [{ id: newId(), text: { en: '' } }, { id: newId(), text: { en: '' } }];
  return q;
}

/** Moves one item of a list to another index. */
export const moved = <T,>(list: T[], from: number, to: number): T[] => {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
};

interface Props {
  initial: SurveyView;
  places: { stores: string[]; channels: string[] };
  defaultLocale: SurveyLocale;
  onReload: () => void;
}

/** The loaded survey: settings and questions on the left, the live preview on the right. */
export function EditorBody({ initial, places, defaultLocale, onReload }: Props) {
  const { t, api } = useElement();
  const [view, setView] = useState(initial);
  const onSaved = useCallback((v: SurveyView) => setView(v), []);
  const autosave = useAutosave(initial, api, onSaved);
  const { draft, undo, canUndo, state, saveNow, version: currentVersion, setVersion } = autosave;
  // Another's survey opens read-only: nothing changes, so nothing is saved (the server would refuse it).
  const readOnly = !initial.canChange;
  const change: typeof autosave.change = readOnly ? () => {} : autosave.change;
  const Lock = readOnly ? ReadOnly : Fragment;
  // The portal's language until one is picked here: the saved language may arrive after the survey.
  const [picked, setLocale] = useState<SurveyLocale | null>(null);
  const locale = picked ?? defaultLocale;
  const [dragging, setDragging] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [result, setResult] = useState<{ ok: boolean; text: string; list?: string[] } | null>(null);
  const questions = draft.definition.questions;
  const numbers = questionNumbers(questions);
  const problems = surveyProblems(draft.settings, draft.definition);

  // Typing not yet saved asks before the page is left.
  useEffect(() => holdUnsavedWork(state.kind === 'saved' ? null : t('surveyEditor.unsaved')), [state.kind, t]);

  const setQuestions = (update: (qs: Question[]) => Question[]) => change((d) => ({ ...d, definition: { ...d.definition, questions: update(d.definition.questions) } }));
  const move = (from: number, to: number) => {
    setQuestions((qs) => moved(qs, from, to));
    setAnnouncement(t('surveyEditor.moved', { from: from + 1, to: to + 1 }));
    // The focus follows the moved question's own button, so Alt+Arrow can be pressed again.
    requestAnimationFrame(() => {
      const root = document.activeElement?.getRootNode() as Document | ShadowRoot | undefined;
      root?.querySelectorAll<HTMLElement>('.question-card')[to]?.querySelector<HTMLElement>(`button:not([disabled])`)?.focus();
    });
  };
  const add = (kind: QuestionKind) => {
    const q = blankQuestion(kind);
    setQuestions((qs) => [...qs, q]);
    requestAnimationFrame(() => {
      const root = document.activeElement?.getRootNode() as Document | ShadowRoot | undefined;
      root?.querySelector<HTMLElement>(`[data-question-card="${q.id}"] input, [data-question-card="${q.id}"] button`)?.focus();
    });
  };

  const act = async (what: 'publish' | 'close') => {
    setResult(null);
    if (!(await saveNow())) return;
    const res = await (what === 'publish' ? publishSurvey : closeSurvey)(view.shortcode, currentVersion(), api).catch(() => null);
    if (!res) return setResult({ ok: false, text: t('surveyEditor.actionFailed') });
    if (isBadRequest(res)) return setResult({ ok: false, text: t(`surveyEditor.${what}Refused`), list: res.errors?.survey ?? [res.message ?? ''] });
    setVersion(res.version);
    setView(res);
    setResult({ ok: true, text: t(what === 'publish' ? 'surveyEditor.published' : 'surveyEditor.closed') });
  };

  const publicUrl = `${location.origin}/survey/${view.shortcode}`;

  return (
    <div className="survey-editor" part="base">
      <header className="editor-head">
        <div>
          <h1>{localText(draft.settings.title, defaultLocale) || t('surveyEditor.untitled')}</h1>
          <p className="meta">
            <span className={`status ${view.status}`}>{t(`surveyEditor.status.${view.status}`)}</span>
            {view.unpublishedChanges && <span className="status changes">{t('surveyEditor.unpublishedChanges')}</span>}
            <span>{t('surveyEditor.responses', { count: view.responses })}</span>
            {!readOnly && <SaveStatus state={state} onReload={onReload} />}
          </p>
        </div>
        {!readOnly && (
          <div className="head-tools">
            <button type="button" className="secondary" disabled={!canUndo} onClick={undo}>
              {t('surveyEditor.undo')}
            </button>
            {view.status === 'published' && (
              <button type="button" className="secondary" onClick={() => void act('close')}>
                {t('surveyEditor.close')}
              </button>
            )}
            <button type="button" onClick={() => void act('publish')} disabled={view.status === 'published' && !view.unpublishedChanges && state.kind === 'saved'}>
              {t(view.status === 'draft' ? 'surveyEditor.publish' : view.status === 'closed' ? 'surveyEditor.reopen' : 'surveyEditor.publishChanges')}
            </button>
          </div>
        )}
      </header>
      {readOnly && (
        <p className="banner read-only-note" role="note">
          {t('surveyEditor.readOnly')}
        </p>
      )}
      {result && (
        <div className={`banner ${result.ok ? 'success' : 'error'}`} role={result.ok ? 'status' : 'alert'}>
          {result.text}
          {result.list && (
            <ul>
              {result.list.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      {view.status !== 'draft' && (
        <p className="public-link">
          {t('surveyEditor.publicLink')} <a href={publicUrl}>{publicUrl}</a>
        </p>
      )}
      <div className="editor-columns">
        <section className="editor-main" aria-labelledby="questions-title">
          <div className="locale-switch" role="group" aria-label={t('surveyEditor.editingLanguage')}>
            {SURVEY_LOCALES.map((l) => (
              <button key={l} type="button" className="secondary" aria-pressed={locale === l} onClick={() => setLocale(l)}>
                {t(`surveyEditor.locales.${l}`)}
              </button>
            ))}
          </div>
          <Lock>
            <SettingsPanel settings={draft.settings} definition={draft.definition} locale={locale} places={places} onChange={change} />
            <h2 id="questions-title">{t('surveyEditor.questions')}</h2>
            <p className="hint">{t('surveyEditor.reorderHint')}</p>
            <ol className="question-list">
              {questions.map((q, i) => (
                <QuestionCard
                  key={q.id}
                  question={q}
                  index={i}
                  count={questions.length}
                  number={numbers.get(q.id)}
                  earlier={questions.slice(0, i)}
                  numbers={numbers}
                  locale={locale}
                  problems={problems.filter((p) => p.questionId === q.id).map((p) => p.message)}
                  newId={newId}
                  onChange={(next) => setQuestions((qs) => qs.map((x) => (x.id === q.id ? next : x)))}
                  onMove={move}
                  onRemove={() => setQuestions((qs) => qs.filter((x) => x.id !== q.id))}
                  dragging={dragging}
                  setDragging={setDragging}
                />
              ))}
            </ol>
            <div className="add-question" role="group" aria-label={t('surveyEditor.add')}>
              {QUESTION_KINDS.map((k) => (
                <button key={k} type="button" className="secondary" onClick={() => add(k)}>
                  + {t(`surveyEditor.kinds.${k}`)}
                </button>
              ))}
            </div>
          </Lock>
          <p className="cx-visually-hidden" aria-live="polite">
            {announcement}
          </p>
          {problems.length > 0 && (
            <section className="problems" aria-labelledby="problems-title">
              <h2 id="problems-title">{t('surveyEditor.beforePublishing')}</h2>
              <ul>
                {problems.map((p) => (
                  <li key={p.code + (p.questionId ?? '')}>{p.message}</li>
                ))}
              </ul>
            </section>
          )}
        </section>
        <aside className="preview" aria-labelledby="preview-title">
          <h2 id="preview-title">{t('surveyEditor.preview')}</h2>
          <div className="phone">
            <SurveyForm key={locale} definition={draft.definition} locale={locale} preview idPrefix="preview" />
          </div>
        </aside>
      </div>
    </div>
  );
}

/** Every control of the survey disabled, yet all of it readable. */
const ReadOnly = ({ children }: { children?: ReactNode }) => (
  <fieldset className="read-only" disabled>
    {children}
  </fieldset>
);

function SaveStatus({ state, onReload }: { state: SaveState; onReload: () => void }) {
  const { t } = useElement();
  if (state.kind === 'failed')
    return (
      <span className="save-state failed" role="alert">
        {state.message || t('surveyEditor.saveFailed')}{' '}
        {state.stale && (
          <button type="button" className="link" onClick={onReload}>
            {t('surveyEditor.reload')}
          </button>
        )}
      </span>
    );
  return (
    <span className="save-state" role="status">
      {t(state.kind === 'saved' ? 'surveyEditor.saved' : 'surveyEditor.saving')}
    </span>
  );
}
