import { useElement } from '../elements/element-context';
import { MAX_EMAIL_ADDRESS } from '../lib/email-address';
import { MAX_TEXT_ANSWER, type Answer, type Question } from '../lib/survey-model';

interface Props {
  question: Question;
  number: number;
  label: string;
  options: { id: string; label: string }[];
  value: Answer | undefined;
  error?: string;
  idBase: string;
  onChange: (value: Answer | undefined) => void;
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/**
 * One question as native form controls: scores and single choices are radio groups (arrow keys
 * move between them), multiple choice is checkboxes, free text a text area. The message of a
 * refused answer is tied to the group by aria-describedby.
 */
export function QuestionInput({ question: q, number, label, options, value, error, idBase, onChange }: Props) {
  const { t } = useElement();
  const errorId = `${idBase}-error`;
  const legend = (
    <legend>
      <span className="number">{number}.</span> {label}
      {q.required ? <span className="required"> ({t('surveyForm.required')})</span> : null}
    </legend>
  );
  const message = error ? (
    <p id={errorId} className="field-error" role="alert">
      {error}
    </p>
  ) : null;
  const common = { 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? errorId : undefined } as const;

  if (q.kind === 'text' || q.kind === 'email') {
    const text = typeof value === 'string' ? value : '';
    const change = (next: string) => onChange(next || undefined);
    return (
      <div className="question" data-question={q.id}>
        <label htmlFor={`${idBase}-text`} className="legend">
          <span className="number">{number}.</span> {label}
          {q.required ? <span className="required"> ({t('surveyForm.required')})</span> : null}
        </label>
        {q.kind === 'text' ? (
          <textarea id={`${idBase}-text`} rows={4} maxLength={MAX_TEXT_ANSWER} value={text} onChange={(e) => change(e.target.value)} {...common} />
        ) : (
          <input id={`${idBase}-text`} type="email" autoComplete="email" maxLength={MAX_EMAIL_ADDRESS} value={text} onChange={(e) => change(e.target.value)} {...common} />
        )}
        {message}
      </div>
    );
  }

  if (q.kind === 'multiple') {
    const chosen = Array.isArray(value) ? value : [];
    return (
      <fieldset className="question" data-question={q.id} {...common}>
        {legend}
        <div className="choices">
          {options.map((o) => (
            <label key={o.id} className="choice">
              <input type="checkbox" checked={chosen.includes(o.id)} onChange={(e) => onChange(e.target.checked ? [...chosen, o.id] : chosen.filter((c) => c !== o.id))} />
              {o.label}
            </label>
          ))}
        </div>
        {message}
      </fieldset>
    );
  }

  const scale = q.kind === 'nps' ? range(0, 10) : q.kind === 'stars' ? range(1, 5) : null;
  const items = scale ? scale.map((n) => ({ id: String(n), label: q.kind === 'stars' ? t('surveyForm.stars', { count: n }) : String(n), value: n as Answer })) : options.map((o) => ({ ...o, value: o.id as Answer }));
  return (
    <fieldset className={`question ${q.kind}`} data-question={q.id} {...common}>
      {legend}
      <div className={scale ? 'scale' : 'choices'}>
        {items.map((item) => (
          <label key={item.id} className={scale ? 'point' : 'choice'}>
            <input type="radio" name={idBase} checked={value === item.value} onChange={() => onChange(item.value)} />
            {q.kind === 'stars' ? (
              <>
                <span aria-hidden="true" className={`star ${typeof value === 'number' && value >= Number(item.id) ? 'on' : ''}`}>★</span>
                <span className="cx-visually-hidden">{item.label}</span>
              </>
            ) : (
              <span>{item.label}</span>
            )}
          </label>
        ))}
      </div>
      {q.kind === 'nps' && (
        <p className="scale-ends">
          <span>{t('surveyForm.npsLow')}</span>
          <span>{t('surveyForm.npsHigh')}</span>
        </p>
      )}
      {message}
    </fieldset>
  );
}
