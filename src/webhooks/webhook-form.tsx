import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useElement } from '../elements/element-context';
import { WEBHOOK_EVENTS, WEBHOOK_FORMATS, type WebhookInput } from '../api/webhooks';

interface Props {
  initial: WebhookInput;
  /** The form's heading, also its accessible name. */
  title: string;
  submitLabel: string;
  /** Saves; resolves to the server's errors by field (none when saved). */
  onSave: (w: WebhookInput) => Promise<Record<string, string> | null>;
  onCancel: () => void;
}

/** A webhook's name, https address, events (checkboxes), message format and whether it sends. */
export function WebhookForm({ initial, title, submitLabel, onSave, onCancel }: Props) {
  const { t } = useElement();
  const [w, setW] = useState<WebhookInput>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  // Opened by a button: the keyboard goes on in the form's first field.
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);
  const set = (patch: Partial<WebhookInput>) => {
    setW((x) => ({ ...x, ...patch }));
    setErrors({});
  };
  const field = (name: string) => ({ 'aria-invalid': errors[name] ? true : undefined, 'aria-describedby': errors[name] ? `webhook-${name}-error` : undefined });
  const error = (name: string) =>
    errors[name] ? (
      <p id={`webhook-${name}-error`} className="field-error" role="alert">
        {errors[name]}
      </p>
    ) : null;
  const toggle = (event: string, on: boolean) => set({ events: on ? [...w.events, event] : w.events.filter((e) => e !== event) });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const local: Record<string, string> = {};
    if (!w.name.trim()) local.name = t('webhooks.problems.name');
    if (!/^https:\/\//i.test(w.url.trim())) local.url = t('webhooks.problems.url');
    if (!w.events.length) local.events = t('webhooks.problems.events');
    if (Object.keys(local).length) return setErrors(local);
    setBusy(true);
    try {
      const refused = await onSave({ ...w, name: w.name.trim(), url: w.url.trim() });
      if (refused) setErrors(refused);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="webhook-form" aria-labelledby="webhook-form-title" onSubmit={(e) => void submit(e)} noValidate>
      <h2 id="webhook-form-title">{title}</h2>
      <label>
        {t('webhooks.name')}
        <input ref={first} value={w.name} maxLength={100} onChange={(e) => set({ name: e.target.value })} {...field('name')} />
      </label>
      {error('name')}
      <label>
        {t('webhooks.url')}
        <input type="url" value={w.url} maxLength={2000} placeholder="https://" spellCheck={false} onChange={(e) => set({ url: e.target.value })} {...field('url')} />
      </label>
      <p className="hint">{t('webhooks.urlHint')}</p>
      {error('url')}
      <fieldset aria-describedby={errors.events ? 'webhook-events-error' : undefined}>
        <legend>{t('webhooks.events')}</legend>
        {WEBHOOK_EVENTS.map((event) => (
          <label key={event} className="check">
            <input type="checkbox" checked={w.events.includes(event)} onChange={(e) => toggle(event, e.target.checked)} />
            {t(`webhooks.eventNames.${event}`)}
          </label>
        ))}
      </fieldset>
      {error('events')}
      <label>
        {t('webhooks.format')}
        <select value={w.format} onChange={(e) => set({ format: e.target.value as WebhookInput['format'] })}>
          {WEBHOOK_FORMATS.map((f) => (
            <option key={f} value={f}>
              {t(`webhooks.formats.${f}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="check">
        <input type="checkbox" checked={w.enabled} onChange={(e) => set({ enabled: e.target.checked })} />
        {t('webhooks.enabled')}
      </label>
      <div className="actions">
        <button type="submit" disabled={busy}>
          {submitLabel}
        </button>
        <button type="button" className="secondary" onClick={onCancel}>
          {t('webhooks.cancel')}
        </button>
      </div>
    </form>
  );
}
