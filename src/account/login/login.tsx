import { useEffect, useId, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { useElement } from '../../elements/element-context';
import { PortalLink } from '../../elements/portal-link';
import { signIn } from '../../api/identity';
import { $settings, loadSettings } from '../../stores/settings';
import { destinationAfterSignIn } from './after-sign-in';
import { trackEvent } from '../../api/telemetry';

export interface LoginProps {
  banner?: 'password-updated' | 'password-created';
  ssoError?: string;
  lite?: boolean;
}

/** Sign-in: user name, password, remember me, single sign-on when configured, forgotten password. */
export function Login({ banner, ssoError, lite }: LoginProps) {
  const { t, go, emit } = useElement();
  const settings = useStore($settings);
  const id = useId();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [state, setState] = useState<'idle' | 'busy' | 'wait'>('idle');
  const [error, setError] = useState('');

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
      const res = await signIn(username.trim(), password, remember);
      if (!res.isSuccess) {
        trackEvent('Error logging in user: incorrect username or password');
        setError(res.message || t('login.failed'));
        setState('idle');
        return;
      }
      setState('wait');
      emit('signed-in', { userName: res.content?.userName });
      go(await destinationAfterSignIn());
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
      <label className="inline">
        <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
        {t('login.remember')}
      </label>
      <div className="actions">
        <button type="submit" disabled={state === 'busy'}>
          {state === 'busy' ? t('login.signingIn') : t('login.submit')}
        </button>
        {sso?.enabled && (
          <button type="button" className="secondary" onClick={() => go('/sso/start')}>
            {t('login.sso')}
          </button>
        )}
      </div>
      <PortalLink to="/forgotpassword">{t('login.forgot')}</PortalLink>
    </form>
  );
}
