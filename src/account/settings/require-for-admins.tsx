import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { useElement } from '../../elements/element-context';
import { isBadRequest } from '../../api/client';
import { requireSecondFactorForAdmins } from '../../api/second-factor';
import { $session } from '../../stores/session';
import { $settings } from '../../stores/settings';
import { hasAnyRole } from '../../lib/roles';

/** GlobalAdmin: the portal setting that requires a second factor of administrators (the portal has no other settings screen). */
export function RequireForAdmins() {
  const { t, api } = useElement();
  const session = useStore($session);
  const settings = useStore($settings);
  const [required, setRequired] = useState<boolean | undefined>(undefined);
  const [error, setError] = useState('');
  if (!session || !hasAnyRole(session, ['GlobalAdmin']) || session.secondFactorSetup) return null;
  const value = required ?? settings?.requireSecondFactorForAdmins === true;

  // Shown at once, put back if the server refuses.
  const change = async (next: boolean) => {
    setError('');
    setRequired(next);
    try {
      const res = await requireSecondFactorForAdmins(next, api);
      if (!isBadRequest(res)) return setRequired(res.required);
      setError(res.message || t('secondFactor.failed'));
    } catch {
      setError(t('secondFactor.unavailable'));
    }
    setRequired(!next);
  };

  return (
    <div className="policy">
      <h3>{t('secondFactor.policyTitle')}</h3>
      {error && <p className="banner error" role="alert">{error}</p>}
      <label className="inline">
        <input type="checkbox" name="requireSecondFactorForAdmins" checked={value} onChange={(e) => void change(e.target.checked)} />
        {t('secondFactor.policy')}
      </label>
      <p className="hint">{t('secondFactor.policyHint')}</p>
    </div>
  );
}
