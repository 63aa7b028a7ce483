import { useRef, useState, type KeyboardEvent } from 'react';
import { useElement } from '../../elements/element-context';
import { merged } from './taxonomy';

interface Props {
  /** Unique within the page: the list's label and errors are tied to it. */
  id: string;
  label: string;
  hint: string;
  terms: string[];
  errors?: string[];
  onChange: (next: string[]) => void;
}

/**
 * Words and phrases as removable tags, with a field that adds one on Enter (or by its button; a
 * comma separates several). Removing a tag moves the focus to the next one, else to the field.
 */
export function TermList({ id, label, hint, terms, errors = [], onChange }: Props) {
  const { t } = useElement();
  const [text, setText] = useState('');
  const list = useRef<HTMLUListElement>(null);
  const field = useRef<HTMLInputElement>(null);

  const add = () => {
    const more = text.split(',');
    if (!more.some((x) => x.trim())) return;
    onChange(merged(terms, more));
    setText('');
  };
  const remove = (index: number) => {
    onChange(terms.filter((_, i) => i !== index));
    // The tag that takes this one's place, else the field: the focus stays where the user was.
    requestAnimationFrame(() => {
      const buttons = list.current?.querySelectorAll<HTMLButtonElement>('button');
      (buttons?.[Math.min(index, buttons.length - 1)] ?? field.current)?.focus();
    });
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    add();
  };
  const described = [`${id}-hint`, ...(errors.length ? [`${id}-errors`] : [])].join(' ');
  return (
    <fieldset id={id} className="terms" aria-describedby={described} aria-invalid={errors.length > 0 || undefined}>
      <legend>{label}</legend>
      <p className="hint" id={`${id}-hint`}>{hint}</p>
      {terms.length > 0 && (
        <ul className="chips" ref={list} aria-label={label}>
          {terms.map((term, i) => (
            // Keyed by the term (its n-th time, should a saved list hold it twice), so a tag keeps its node.
            <li key={`${term}\u0001${terms.slice(0, i).filter((x) => x === term).length}`}>
              <span translate="no">{term}</span>
              <button type="button" className="link" aria-label={t('textTopics.removeTerm', { term })} onClick={() => remove(i)}>×</button>
            </li>
          ))}
        </ul>
      )}
      <span className="pair">
        <input ref={field} value={text} aria-label={t('textTopics.newTerm', { list: label })} onChange={(e) => setText(e.target.value)} onKeyDown={onKeyDown} />
        <button type="button" className="secondary" onClick={add} disabled={!text.trim()}>{t('textTopics.addTerm')}</button>
      </span>
      {errors.length > 0 && (
        <span className="field-error" id={`${id}-errors`}>{errors.join(' ')}</span>
      )}
    </fieldset>
  );
}
