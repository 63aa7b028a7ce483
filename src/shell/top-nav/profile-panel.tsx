import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { useElement } from '../../elements/element-context';
import { languageOptions } from '../../i18n';
import { $session, setSession } from '../../stores/session';
import { $settings, loadSettings } from '../../stores/settings';
import { $config } from '../../stores/config';
import { logout, updateUser } from '../../api/identity';
import { isBadRequest } from '../../api/client';
import { saveLocale } from '../../api/preferences';
import { inAssistant } from '../../lib/assistant';
import { ChangePassword } from '../../account/password/change-password';
import { $clientPlugins } from '../client-plugins';
import { PortalLink } from '../../elements/portal-link';
import { TrialRequest } from './trial-request';

/** The 320 px header panel: user name, password, language, sign-out (not in the assistant). */
export function ProfilePanel() {
  const { t, api } = useElement();
  const session = useStore($session);
  const settings = useStore($settings);
  const plugins = useStore($clientPlugins);
  const locale = useStore($config).locale.split('-')[0];
  const [userName, setUserName] = useState(session?.userName ?? '');
  const [currentPassword, setCurrentPassword] = useState('');
  const [message, setMessage] = useState<{ ok: boolean; text: string; detail?: string } | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    void loadSettings();
    // The panel's heading, not a field: the cursor never lands in "User name" unasked (issue 43).
    heading.current?.focus();
  }, []);

  if (!session) return null;

  const saveUserName = async (event: FormEvent) => {
    event.preventDefault();
    try {
      // The user name is the sign-in e-mail: the server asks for the current password to change it.
      const res = await updateUser({ id: session.id, email: userName.trim(), currentPassword }, api);
      if (isBadRequest(res)) {
        setMessage({ ok: false, text: t('profile.usernameFailed'), detail: res.errors?.CurrentPassword?.[0] ?? res.errors?.email?.[0] ?? res.errors?.Email?.[0] });
        return;
      }
      setSession({ ...session, userName: res.user.userName, email: res.user.email });
      setCurrentPassword('');
      setMessage({ ok: true, text: t('profile.usernameUpdated') });
    } catch {
      setMessage({ ok: false, text: t('profile.usernameFailed') });
    }
  };

  const changeLanguage = (code: string) => void saveLocale(code);

  return (
    <div
      id="profile-panel"
      className="panel profile-panel"
      role="dialog"
      aria-label={t('profile.title')}
    >
      {/* Sign out at the top, beside the name: in reach without scrolling the long panel (issue 43). */}
      <div className="who">
        <div>
          <h2 ref={heading} tabIndex={-1}>
            {session.firstName} {session.lastName}
          </h2>
          {session.userName}
        </div>
        {!inAssistant() && (
          <button type="button" className="secondary" onClick={logout}>
            {t('profile.signOut')}
          </button>
        )}
      </div>
      <nav aria-label={t('profile.pagesTitle')} className="personal">
        <ul>
          <li><PortalLink to="/user/updateSettings">{t('profile.settings')}</PortalLink></li>
          <li><PortalLink to="/user/applicationRegistrations">{t('profile.devices')}</PortalLink></li>
          <li><PortalLink to="/user/echoLogin">{t('profile.qr')}</PortalLink></li>
        </ul>
      </nav>
      <form onSubmit={saveUserName}>
        <h2>{t('profile.usernameTitle')}</h2>
        {message && (
          <p className={`banner ${message.ok ? 'success' : 'error'}`} role={message.ok ? 'status' : 'alert'}>
            {message.text}
            {message.detail && (
              <>
                <br />
                {message.detail}
              </>
            )}
          </p>
        )}
        <p className="hint" id="username-hint">{t('profile.usernameHint')}</p>
        <label>
          {t('login.username')}
          <input type="email" value={userName} autoComplete="username" aria-describedby="username-hint" onChange={(e) => setUserName(e.target.value)} />
        </label>
        <label>
          {t('profile.currentPassword')}
          <input type="password" value={currentPassword} autoComplete="current-password" onChange={(e) => setCurrentPassword(e.target.value)} />
        </label>
        {/* Nothing to change until the name differs: an unchanged name is never reported as updated. */}
        <button type="submit" disabled={userName.trim().toLowerCase() === session.userName.toLowerCase()}>{t('profile.usernameSubmit')}</button>
      </form>
      <ChangePassword compact />
      {plugins.length > 0 && (
        <section aria-labelledby="plugins-title">
          <h2 id="plugins-title">{t('profile.plugins')}</h2>
          <ul className="plugins">
            {plugins.map((p) => (
              <li key={p.elementName}>
                <code>{p.elementName}</code> {t(p.enabled ? 'profile.pluginOn' : 'profile.pluginOff')}
              </li>
            ))}
          </ul>
        </section>
      )}
      <label>
        {t('profile.language')}
        <select value={locale} onChange={(e) => changeLanguage(e.target.value)}>
          {languageOptions(settings?.languages).map((l) => (
            <option key={l.code} value={l.code}>
              {l.name}
            </option>
          ))}
        </select>
      </label>
      <TrialRequest />
    </div>
  );
}
