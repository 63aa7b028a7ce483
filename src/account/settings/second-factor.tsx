import { useEffect, useId, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { useElement } from '../../elements/element-context';
import { isBadRequest, type BadRequest } from '../../api/client';
import {
  confirmSecondFactor, getSecondFactor, renewRecoveryCodes, setUpSecondFactor, turnOffSecondFactor, type SecondFactorSetup, type SecondFactorStatus,
} from '../../api/second-factor';
import { $session } from '../../stores/session';
import { logout } from '../../api/identity';
import { QrCode } from '../echo-login/qr-code';
import { RecoveryCodes } from './recovery-codes';
import { RequireForAdmins } from './require-for-admins';

type Stage = { kind: 'status' } | { kind: 'setup'; setup: SecondFactorSetup } | { kind: 'codes'; codes: string[] };

/** A code field: the browser and password managers offer the authenticator's code (one-time-code). */
export function CodeField({ label, value, onChange, recovery, invalid }: { label: string; value: string; onChange: (v: string) => void; recovery?: boolean; invalid?: boolean }) {
  return (
    <label>
      {label}
      <input
        name={recovery ? 'recoveryCode' : 'code'}
        autoComplete="one-time-code"
        inputMode={recovery ? 'text' : 'numeric'}
        pattern={recovery ? undefined : '[0-9]*'}
        maxLength={recovery ? 20 : 6}
        spellCheck={false}
        value={value}
        aria-invalid={invalid}
        onChange={(e) => onChange(e.target.value)}
      />
    </label>
  );
}

/**
 * Two-step sign-in in the account settings: set up an authenticator app (QR code, the secret as
 * text, a first code), recovery codes shown once, new codes, turning it off.
 */
export function SecondFactor() {
  const { t, api } = useElement();
  const id = useId();
  const session = useStore($session);
  const [status, setStatus] = useState<SecondFactorStatus | null>(null);
  const [stage, setStage] = useState<Stage>({ kind: 'status' });
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  // Bumped after every change: the status is read again.
  const [reads, setReads] = useState(0);
  const load = () => setReads((n) => n + 1);
  useEffect(() => {
    let live = true;
    getSecondFactor(api).then(
      (res) => live && !isBadRequest(res) && setStatus(res),
      () => live && setError(t('secondFactor.unavailable')),
    );
    return () => {
      live = false;
    };
  }, [api, t, reads]);

  /** Runs a call; a refusal shows the server's message, no answer a general one. */
  const run = async <T,>(call: () => Promise<T | BadRequest>, then: (value: T) => void) => {
    setBusy(true);
    setError('');
    try {
      const res = await call();
      if (isBadRequest(res)) setError(res.message || t('secondFactor.failed'));
      else then(res);
    } catch {
      setError(t('secondFactor.unavailable'));
    } finally {
      setBusy(false);
    }
  };

  const start = () => run(() => setUpSecondFactor(api), (setup) => {
    setCode('');
    setStage({ kind: 'setup', setup });
  });
  /** Confirming the setup and renewing the codes both send a code from the app and show the recovery codes they get back. */
  const sendCode = (send: typeof confirmSecondFactor) => (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setError(t('secondFactor.codeRequired'));
    void run(() => send(code.trim(), api), ({ recoveryCodes }) => {
      setCode('');
      setStage({ kind: 'codes', codes: recoveryCodes });
      load();
    });
  };
  const confirm = sendCode(confirmSecondFactor);
  const renew = sendCode(renewRecoveryCodes);
  const turnOff = (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setError(t('secondFactor.passwordRequired'));
    void run(() => turnOffSecondFactor(password, api), () => {
      setPassword('');
      load();
    });
  };
  // A session that could only set up the second factor: the full portal needs a sign-in with a code.
  const signInAgain = () => logout();

  const errorBanner = error && <p className="banner error" role="alert">{error}</p>;
  const title = <h2 id={`${id}-title`}>{t('secondFactor.title')}</h2>;

  if (stage.kind === 'setup') {
    const { setup } = stage;
    return (
      <form className="panel" aria-labelledby={`${id}-title`} onSubmit={confirm} noValidate>
        {title}
        {errorBanner}
        <p className="hint">{t('secondFactor.scan')}</p>
        <QrCode value={setup.uri} label={t('secondFactor.qrLabel')} />
        <p className="hint" id={`${id}-secret-hint`}>{t('secondFactor.manual')}</p>
        <code className="secret" aria-describedby={`${id}-secret-hint`} data-secret={setup.secret}>{setup.secret.replace(/(.{4})/g, '$1 ').trim()}</code>
        <CodeField label={t('secondFactor.code')} value={code} onChange={setCode} invalid={!!error} />
        <div className="actions">
          <button type="submit" disabled={busy}>{t('secondFactor.confirm')}</button>
          <button type="button" className="secondary" onClick={() => setStage({ kind: 'status' })}>{t('secondFactor.cancel')}</button>
        </div>
      </form>
    );
  }

  if (stage.kind === 'codes') {
    return (
      <section className="panel" aria-labelledby={`${id}-title`}>
        {title}
        <p className="banner success" role="status">{t('secondFactor.on')}</p>
        <RecoveryCodes codes={stage.codes} />
        {session?.secondFactorSetup ? (
          <>
            <p className="hint">{t('secondFactor.signInAgainHint')}</p>
            <button type="button" onClick={signInAgain}>{t('secondFactor.signInAgain')}</button>
          </>
        ) : (
          <button type="button" className="secondary" onClick={() => setStage({ kind: 'status' })}>{t('secondFactor.done')}</button>
        )}
      </section>
    );
  }

  return (
    <section className="panel" aria-labelledby={`${id}-title`}>
      {title}
      {errorBanner}
      {status?.required && !status.enabled && <p className="banner info" role="status">{t('secondFactor.required')}</p>}
      {status && !status.enabled && (
        <>
          <p className="hint">{t('secondFactor.intro')}</p>
          <div className="actions">
            <button type="button" disabled={busy} onClick={() => void start()}>{t('secondFactor.setUp')}</button>
          </div>
        </>
      )}
      {status?.enabled && (
        <>
          <p>{t('secondFactor.isOn', { count: status.recoveryCodesLeft })}</p>
          <form className="panel" onSubmit={renew} noValidate aria-labelledby={`${id}-renew`}>
            <h3 id={`${id}-renew`}>{t('secondFactor.renewTitle')}</h3>
            <CodeField label={t('secondFactor.code')} value={code} onChange={setCode} />
            <div className="actions">
              <button type="submit" className="secondary" disabled={busy}>{t('secondFactor.renew')}</button>
            </div>
          </form>
          <form className="panel" onSubmit={turnOff} noValidate aria-labelledby={`${id}-off`}>
            <h3 id={`${id}-off`}>{t('secondFactor.offTitle')}</h3>
            <label>
              {t('secondFactor.password')}
              <input name="password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
            </label>
            <div className="actions">
              <button type="submit" className="danger" disabled={busy}>{t('secondFactor.turnOff')}</button>
            </div>
          </form>
        </>
      )}
      <RequireForAdmins />
    </section>
  );
}
