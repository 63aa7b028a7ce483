import { useState, type FormEvent } from 'react';
import { useElement } from '../elements/element-context';
import { MAX_EMAIL_ADDRESS } from '../lib/email-address';
import { answerProblem, localText, MAX_TEXT_ANSWER, pagesOf, questionNumbers, type Answer, type Answers, type Question, type SurveyDefinition } from '../lib/survey-model';
import { QuestionInput } from './question-input';

interface Props {
  definition: SurveyDefinition;
  locale: string;
  /** Sends the answers; resolves to the server's errors by question id (none when kept). */
  onSubmit?: (answers: Answers) => Promise<Record<string, string> | null>;
  /** The editor's live preview: nothing is sent, the last page says so. */
  preview?: boolean;
  /** Id prefix, so that a preview and a page on one document never share ids. */
  idPrefix?: string;
}

/**
 * A survey as a respondent answers it: page by page (page breaks), only the questions the display
 * logic shows for the answers so far, each checked before moving on, with the message beside it.
 */
export function SurveyForm({ definition, locale, onSubmit, preview, idPrefix = 'sq' }: Props) {
  const { t } = useElement();
  const [answers, setAnswers] = useState<Answers>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pageIndex, setPageIndex] = useState(0);
  const [sending, setSending] = useState(false);
  const pages = pagesOf(definition, answers);
  const page = pages[Math.min(pageIndex, pages.length - 1)] ?? [];
  const last = pageIndex >= pages.length - 1;
  const numbers = questionNumbers(definition.questions);

  const set = (q: Question, value: Answer | undefined) => {
    setAnswers((a) => {
      const next = { ...a };
      if (value === undefined) delete next[q.id];
      else next[q.id] = value;
      return next;
    });
    setErrors(({ [q.id]: _, ...rest }) => rest);
  };

  const pageErrors = () => {
    const found: Record<string, string> = {};
    for (const q of page) {
      const problem = answerProblem(q, answers[q.id]);
      if (problem) found[q.id] = t(`surveyForm.problems.${problem}`, { max: MAX_TEXT_ANSWER, longest: MAX_EMAIL_ADDRESS, ...(q.kind === 'nps' ? { min: 0, top: 10 } : { min: 1, top: 5 }) });
    }
    return found;
  };

  const focusFirst = (ids: string[], form: HTMLFormElement) =>
    requestAnimationFrame(() => form.querySelector<HTMLElement>(`[data-question="${ids[0]}"] input, [data-question="${ids[0]}"] textarea`)?.focus());

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const found = pageErrors();
    setErrors(found);
    if (Object.keys(found).length) return focusFirst(Object.keys(found), form);
    if (!last) {
      setPageIndex(pageIndex + 1);
      requestAnimationFrame(() => form.querySelector<HTMLElement>('input, textarea')?.focus());
      return;
    }
    if (!onSubmit) return;
    setSending(true);
    try {
      const refused = await onSubmit(answers);
      if (refused) {
        setErrors(refused);
        // The server's objection may sit on an earlier page: go to the first page holding one.
        const at = pages.findIndex((p) => p.some((q) => refused[q.id]));
        if (at >= 0) setPageIndex(at);
      }
    } finally {
      setSending(false);
    }
  };

  return (
    <form className="survey-form" noValidate onSubmit={(e) => void submit(e)}>
      {pages.length > 1 && (
        <p className="progress" aria-live="polite">
          {t('surveyForm.page', { page: pageIndex + 1, pages: pages.length })}
        </p>
      )}
      {page.map((q) => (
        <QuestionInput
          key={q.id}
          question={q}
          number={numbers.get(q.id)!}
          label={localText(q.text, locale)}
          options={(q.options ?? []).map((o) => ({ id: o.id, label: localText(o.text, locale) }))}
          value={answers[q.id]}
          error={errors[q.id]}
          idBase={`${idPrefix}-${q.id}`}
          onChange={(v) => set(q, v)}
        />
      ))}
      {errors._ && (
        <p className="banner error" role="alert">
          {errors._}
        </p>
      )}
      <div className="survey-actions">
        {pageIndex > 0 && (
          <button type="button" className="secondary" onClick={() => setPageIndex(pageIndex - 1)}>
            {t('surveyForm.back')}
          </button>
        )}
        <button type="submit" disabled={sending || (preview && last)}>
          {last ? t(sending ? 'surveyForm.sending' : 'surveyForm.submit') : t('surveyForm.next')}
        </button>
      </div>
      {preview && last && <p className="hint">{t('surveyForm.previewNote')}</p>}
    </form>
  );
}
