import { useState, type FormEvent } from 'react';
import { useElement } from '../elements/element-context';
import { PRIORITIES, saveQueue, type CaseQueue, type Hours } from '../api/caserules';
import { weekdayName } from '../lib/dates';
import { newQueue, WEEK } from './calendar';
import { FieldError, invalid, useSend } from './field-errors';
import { SaveButtons } from './save-buttons';

const FORM = 'queue';
const HOURS = ['firstResponseHours', 'resolutionHours'] as const;
const FIELDS = ['name', 'calendar.days', 'calendar.start', 'calendar.end', 'calendar.timeZone', ...HOURS.flatMap((h) => PRIORITIES.map((p) => `${h}.${p}`))];

/** Where a server error of a queue shows: beside its field (`resolutionHours.High`, `calendar.days.2`), else with the form. */
const place = (key: string) => FIELDS.find((f) => key === f || key.startsWith(`${f}.`)) ?? (HOURS.find((h) => key === h) ? `${key}.High` : '_');

/**
 * A queue: its name, the first-response and resolution deadlines per priority in working hours,
 * and the working calendar they count in (days, start and end, time zone).
 */
export function QueueForm({ queue, onSaved, onCancel }: { queue?: CaseQueue; onSaved: (q: CaseQueue) => void; onCancel?: () => void }) {
  const { t, lang, api } = useElement();
  const [q, setQ] = useState<CaseQueue>(() => queue ?? newQueue());
  const { errors, setErrors, busy, send } = useSend(place, t('caseRules.failed'));
  const set = (patch: Partial<CaseQueue>) => {
    setQ((x) => ({ ...x, ...patch }));
    setErrors({});
  };
  const setCalendar = (patch: Partial<CaseQueue['calendar']>) => set({ calendar: { ...q.calendar, ...patch } });
  const setHours = (which: (typeof HOURS)[number], priority: keyof Hours, value: string) =>
    // A blank is sent as null (NaN in JSON), for the server to name the missing hours.
    set({ [which]: { ...q[which], [priority]: value === '' ? NaN : Number(value) } });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const saved = await send(() => saveQueue({ ...q, name: q.name.trim() }, api));
    if (saved) onSaved(saved);
  };

  return (
    <form className="queue-form" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="queue-form-title">
      <h3 id="queue-form-title">{queue ? t('caseRules.queues.editTitle', { name: queue.name }) : t('caseRules.queues.newTitle')}</h3>
      <label>
        {t('caseRules.queues.name')}
        <input value={q.name} maxLength={100} readOnly={!!queue} autoFocus={!!queue} onChange={(e) => set({ name: e.target.value })} {...invalid(errors, FORM, 'name', queue ? 'queue-name-hint' : undefined)} />
      </label>
      {queue && (
        <p id="queue-name-hint" className="hint">
          {t('caseRules.queues.nameFixed')}
        </p>
      )}
      <FieldError errors={errors} form={FORM} name="name" />
      <table className="hours">
        <caption>{t('caseRules.queues.deadlines')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('caseRules.priority')}</th>
            {HOURS.map((h) => (
              <th key={h} scope="col">
                {t(`caseRules.queues.${h}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {PRIORITIES.map((p) => (
            <tr key={p}>
              <th scope="row">{t(`caseRules.priorities.${p}`)}</th>
              {HOURS.map((h) => (
                <td key={h}>
                  <input
                    type="number"
                    min={0}
                    step="any"
                    value={Number.isFinite(q[h][p]) ? q[h][p] : ''}
                    aria-label={t(`caseRules.queues.${h}Of`, { priority: t(`caseRules.priorities.${p}`) })}
                    onChange={(e) => setHours(h, p, e.target.value)}
                    {...invalid(errors, FORM, `${h}.${p}`)}
                  />
                  <FieldError errors={errors} form={FORM} name={`${h}.${p}`} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <fieldset className="days" {...invalid(errors, FORM, 'calendar.days')}>
        <legend>{t('caseRules.queues.days')}</legend>
        {WEEK.map((d) => (
          <label key={d} className="inline">
            <input
              type="checkbox"
              checked={q.calendar.days.includes(d)}
              onChange={(e) => setCalendar({ days: e.target.checked ? [...q.calendar.days, d].sort((a, b) => a - b) : q.calendar.days.filter((x) => x !== d) })}
            />
            {weekdayName(d, lang)}
          </label>
        ))}
      </fieldset>
      <FieldError errors={errors} form={FORM} name="calendar.days" />
      <div className="row">
        <label>
          {t('caseRules.queues.start')}
          <input type="time" value={q.calendar.start} onChange={(e) => setCalendar({ start: e.target.value })} {...invalid(errors, FORM, 'calendar.start')} />
        </label>
        <label>
          {t('caseRules.queues.end')}
          <input type="time" value={q.calendar.end} onChange={(e) => setCalendar({ end: e.target.value })} {...invalid(errors, FORM, 'calendar.end')} />
        </label>
        <label>
          {t('caseRules.queues.timeZone')}
          <input value={q.calendar.timeZone} maxLength={100} onChange={(e) => setCalendar({ timeZone: e.target.value })} {...invalid(errors, FORM, 'calendar.timeZone', 'time-zone-hint')} />
        </label>
      </div>
      <p id="time-zone-hint" className="hint">
        {t('caseRules.queues.timeZoneHint')}
      </p>
      <FieldError errors={errors} form={FORM} name="calendar.start" />
      <FieldError errors={errors} form={FORM} name="calendar.end" />
      <FieldError errors={errors} form={FORM} name="calendar.timeZone" />
      <SaveButtons save={t('caseRules.queues.save')} busy={busy} onCancel={onCancel} />
      <FieldError errors={errors} form={FORM} name="_" />
    </form>
  );
}
