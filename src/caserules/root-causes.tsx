import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useElement } from '../elements/element-context';

const MAX = 50;

/** The root causes a closing offers, in their order: add, remove, and move up or down by buttons. */
export function RootCauses({ value, onChange, describedBy }: { value: string[]; onChange: (v: string[]) => void; describedBy?: string }) {
  const { t } = useElement();
  const [text, setText] = useState('');
  const list = useRef<HTMLOListElement>(null);
  // The cause just moved, and which way: its button keeps the focus (the other one at either end).
  const moved = useRef<{ cause: string; by: number } | null>(null);
  useEffect(() => {
    const m = moved.current;
    moved.current = null;
    if (!m) return;
    const [up, down] = list.current?.querySelectorAll<HTMLButtonElement>(`li[data-index="${value.indexOf(m.cause)}"] button`) ?? [];
    if (up && down) (m.by < 0 ? (up.disabled ? down : up) : down.disabled ? up : down).focus();
  }, [value]);
  const fresh = text.trim();
  const canAdd = !!fresh && value.length < MAX && !value.some((v) => v.toLowerCase() === fresh.toLowerCase());
  const add = () => {
    if (!canAdd) return;
    onChange([...value, fresh]);
    setText('');
  };
  const move = (i: number, by: number) => {
    const next = [...value];
    [next[i], next[i + by]] = [next[i + by], next[i]];
    onChange(next);
    moved.current = { cause: value[i], by };
  };
  // Enter adds the cause typed rather than sending the whole form.
  const onKey = (e: KeyboardEvent) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    add();
  };
  return (
    <fieldset className="root-causes" aria-describedby={describedBy}>
      <legend>{t('caseRules.closing.rootCauses')}</legend>
      {value.length === 0 ? (
        <p className="hint">{t('caseRules.closing.noRootCauses')}</p>
      ) : (
        <ol ref={list}>
          {value.map((cause, i) => (
            <li key={cause} data-index={i}>
              <span className="cause">{cause}</span>
              <button type="button" className="secondary icon" disabled={i === 0} onClick={() => move(i, -1)} aria-label={t('caseRules.closing.up', { cause })}>
                ↑
              </button>
              <button type="button" className="secondary icon" disabled={i === value.length - 1} onClick={() => move(i, 1)} aria-label={t('caseRules.closing.down', { cause })}>
                ↓
              </button>
              <button type="button" className="secondary icon danger" onClick={() => onChange(value.filter((_, j) => j !== i))} aria-label={t('caseRules.closing.remove', { cause })}>
                ✕
              </button>
            </li>
          ))}
        </ol>
      )}
      <div className="row">
        <label>
          {t('caseRules.closing.newCause')}
          <input value={text} maxLength={100} onChange={(e) => setText(e.target.value)} onKeyDown={onKey} />
        </label>
        <button type="button" className="secondary" disabled={!canAdd} onClick={add}>
          {t('caseRules.closing.add')}
        </button>
      </div>
    </fieldset>
  );
}
