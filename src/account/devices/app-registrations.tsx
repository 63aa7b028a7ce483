import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useElement } from '../../elements/element-context';
import { isBadRequest } from '../../api/client';
import { getUserDetail } from '../../api/identity';
import { longDate } from '../../lib/dates';
import { listRegistrations, registerDevice, removeRegistration, rescope, scopeLabels, type Registration } from '../../api/applications';

type Load = { state: 'loading' } | { state: 'denied' } | { state: 'failed' } | { state: 'ready'; labels: string[]; items: Registration[] };

/** Other Devices: register a device with its one-time code and a scope label, list, re-scope, delete. */
export function AppRegistrations() {
  const { t, api } = useElement();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [code, setCode] = useState('');
  const [label, setLabel] = useState('');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);

  const refresh = useCallback(
    () =>
      getUserDetail(api)
        .then(async (me) => {
          if (!isBadRequest(me) && !me.canManageAppRegistrations) return setLoad({ state: 'denied' });
          const [labels, list] = await Promise.all([scopeLabels(api), listRegistrations(api)]);
          if (isBadRequest(labels) || isBadRequest(list)) return setLoad({ state: 'failed' });
          setLoad({ state: 'ready', labels: labels.scopeLabels, items: list.results });
        })
        .catch(() => setLoad({ state: 'failed' })),
    [api],
  );

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const register = async (event: FormEvent) => {
    event.preventDefault();
    if (!label) return setMessage({ ok: false, text: t('devices.chooseLabel') });
    if (!code.trim()) return setMessage({ ok: false, text: t('devices.enterCode') });
    try {
      const res = await registerDevice(code.trim(), label, api);
      if (isBadRequest(res)) {
        const auth = res.errors?.Code?.includes('authentication');
        return setMessage({ ok: false, text: auth ? t('errors.authentication') : (res.message ?? t('devices.failed')) });
      }
      setCode('');
      setLabel('');
      setMessage({ ok: true, text: t('devices.registered', { label: res.scopeLabel }) });
      await refresh();
    } catch {
      setMessage({ ok: false, text: t('devices.failed') });
    }
  };

  const act = async (work: () => Promise<unknown>, done: string) => {
    try {
      const res = await work();
      setMessage(isBadRequest(res) ? { ok: false, text: res.message ?? t('devices.failed') } : { ok: true, text: done });
    } catch {
      setMessage({ ok: false, text: t('devices.failed') });
    }
    setConfirming(null);
    await refresh();
  };

  if (load.state === 'loading') return <p part="base" role="status">{t('common.loading')}</p>;
  if (load.state === 'denied') return <p part="base" className="banner info">{t('devices.denied')}</p>;
  if (load.state === 'failed') return <p part="base" className="banner error" role="alert">{t('devices.loadFailed')}</p>;

  return (
    <section part="base" className="panel" aria-labelledby="devices-title">
      <h1 id="devices-title">{t('devices.title')}</h1>
      {message && <p className={`banner ${message.ok ? 'success' : 'error'}`} role={message.ok ? 'status' : 'alert'}>{message.text}</p>}
      <form onSubmit={register} noValidate aria-labelledby="register-title">
        <h2 id="register-title">{t('devices.registerTitle')}</h2>
        <p className="hint">{t('devices.intro')}</p>
        <label>
          {t('devices.code')}
          <input inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} />
        </label>
        <label>
          {t('devices.scope')}
          <select value={label} onChange={(e) => setLabel(e.target.value)}>
            <option value="">{t('devices.chooseLabel')}</option>
            {load.labels.map((l) => <option key={l} value={l}>{l}</option>)}
          </select>
        </label>
        <button type="submit">{t('devices.register')}</button>
      </form>
      <h2>{t('devices.listTitle')}</h2>
      {load.items.length === 0 ? (
        <p>{t('devices.empty')}</p>
      ) : (
        <ul className="devices">
          {load.items.map((r) => (
            <li key={r.registrationId}>
              <label>
                {t('devices.registeredOn', { date: longDate(r.createdAt) })}
                <select value={r.scopeLabel} onChange={(e) => void act(() => rescope(r.registrationId, e.target.value, api), t('devices.rescoped'))}>
                  {load.labels.map((l) => <option key={l} value={l}>{l}</option>)}
                </select>
              </label>
              {confirming === r.registrationId ? (
                <span className="actions">
                  <button type="button" className="danger" onClick={() => void act(() => removeRegistration(r.registrationId, api), t('devices.removed'))}>{t('devices.confirmRemove')}</button>
                  <button type="button" className="secondary" onClick={() => setConfirming(null)}>{t('users.cancel')}</button>
                </span>
              ) : (
                <button type="button" className="secondary" onClick={() => setConfirming(r.registrationId)}>{t('devices.remove', { label: r.scopeLabel })}</button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
