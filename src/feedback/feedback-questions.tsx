import { useState } from 'react';
import type { TFunction } from 'i18next';
import type { FeedbackAnswers, FeedbackQuestion } from '../api/feedback';

export interface QuestionProps {
  t: TFunction;
  question: FeedbackQuestion;
  /** The question's answer: posted as progress, and the widget moves on. */
  onAnswer: (answer: FeedbackAnswers) => void;
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** NPS 0-10 (spec part 2): one press answers. */
function NpsQuestion({ t, question, onAnswer }: QuestionProps) {
  return (
    <fieldset className="score">
      <legend>{question.text}</legend>
      <div className="nps-scale">
        {range(0, 10).map((n) => (
          <button key={n} type="button" aria-label={t('feedback.score', { score: n })} onClick={() => onAnswer({ nps: n })}>
            {n}
          </button>
        ))}
      </div>
      <p className="scale-ends" aria-hidden="true">
        <span>{t('feedback.notLikely')}</span>
        <span>{t('feedback.veryLikely')}</span>
      </p>
    </fieldset>
  );
}

/** Stars 1-5. */
function StarQuestion({ t, question, onAnswer }: QuestionProps) {
  return (
    <fieldset className="score">
      <legend>{question.text}</legend>
      <div className="star-scale">
        {range(1, 5).map((n) => (
          <button key={n} type="button" aria-label={t('feedback.stars', { count: n })} onClick={() => onAnswer({ npsStar: n })}>
            <span aria-hidden="true">{'★'.repeat(n)}</span>
          </button>
        ))}
      </div>
    </fieldset>
  );
}

/** Drivers: several may be ticked; Next shows once one is (spec part 2 section 4). */
function DriverQuestion({ t, question, onAnswer }: QuestionProps) {
  const options = question.properties?.options ?? [];
  const labels = question.properties?.labels ?? options;
  const [ticked, setTicked] = useState<string[]>([]);
  const toggle = (o: string) => setTicked((now) => (now.includes(o) ? now.filter((x) => x !== o) : [...now, o]));
  return (
    <fieldset className="drivers">
      <legend>{question.text}</legend>
      {options.map((o, i) => (
        <label key={o} className="check">
          <input type="checkbox" checked={ticked.includes(o)} onChange={() => toggle(o)} /> {labels[i] ?? o}
        </label>
      ))}
      {ticked.length > 0 && (
        <button type="button" className="primary" onClick={() => onAnswer({ driver: options.filter((o) => ticked.includes(o)).join(',') })}>
          {t('feedback.next')}
        </button>
      )}
    </fieldset>
  );
}

/** Free text, with a callback request when the config offers one. */
function VerbatimQuestion({ t, question, onAnswer }: QuestionProps) {
  const [text, setText] = useState('');
  const [callback, setCallback] = useState(false);
  const callbackText = question.properties?.callbackText;
  return (
    <form
      className="verbatim"
      onSubmit={(e) => {
        e.preventDefault();
        onAnswer({ verbatim: text.trim(), ...(callbackText ? { isCallbackRequested: callback } : {}) });
      }}
    >
      <label htmlFor="feedback-text">{question.text}</label>
      <textarea id="feedback-text" rows={4} maxLength={4000} placeholder={t('feedback.placeholder')} value={text} onChange={(e) => setText(e.target.value)} />
      {callbackText && (
        <label className="check">
          <input type="checkbox" checked={callback} onChange={(e) => setCallback(e.target.checked)} /> {callbackText}
        </label>
      )}
      <button type="submit" className="primary">{t('feedback.submit')}</button>
    </form>
  );
}

const VIEWS = { nps: NpsQuestion, star: StarQuestion, driver: DriverQuestion, verbatim: VerbatimQuestion };

/** The view of one question of the config. */
export function Question(props: QuestionProps) {
  const View = VIEWS[props.question.type];
  return <View {...props} />;
}
