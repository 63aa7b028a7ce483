import { useState } from 'react';
import type { TFunction } from 'i18next';
import { DATE_CHOICES, monthChoices, monthOf, validateCustomRange, type CustomRangeRules, type DateChoice } from '../../lib/date-ranges';
import type { FilterState } from '../../stores/filters';
import { monthYear } from '../../lib/dates';

interface Props {
  t: TFunction;
  lang: string;
  state: FilterState;
  /** The data source's custom-range rules (null dates, range validation, a default range). */
  rules: CustomRangeRules;
  onChange: (next: FilterState) => void;
  /** Shown (and meant) instead of "All dates" where the page always shows a period. */
  defaultDate?: DateChoice;
}

/** Shown in the box while no date filter applies: the state, not the action 'Clear Date'. */
const ALL_DATES = 'AllDates';

/**
 * The date filter: the spec's choices, the month list (this month and the previous 5), and a
 * custom range. Choosing Custom Range only opens the two dates: the filters change when the range
 * is applied, never before.
 */
export function DateFilter({ t, lang, state, rules, onChange, defaultDate }: Props) {
  const [customOpen, setCustomOpen] = useState(state.dateChoice === 'CustomRange');
  const [custom, setCustom] = useState({ from: state.customFrom, to: state.customTo });
  const [error, setError] = useState('');
  const months = monthChoices(new Date());
  const monthName = (choice: DateChoice) => monthYear(monthOf(choice)!, lang);
  const shown = customOpen ? 'CustomRange' : state.dateChoice === 'ClearDate' ? (defaultDate ?? ALL_DATES) : state.dateChoice;

  const choose = (choice: string) => {
    setError('');
    if (choice === 'CustomRange') return setCustomOpen(true);
    setCustomOpen(false);
    onChange({ ...state, dateChoice: choice as DateChoice });
  };
  const apply = () => {
    const result = validateCustomRange(custom.from, custom.to, rules);
    if (result && 'error' in result) return setError(t(`filters.errors.${result.error}`));
    setError('');
    onChange({ ...state, dateChoice: result ? 'CustomRange' : 'ClearDate', customFrom: custom.from, customTo: custom.to });
    if (!result) setCustomOpen(false);
  };

  return (
    <>
      <label>
        <span className="cx-visually-hidden">{t('filters.date')}</span>
        <select value={shown} onChange={(e) => choose(e.target.value)}>
          <option value={ALL_DATES} hidden>{t('filters.allDates')}</option>
          {DATE_CHOICES.map((c) => <option key={c} value={c}>{t(`filters.dates.${c}`)}</option>)}
          <optgroup label={t('filters.months')}>
            {months.map((m) => <option key={m} value={m}>{monthName(m)}</option>)}
          </optgroup>
          {monthOf(state.dateChoice) && !months.includes(state.dateChoice as (typeof months)[number]) && <option value={state.dateChoice}>{monthName(state.dateChoice)}</option>}
        </select>
      </label>
      {customOpen && (
        <span className="custom">
          <label>{t('filters.from')} <input type="date" value={custom.from} onChange={(e) => setCustom({ ...custom, from: e.target.value })} /></label>
          <label>{t('filters.to')} <input type="date" value={custom.to} onChange={(e) => setCustom({ ...custom, to: e.target.value })} /></label>
          <button type="button" onClick={apply}>{t('filters.apply')}</button>
        </span>
      )}
      {error && <p className="field-error" role="alert">{error}</p>}
    </>
  );
}
