import { useElement } from '../elements/element-context';
import type { RuleColumn } from '../api/caserules';
import { CONDITION_KINDS, emptyCondition, kindOf, kindsOf, splitList, type ConditionDraft } from './draft';
import { FieldError, invalid, type FieldErrors } from './field-errors';

interface Props {
  index: number;
  draft: ConditionDraft;
  /** The columns a condition may test. */
  columns: RuleColumn[];
  errors: FieldErrors;
  onChange: (d: ConditionDraft) => void;
  onRemove: () => void;
  /** Takes the focus when drawn (a condition just added). */
  autoFocus?: boolean;
}

const FORM = 'rule';

/**
 * One condition of a rule: its field, then what the field's kind asks for: a score at most and
 * at least (within the column's range), values ticked among the known ones (typed when none are
 * known), or words a comment mentions.
 */
export function ConditionFields({ index, draft, columns, errors, onChange, onRemove, autoFocus }: Props) {
  const { t } = useElement();
  const n = index + 1;
  const at = `conditions.${index}`;
  const column = columns.find((c) => c.key === draft.column);
  const kinds = kindsOf(column);
  const kind = column ? draft.kind : undefined;
  const set = (patch: Partial<ConditionDraft>) => onChange({ ...draft, ...patch });
  const hintId = `condition-${n}-hint`;
  const score = column?.score;
  const range = score && score.min !== undefined && score.max !== undefined ? score : undefined;

  return (
    <fieldset className="condition">
      <legend>{t('caseRules.condition', { n })}</legend>
      <div className="row">
        <label>
          {t('caseRules.conditionField', { n })}
          <select value={draft.column} autoFocus={autoFocus} onChange={(e) => onChange(emptyCondition(columns.find((c) => c.key === e.target.value)))} {...invalid(errors, FORM, `${at}.column`)}>
            {!column && <option value="">{t('caseRules.chooseField')}</option>}
            {CONDITION_KINDS.map((k) => {
              const of = columns.filter((c) => kindOf(c) === k);
              return of.length ? (
                <optgroup key={k} label={t(`caseRules.kinds.${k}`)}>
                  {of.map((c) => (
                    <option key={c.key} value={c.key}>
                      {c.name}
                    </option>
                  ))}
                </optgroup>
              ) : null;
            })}
          </select>
        </label>
        {kinds.length > 1 && (
          <label>
            {t('caseRules.conditionKind', { n })}
            <select value={draft.kind} onChange={(e) => onChange(emptyCondition(column, e.target.value as ConditionDraft['kind']))}>
              {kinds.map((k) => (
                <option key={k} value={k}>
                  {t(`caseRules.kindOf.${k}`)}
                </option>
              ))}
            </select>
          </label>
        )}
        {kind === 'score' && (
          <>
            <label>
              {t('caseRules.atMost', { n })}
              <input type="number" step="any" min={range?.min} max={range?.max} value={draft.atMost} onChange={(e) => set({ atMost: e.target.value })} {...invalid(errors, FORM, `${at}.atMost`, range ? hintId : undefined)} />
            </label>
            <label>
              {t('caseRules.atLeast', { n })}
              <input type="number" step="any" min={range?.min} max={range?.max} value={draft.atLeast} onChange={(e) => set({ atLeast: e.target.value })} {...invalid(errors, FORM, `${at}.atLeast`, range ? hintId : undefined)} />
            </label>
          </>
        )}
        {kind === 'words' && (
          <label className="wide">
            {t('caseRules.words', { n })}
            <input value={draft.text} maxLength={2000} onChange={(e) => set({ text: e.target.value })} {...invalid(errors, FORM, `${at}.words`, hintId)} />
          </label>
        )}
        {kind === 'values' && !column?.values?.length && (
          <label className="wide">
            {t('caseRules.values', { n })}
            <input value={draft.text} maxLength={2000} onChange={(e) => set({ text: e.target.value })} {...invalid(errors, FORM, `${at}.values`, hintId)} />
          </label>
        )}
        <button type="button" className="secondary remove" onClick={onRemove}>
          {t('caseRules.removeCondition', { n })}
        </button>
      </div>
      {kind === 'score' && range && (
        <p id={hintId} className="hint">
          {t('caseRules.range', { min: range.min, max: range.max })}
        </p>
      )}
      {(kind === 'words' || (kind === 'values' && !column?.values?.length)) && (
        <p id={hintId} className="hint">
          {t(kind === 'words' ? 'caseRules.wordsHint' : 'caseRules.valuesHint')}
        </p>
      )}
      {kind === 'words' && splitList(draft.text).length > 0 && (
        // The words as the rule will read them; the input already says them to a screen reader.
        <ul className="chips" aria-hidden="true">
          {splitList(draft.text).map((w, i) => (
            <li key={i}>{w}</li>
          ))}
        </ul>
      )}
      {kind === 'values' && !!column?.values?.length && (
        <div className="values" role="group" aria-labelledby={`condition-${n}-values`} {...invalid(errors, FORM, `${at}.values`)}>
          <span id={`condition-${n}-values`} className="group-label">
            {t('caseRules.values', { n })}
          </span>
          {column.values.map((v) => (
            <label key={v} className="inline">
              <input
                type="checkbox"
                checked={draft.values.includes(v)}
                onChange={(e) => set({ values: e.target.checked ? [...draft.values, v] : draft.values.filter((x) => x !== v) })}
              />
              {v}
            </label>
          ))}
        </div>
      )}
      {['column', 'atMost', 'atLeast', 'words', 'values'].map((f) => (
        <FieldError key={f} errors={errors} form={FORM} name={`${at}.${f}`} />
      ))}
      <FieldError errors={errors} form={FORM} name={at} />
    </fieldset>
  );
}
