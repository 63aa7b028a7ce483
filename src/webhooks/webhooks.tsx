import { useEffect, useRef, useState } from 'react';
import { useElement } from '../elements/element-context';
import { isBadRequest } from '../api/client';
import {
  createWebhook, deleteWebhook, listWebhooks, rotateWebhookSecret, sendTestEvent, updateWebhook,
  type Attempt, type Webhook, type WebhookInput,
} from '../api/webhooks';
import { longInstant } from '../lib/dates';
import { WebhookForm } from './webhook-form';
import { DeliveryLog, Outcome } from './delivery-log';
import { Loading, LoadFailed } from '../elements/load-states';
import { SecretOnce } from './secret-once';

const NEW_WEBHOOK: WebhookInput = { name: '', url: '', events: [], format: 'json', enabled: true };

/** The server's refusal as errors by field; a refusal without fields goes under the name. */
function byField(res: { message?: string; errors?: Record<string, string[]> }, fallback: string): Record<string, string> {
  const fields = Object.fromEntries(Object.entries(res.errors ?? {}).map(([k, v]) => [k.split('.')[0], v[0]]));
  return Object.keys(fields).length ? fields : { name: res.message ?? fallback };
}

/**
 * The webhooks page (`cx-webhooks`, /admin/webhooks): each endpoint with its events, format and
 * last delivery; add and edit, switch off, delete, rotate the signing secret (shown once), send a
 * test event and see its result, and the delivery log of each.
 */
export function WebhooksPage() {
  const { t, api } = useElement();
  const [hooks, setHooks] = useState<Webhook[] | null>(null);
  const [max, setMax] = useState(20);
  const [failed, setFailed] = useState(false);
  // 'new', a webhook's id, or nothing open.
  const [editing, setEditing] = useState<string | null>(null);
  const [secret, setSecret] = useState<{ name: string; secret: string } | null>(null);
  const [tests, setTests] = useState<Record<string, Attempt | string>>({});
  const [openLog, setOpenLog] = useState<string | null>(null);
  const [logVersion, setLogVersion] = useState(0);
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);

  const reload = async () => {
    const res = await listWebhooks(api);
    if (isBadRequest(res)) throw new Error(res.message);
    setHooks(res.webhooks);
    setMax(res.max);
  };
  useEffect(() => {
    let live = true;
    listWebhooks(api)
      .then((res) => {
        if (!live) return;
        if (isBadRequest(res)) return setFailed(true);
        setHooks(res.webhooks);
        setMax(res.max);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [api]);

  const failedText = (error: unknown) => (error instanceof Error && error.message ? error.message : t('webhooks.failed'));

  /** Saves the form; the new or changed webhook's errors by field, or none once saved. */
  const save = async (id: string | null, w: WebhookInput): Promise<Record<string, string> | null> => {
    try {
      const res = id ? await updateWebhook(id, w, api) : await createWebhook(w, api);
      if (isBadRequest(res)) return byField(res, t('webhooks.failed'));
      if ('secret' in res && typeof res.secret === 'string') setSecret({ name: res.name, secret: res.secret });
      setEditing(null);
      setMessage(t(id ? 'webhooks.saved' : 'webhooks.created', { name: res.name }));
      await reload();
      return null;
    } catch (error) {
      return { name: failedText(error) };
    }
  };

  /** A row's action: busy while it runs, its outcome announced. */
  const act = async (key: string, fn: () => Promise<void>) => {
    setBusy(key);
    try {
      await fn();
    } catch (error) {
      setMessage(failedText(error));
    } finally {
      setBusy(null);
    }
  };

  const toggle = (h: Webhook) =>
    act(`toggle-${h.id}`, async () => {
      const res = await updateWebhook(h.id, { enabled: !h.enabled }, api);
      if (isBadRequest(res)) return setMessage(res.message ?? t('webhooks.failed'));
      setMessage(t(h.enabled ? 'webhooks.disabledNow' : 'webhooks.enabledNow', { name: h.name }));
      await reload();
    });
  const remove = (h: Webhook) =>
    confirm(t('webhooks.confirmDelete', { name: h.name })) &&
    act(`delete-${h.id}`, async () => {
      const res = await deleteWebhook(h.id, api);
      // A refusal is an answer, not an exception: it is said, and nothing is called deleted.
      if (isBadRequest(res)) return setMessage(res.message ?? t('webhooks.failed'));
      setMessage(t('webhooks.deleted', { name: h.name }));
      await reload();
      addButton.current?.focus();
    });
  const rotate = (h: Webhook) =>
    confirm(t('webhooks.confirmRotate', { name: h.name })) &&
    act(`rotate-${h.id}`, async () => {
      const res = await rotateWebhookSecret(h.id, api);
      if (isBadRequest(res)) return setMessage(res.message ?? t('webhooks.failed'));
      setSecret({ name: res.name, secret: res.secret });
    });
  const test = (h: Webhook) =>
    act(`test-${h.id}`, async () => {
      setTests((x) => ({ ...x, [h.id]: t('webhooks.testSending') }));
      const res = await sendTestEvent(h.id, api).catch((error: unknown) => failedText(error));
      const result = typeof res === 'string' ? res : isBadRequest(res) ? (res.message ?? t('webhooks.failed')) : res;
      setTests((x) => ({ ...x, [h.id]: result }));
      setLogVersion((v) => v + 1);
      await reload();
    });

  if (failed) return <LoadFailed className="banner error">{t('webhooks.loadFailed')}</LoadFailed>;
  if (!hooks) return <Loading>{t('webhooks.loading')}</Loading>;
  const full = hooks.length >= max;
  return (
    <section className="webhooks" aria-labelledby="webhooks-title" part="base">
      <h1 id="webhooks-title">{t('webhooks.title')}</h1>
      <p className="hint">{t('webhooks.intro')}</p>
      <p className="cx-visually-hidden" role="status">
        {message}
      </p>
      {secret && <SecretOnce name={secret.name} secret={secret.secret} onDone={() => setSecret(null)} />}
      {hooks.length === 0 ? (
        <p className="empty">{t('webhooks.empty')}</p>
      ) : (
        <ul className="webhook-list">
          {hooks.map((h) => (
            <li key={h.id} className={h.enabled ? '' : 'off'} aria-labelledby={`webhook-${h.id}`}>
              {editing === h.id ? (
                <WebhookForm initial={h} title={t('webhooks.editTitle', { name: h.name })} submitLabel={t('webhooks.save')} onCancel={() => setEditing(null)} onSave={(w) => save(h.id, w)} />
              ) : (
                <>
                  <h2 id={`webhook-${h.id}`}>
                    {h.name}
                    {!h.enabled && <span className="badge">{t('webhooks.off')}</span>}
                  </h2>
                  <p className="url">{h.url}</p>
                  <p>
                    {h.events.map((e) => t(`webhooks.eventNames.${e}`)).join(', ')} · {t(`webhooks.formats.${h.format}`)}
                  </p>
                  <p className="hint">
                    {h.lastAttempt ? (
                      <>
                        {t('webhooks.lastAttempt', { at: longInstant(h.lastAttempt.at) })} <Outcome a={h.lastAttempt} />
                      </>
                    ) : (
                      t('webhooks.neverSent')
                    )}
                  </p>
                  <div className="actions">
                    <button type="button" disabled={busy === `test-${h.id}`} onClick={() => void test(h)}>
                      {t('webhooks.test')}
                      <span className="cx-visually-hidden"> {h.name}</span>
                    </button>
                    <button type="button" className="secondary" aria-expanded={openLog === h.id} aria-controls={`log-${h.id}`} onClick={() => setOpenLog(openLog === h.id ? null : h.id)}>
                      {t('webhooks.showLog')}
                      <span className="cx-visually-hidden"> {h.name}</span>
                    </button>
                    <button type="button" className="secondary" onClick={() => setEditing(h.id)}>
                      {t('webhooks.edit')}
                      <span className="cx-visually-hidden"> {h.name}</span>
                    </button>
                    <button type="button" className="secondary" disabled={busy === `toggle-${h.id}`} onClick={() => void toggle(h)}>
                      {t(h.enabled ? 'webhooks.disable' : 'webhooks.enable')}
                      <span className="cx-visually-hidden"> {h.name}</span>
                    </button>
                    <button type="button" className="secondary" disabled={busy === `rotate-${h.id}`} onClick={() => void rotate(h)}>
                      {t('webhooks.rotate')}
                      <span className="cx-visually-hidden"> {h.name}</span>
                    </button>
                    <button type="button" className="secondary danger" disabled={busy === `delete-${h.id}`} onClick={() => void remove(h)}>
                      {t('webhooks.delete')}
                      <span className="cx-visually-hidden"> {h.name}</span>
                    </button>
                  </div>
                  {tests[h.id] !== undefined && <TestResult result={tests[h.id]} />}
                  <div id={`log-${h.id}`} hidden={openLog !== h.id}>
                    {openLog === h.id && <DeliveryLog id={h.id} name={h.name} version={logVersion} />}
                  </div>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {editing === 'new' ? (
        <section className="new-webhook">
          <WebhookForm initial={NEW_WEBHOOK} title={t('webhooks.new')} submitLabel={t('webhooks.create')} onCancel={() => setEditing(null)} onSave={(w) => save(null, w)} />
        </section>
      ) : (
        <div className="actions">
          <button ref={addButton} type="button" disabled={full} aria-describedby={full ? 'webhooks-full' : undefined} onClick={() => setEditing('new')}>
            {t('webhooks.add')}
          </button>
          {full && (
            <span id="webhooks-full" className="hint">
              {t('webhooks.full', { max })}
            </span>
          )}
        </div>
      )}
    </section>
  );
}

/** The outcome of "Send a test event": sending, what the receiver answered, or why nothing came. */
function TestResult({ result }: { result: Attempt | string }) {
  const { t } = useElement();
  return (
    <div className="test-result" role="status">
      {typeof result === 'string' ? (
        result
      ) : (
        <>
          {t(result.ok ? 'webhooks.testDelivered' : 'webhooks.testFailed')} <Outcome a={result} />
          {result.answer && <pre className="answer">{result.answer.slice(0, 500)}</pre>}
        </>
      )}
    </div>
  );
}
