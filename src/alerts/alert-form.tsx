import { useState, type FormEvent } from 'react';
import { useElement } from '../elements/element-context';
import { ALERT_CONDITIONS, ALERT_DRIVERS, ALERT_MEASURES, ALERT_SCHEDULES, alertProblems, type AlertDefinition } from '../lib/alerts';
import type { Dimension } from '../api/smartdata';

interface Props {
  initial: AlertDefinition;
  dimensions: Dimension[];
  submitLabel: string;
  /** Saves; resolves to the server's errors by field (none when saved). */
  onSave: (a: AlertDefinition) => Promise<Record<string, string> | null>;
  onCancel?: () => void;
}

const MAX_FILTERS = 10;
/** The filter a source with comments has (server/text/dimensions.ts): its rows' sentiment. */
const SENTIMENT_FILTER = 'Sentiment';

/** One alert subscription: what to measure, under which filters, on which condition and how often. */
export function AlertForm({ initial, dimensions, submitLabel, onSave, onCancel }: Props) {
  const { t } = useElement();
  const [a, setA] = useState<AlertDefinition>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<AlertDefinition>) => {
    setA((x) => ({ ...x, ...patch }));
    setErrors({});
  };
  const field = (name: string) => ({ 'aria-invalid': errors[name] ? true : undefined, 'aria-describedby': errors[name] ? `alert-${name}-error` : undefined });
  const error = (name: string) =>
    errors[name] ? (
      <p id={`alert-${name}-error`} className="field-error" role="alert">
        {errors[name]}
      </p>
    ) : null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const local = alertProblems(a);
    if (Object.keys(local).length) return setErrors(Object.fromEntries(Object.entries(local).map(([k]) => [k, t(`alerts.problems.${k}`)])));
    setBusy(true);
    try {
      const refused = await onSave(a);
      if (refused) setErrors(refused);
    } finally {
      setBusy(false);
    }
  };

  const measureChanged = (measure: AlertDefinition['measure']) =>
    set({ measure, condition: measure !== 'detractors' && a.condition === 'newDetractor' ? 'below' : a.condition, driver: measure === 'driverShare' ? (a.driver ?? 'Price') : undefined });
  const usable = dimensions.filter((d) => d.filterDimensionValues.length > 0 && d.filterDimensionStatus !== 'RequiresFiltering');
  // Net sentiment only where the source's comments are read (its filters then have Sentiment); the server says why otherwise.
  const sentiment = dimensions.some((d) => d.filterKey === SENTIMENT_FILTER);
  const measures = ALERT_MEASURES.filter((m) => m !== 'netSentiment' || sentiment || a.measure === m);

  return (
    <form className="alert-form" onSubmit={(e) => void submit(e)} noValidate>
      <label>
        {t('alerts.name')}
        <input value={a.name} maxLength={120} onChange={(e) => set({ name: e.target.value })} {...field('name')} />
      </label>
      {error('name')}
      <div className="row">
        <label>
          {t('alerts.measure')}
          <select value={a.measure} onChange={(e) => measureChanged(e.target.value as AlertDefinition['measure'])} {...field('moduleId')}>
            {measures.map((m) => (
              <option key={m} value={m}>
                {t(`alerts.measures.${m}`)}
              </option>
            ))}
          </select>
        </label>
        {a.measure === 'driverShare' && (
          <label>
            {t('alerts.driver')}
            <select value={a.driver ?? ''} onChange={(e) => set({ driver: e.target.value as AlertDefinition['driver'] })} {...field('driver')}>
              {ALERT_DRIVERS.map((d) => (
                <option key={d} value={d}>
                  {t(`alerts.drivers.${d}`)}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      {/* The server's word on what the data cannot measure (a net sentiment of a source without comments). */}
      {error('moduleId')}
      <div className="row">
        <label>
          {t('alerts.condition')}
          <select value={a.condition} onChange={(e) => set({ condition: e.target.value as AlertDefinition['condition'] })} {...field('condition')}>
            {ALERT_CONDITIONS.filter((c) => c !== 'newDetractor' || a.measure === 'detractors').map((c) => (
              <option key={c} value={c}>
                {t(`alerts.conditions.${c}`)}
              </option>
            ))}
          </select>
        </label>
        {a.condition !== 'newDetractor' && (
          <label>
            {t(a.condition === 'changeBy' ? 'alerts.points' : 'alerts.threshold')}
            <input
              type="number"
              step="any"
              value={a.threshold ?? ''}
              onChange={(e) => set({ threshold: e.target.value === '' ? undefined : Number(e.target.value) })}
              {...field('threshold')}
            />
          </label>
        )}
        <label>
          {t('alerts.schedule')}
          <select value={a.schedule} onChange={(e) => set({ schedule: e.target.value as AlertDefinition['schedule'] })}>
            {ALERT_SCHEDULES.map((s) => (
              <option key={s} value={s}>
                {t(`alerts.schedules.${s}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {error('condition')}
      {error('threshold')}
      {error('driver')}
      <fieldset className="alert-filters">
        <legend>{t('alerts.filters')}</legend>
        <p className="hint">{t('alerts.filtersHint')}</p>
        {a.filters.map((f, i) => {
          const dim = usable.find((d) => d.filterKey === f.key);
          return (
            <div className="row" key={i}>
              <label>
                {t('alerts.filterField', { n: i + 1 })}
                <select value={f.key} onChange={(e) => set({ filters: a.filters.map((x, j) => (j === i ? { key: e.target.value, value: usable.find((d) => d.filterKey === e.target.value)?.filterDimensionValues[0]?.dimensionValue ?? '' } : x)) })}>
                  {usable.map((d) => (
                    <option key={d.filterKey} value={d.filterKey}>
                      {d.filterName}
                    </option>
                  ))}
                </select>
              </label>
              <label>
                {t('alerts.filterValue', { n: i + 1 })}
                <select value={f.value} onChange={(e) => set({ filters: a.filters.map((x, j) => (j === i ? { ...x, value: e.target.value } : x)) })}>
                  {(dim?.filterDimensionValues ?? []).map((v) => (
                    <option key={v.dimensionValue} value={v.dimensionValue}>
                      {v.dimensionLabel || v.dimensionValue}
                    </option>
                  ))}
                </select>
              </label>
              <button type="button" className="secondary" onClick={() => set({ filters: a.filters.filter((_, j) => j !== i) })} aria-label={t('alerts.removeFilter', { n: i + 1 })}>
                ✕
              </button>
            </div>
          );
        })}
        {usable.length > 0 && a.filters.length < MAX_FILTERS && (
          <button
            type="button"
            className="secondary"
            onClick={() => set({ filters: [...a.filters, { key: usable[0].filterKey, value: usable[0].filterDimensionValues[0].dimensionValue }] })}
          >
            {t('alerts.addFilter')}
          </button>
        )}
        {error('filters')}
      </fieldset>
      {error('_')}
      <div className="actions">
        <button type="submit" disabled={busy}>
          {submitLabel}
        </button>
        {onCancel && (
          <button type="button" className="secondary" onClick={onCancel}>
            {t('alerts.cancel')}
          </button>
        )}
      </div>
    </form>
  );
}
