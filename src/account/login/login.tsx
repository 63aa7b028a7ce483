import { useEffect, useId, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { useElement } from '../../elements/element-context';
import { PortalLink } from '../../elements/portal-link';
import { signIn } from '../../api/identity';
import { $settings, loadSettings } from '../../stores/settings';
import { destinationAfterSignIn } from './after-sign-in';
import { trackEvent } from '../../api/telemetry';
import { CodeStep, type CodeKind } from './code-step';
import { hasHost } from '../../stores/navigation';
import { startSso } from '../sso/sso';

/** A user name that is an e-mail address: its domain may pick a company sign-in (the server decides which, on request). */
const looksLikeEmail = (name: string) => /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(name.trim());

export interface LoginProps {
  banner?: 'password-updated' | 'password-created';
  ssoError?: string;
  lite?: boolean;
}

/** Sign-in: user name, password, remember me, single sign-on when configured, forgotten password. */
export function Login({ banner, ssoError, lite }: LoginProps) {
  const { t, go, emit, api } = useElement();
  const settings = useStore($settings);
  const id = useId();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [state, setState] = useState<'idle' | 'busy' | 'wait'>('idle');
  const [error, setError] = useState('');
  // The second factor, once the server asked for it: the password stays typed, the code is added.
  const [codeKind, setCodeKind] = useState<CodeKind | null>(null);
  const [otp, setOtp] = useState('');

  useEffect(() => {
    void loadSettings();
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!username.trim() || !password) {
      setError(t('login.required'));
      return;
    }
    setState('busy');
    setError('');
    try {
      if (codeKind && !otp.trim()) {
        setError(t('login.codeRequired'));
        setState('idle');
        return;
      }
      const res = await signIn(username.trim(), password, remember, codeKind ? otp.trim() : undefined);
      if (!res.isSuccess && res.secondFactor && !codeKind) {
        setCodeKind('app');
        setState('idle');
        return;
      }
      if (!res.isSuccess) {
        trackEvent('Error logging in user: incorrect username or password');
        setError(res.message || t('login.failed'));
        setState('idle');
        return;
      }
      setState('wait');
      emit('signed-in', { userName: res.content?.userName });
      // An administrator the portal requires a second factor of, without one, sets it up first.
      go(res.content?.secondFactorSetup ? '/user/updateSettings' : await destinationAfterSignIn());
    } catch {
      setError(t('login.unavailable'));
      setState('idle');
    }
  };

  if (state === 'wait') {
    return (
      <div part="base" className="panel" role="status">
        <h1>{t('login.pleaseWait')}</h1>
      </div>
    );
  }

  const sso = settings?.sso;
  const providers = sso?.providers ?? [];
  // The server is asked which provider holds the domain only when the user presses the button:
  // nothing is asked while typing, so the page tells no one which domains or accounts exist.
  const continueBySso = async () => {
    const email = username.trim();
    if (!hasHost()) return go(`/sso/start?${new URLSearchParams({ email })}`);
    setState('busy');
    setError('');
    const refused = await startSso(api, { email }).catch(() => t('login.unavailable'));
    if (refused) {
      setError(refused);
      setState('idle');
    }
  };
  return (
    <form part="base" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>{t(lite ? 'login.liteTitle' : 'login.title')}</h1>
      {banner && (
        <p className="banner success" role="status">
          {t(banner === 'password-updated' ? 'login.passwordUpdated' : 'login.passwordCreated')}
        </p>
      )}
      {ssoError && (
        <p className="banner error" role="alert">
          {t('login.ssoError', { error: ssoError })}
        </p>
      )}
      {error && (
        <p className="banner error" role="alert">
          {error}
        </p>
      )}
      <label>
        {t('login.username')}
        <input name="username" type="email" autoComplete="username" value={username} onChange={(e) => setUsername(e.target.value)} aria-invalid={!!error && !username} />
      </label>
      <label>
        {t('login.password')}
        <input name="password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} aria-invalid={!!error && !password} />
      </label>
      {codeKind && <CodeStep kind={codeKind} value={otp} invalid={!!error} onChange={setOtp} onKind={(kind) => { setCodeKind(kind); setOtp(''); }} />}
      <label className="inline">
        <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
        {t('login.remember')}
      </label>
      <div className="actions">
        <button type="submit" disabled={state === 'busy'}>
          {state === 'busy' ? t('login.signingIn') : t('login.submit')}
        </button>
        {sso?.enabled && providers.length === 0 && (
          <button type="button" className="secondary" onClick={() => go('/sso/start')}>
            {t('login.sso')}
          </button>
        )}
        {providers.length > 0 && looksLikeEmail(username) && (
          <button type="button" className="secondary" disabled={state === 'busy'} onClick={() => void continueBySso()}>
            {t('login.ssoByDomain')}
          </button>
        )}
      </div>
      {providers.length > 0 && (
        <div className="actions sso-providers" role="group" aria-label={t('login.ssoProviders')}>
          {providers.map((p) => (
            <button key={p.id} type="button" className="secondary" onClick={() => go(`/sso/start?${new URLSearchParams({ provider: p.id })}`)}>
              {t('login.ssoWith', { name: p.name })}
            </button>
          ))}
        </div>
      )}
      <PortalLink to="/forgotpassword">{t('login.forgot')}</PortalLink>
    </form>
  );
}
