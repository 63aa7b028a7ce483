import type { DragEvent, KeyboardEvent } from 'react';
import { useElement } from '../elements/element-context';
import { isChoice, localText, type DisplayRule, type LocalText, type Question, type SurveyLocale } from '../lib/survey-model';
import { LogicRule } from './logic-rule';

interface Props {
  question: Question;
  index: number;
  count: number;
  number: number | undefined;
  /** The questions before this one: what its display logic may depend on. */
  earlier: Question[];
  numbers: Map<string, number>;
  locale: SurveyLocale;
  problems: string[];
  newId: () => string;
  onChange: (q: Question) => void;
  onMove: (from: number, to: number) => void;
  onRemove: () => void;
  /** Drag and drop: the index being dragged. */
  dragging: number | null;
  setDragging: (index: number | null) => void;
}

const setText = (text: LocalText, locale: SurveyLocale, value: string): LocalText => ({ ...text, [locale]: value });

/**
 * One question in the editor: its text in the editing language, required, its options, its
 * display rule; moved by dragging its handle, by the Move buttons or by Alt+Arrow keys.
 */
export function QuestionCard({ question: q, index, count, number, earlier, numbers, locale, problems, newId, onChange, onMove, onRemove, dragging, setDragging }: Props) {
  const { t } = useElement();
  const label = q.kind === 'page' ? t('surveyEditor.pageBreak') : t('surveyEditor.questionN', { n: number });
  const kind = t(`surveyEditor.kinds.${q.kind}`);
  const id = `q-${q.id}`;

  const onKeyDown = (e: KeyboardEvent) => {
    if (!e.altKey || (e.key !== 'ArrowUp' && e.key !== 'ArrowDown')) return;
    e.preventDefault();
    const to = index + (e.key === 'ArrowUp' ? -1 : 1);
    if (to >= 0 && to < count) onMove(index, to);
  };
  const drop = (e: DragEvent) => {
    e.preventDefault();
    if (dragging !== null && dragging !== index) onMove(dragging, index);
    setDragging(null);
  };

  return (
    <li
      className={`question-card ${q.kind}${dragging === index ? ' dragging' : ''}`}
      aria-labelledby={`${id}-title`}
      onKeyDown={onKeyDown}
      onDragOver={(e) => e.preventDefault()}
      onDrop={drop}
      data-question-card={q.id}
    >
      <div className="card-head">
        <span
          className="handle"
          draggable
          title={t('surveyEditor.dragHint')}
          onDragStart={(e) => {
            e.dataTransfer.setData('text/plain', q.id);
            setDragging(index);
          }}
          onDragEnd={() => setDragging(null)}
          aria-hidden="true"
        >
          ⠿
        </span>
        <h3 id={`${id}-title`}>
          {label}
          {q.kind !== 'page' && <span className="kind"> · {kind}</span>}
        </h3>
        <div className="card-tools">
          <button type="button" className="icon" disabled={index === 0} onClick={() => onMove(index, index - 1)} aria-label={t('surveyEditor.moveUp', { name: label })}>
            ↑
          </button>
          <button type="button" className="icon" disabled={index === count - 1} onClick={() => onMove(index, index + 1)} aria-label={t('surveyEditor.moveDown', { name: label })}>
            ↓
          </button>
          <button type="button" className="icon danger" onClick={onRemove} aria-label={t('surveyEditor.remove', { name: label })}>
            ✕
          </button>
        </div>
      </div>
      {q.kind !== 'page' && (
        <>
          <label>
            {t('surveyEditor.questionText')}
            <input
              value={q.text[locale] ?? ''}
              placeholder={locale === 'de' ? localText(q.text, 'en') : undefined}
              onChange={(e) => onChange({ ...q, text: setText(q.text, locale, e.target.value) })}
            />
          </label>
          <label className="inline">
            <input type="checkbox" checked={q.required} onChange={(e) => onChange({ ...q, required: e.target.checked })} />
            {t('surveyEditor.required')}
          </label>
          {isChoice(q) && <Options question={q} locale={locale} newId={newId} onChange={onChange} label={label} />}
          <LogicRule question={q} earlier={earlier} numbers={numbers} locale={locale} onChange={(showIf: DisplayRule | undefined) => onChange({ ...q, showIf })} />
        </>
      )}
      {problems.length > 0 && (
        <ul className="card-problems">
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
    </li>
  );
}

function Options({ question: q, locale, newId, onChange, label }: { question: Question; locale: SurveyLocale; newId: () => string; onChange: (q: Question) => void; label: string }) {
  const { t } = useElement();
  const options = q.options ?? [];
  const set = (next: Question['options']) => onChange({ ...q, options: next });
  return (
    <fieldset className="options">
      <legend>{t('surveyEditor.options')}</legend>
      <ol>
        {options.map((o, i) => (
          <li key={o.id}>
            <input
              aria-label={t('surveyEditor.optionN', { n: i + 1, name: label })}
              value={o.text[locale] ?? ''}
              placeholder={locale === 'de' ? localText(o.text, 'en') : undefined}
              onChange={(e) => set(options.map((x) => (x.id === o.id ? { ...x, text: setText(x.text, locale, e.target.value) } : x)))}
            />
            <button type="button" className="icon danger" onClick={() => set(options.filter((x) => x.id !== o.id))} aria-label={t('surveyEditor.removeOption', { n: i + 1, name: label })}>
              ✕
            </button>
          </li>
        ))}
      </ol>
      <button type="button" className="secondary" onClick={() => set([...options, { id: newId(), text: { en: '' } }])}>
        {t('surveyEditor.addOption')}
      </button>
    </fieldset>
  );
}
