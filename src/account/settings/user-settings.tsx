import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { useElement } from '../../elements/element-context';
import { languageOptions } from '../../i18n';
import { $settings, loadSettings } from '../../stores/settings';
import { $config } from '../../stores/config';
import { $session } from '../../stores/session';
import { saveLocale } from '../../api/preferences';
import { SecondFactor } from './second-factor';

/** The user's settings: the language, applied at once to every element and saved for next time; two-step sign-in. */
export function UserSettings() {
  const { t } = useElement();
  const settings = useStore($settings);
  const session = useStore($session);
  const locale = useStore($config).locale.split('-')[0];
  const [status, setStatus] = useState<'idle' | 'saved' | 'failed'>('idle');

  useEffect(() => {
    void loadSettings();
  }, []);

  const change = async (code: string) => {
    setStatus(await saveLocale(code) ? 'saved' : 'failed');
  };

  return (
    <section part="base" className="panel" aria-labelledby="settings-title">
      <h1 id="settings-title">{t('settings.title')}</h1>
      {status === 'saved' && <p className="banner success" role="status">{t('settings.saved')}</p>}
      {status === 'failed' && <p className="banner error" role="alert">{t('settings.failed')}</p>}
      <label>
        {t('profile.language')}
        <select value={locale} onChange={(e) => void change(e.target.value)}>
          {languageOptions(settings?.languages).map((l) => (
            <option key={l.code} value={l.code}>{l.name}</option>
          ))}
        </select>
      </label>
      {/* A provider's sign-in is its own second factor: nothing to set up for a single sign-on user. */}
      {!session?.ssoProvider && <SecondFactor />}
    </section>
  );
}
