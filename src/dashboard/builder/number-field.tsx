import { useId, useState, type ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useElement } from '../../elements/element-context';

/** What a number setting takes: its bounds, whole numbers only, and whether empty is a choice (Top: all). */
export interface NumberRule {
  min?: number;
  max?: number;
  whole?: boolean;
  optional?: boolean;
}

/** Why a typed number is refused ('' when it fits): the words name the range it must be in. */
export function numberProblem(t: TFunction, text: string, rule: NumberRule): string {
  const { min, max } = rule;
  if (text === '' && rule.optional) return '';
  const n = Number(text);
  const fits = text !== '' && Number.isFinite(n) && (!rule.whole || Number.isInteger(n)) && (min === undefined || n >= min) && (max === undefined || n <= max);
  if (fits) return '';
  if (rule.whole) return t('dashboardBuilder.form.numbers.whole', { min, max });
  if (min !== undefined && max !== undefined) return t('dashboardBuilder.form.numbers.range', { min, max });
  if (min !== undefined) return t('dashboardBuilder.form.numbers.min', { min });
  if (max !== undefined) return t('dashboardBuilder.form.numbers.max', { max });
  return t('dashboardBuilder.form.numbers.any');
}

/**
 * A number setting that can be typed: the text stays the user's while they type ("5" on the way to
 * 50, a "-" before "-30"), each value that fits is taken at once, and one that does not says why
 * (aria-invalid, the reason described) rather than being put back. A new value from outside (an
 * undo) replaces the text.
 */
export function NumberField({ label, value, rule, step, hint, onCommit }: {
  label: ReactNode;
  value: number | undefined;
  rule: NumberRule;
  step?: string;
  /** A hint below the field, described too. */
  hint?: string;
  onCommit: (n: number | undefined) => void;
}) {
  const { t } = useElement();
  const id = useId();
  const shown = value === undefined ? '' : String(value);
  // The text typed, with what the browser made of it: "-" alone reads as '' with badInput (typing on).
  const [typed, setTyped] = useState({ text: shown, partial: false, of: shown });
  const current = typed.of === shown ? typed : { text: shown, partial: false, of: shown };
  if (current !== typed) setTyped(current);
  const problem = current.partial ? '' : numberProblem(t, current.text, rule);
  const described = [hint && `${id}-hint`, problem && `${id}-error`].filter(Boolean).join(' ');
  return (
    <>
      <label>
        {label}
        <input
          type="number"
          min={rule.min}
          max={rule.max}
          step={step}
          value={current.text}
          aria-invalid={problem ? true : undefined}
          aria-describedby={described || undefined}
          onChange={(e) => {
            const text = e.target.value;
            const partial = text === '' && e.target.validity.badInput;
            const fits = !partial && !numberProblem(t, text, rule);
            const next = fits ? (text === '' ? undefined : Number(text)) : value;
            setTyped({ text, partial, of: next === undefined ? '' : String(next) });
            if (fits && next !== value) onCommit(next);
          }}
        />
      </label>
      {hint && (
        <span id={`${id}-hint`} className="hint">
          {hint}
        </span>
      )}
      {problem && (
        <span id={`${id}-error`} className="field-error">
          {problem}
        </span>
      )}
    </>
  );
}
