import { useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { useElement } from '../../elements/element-context';
import { changePassword } from '../../api/identity';
import { isBadRequest } from '../../api/client';
import { formErrors, NO_ERRORS, type FormErrors } from '../shared/use-form';
import { $session, setSession } from '../../stores/session';
import { mismatchErrors, PasswordFields } from './password-fields';

/** Changes the signed-in user's password (also the forced change after sign-in). */
export function ChangePassword({ compact }: { compact?: boolean }) {
  const { t, emit } = useElement();
  const [values, setValues] = useState({ oldPassword: '', newPassword: '', confirmPassword: '' });
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const failed = t('password.updateFailed');
  const sso = !!useStore($session)?.ssoProvider;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setDone(false);
    // In the profile panel the update runs only with all three passwords; otherwise it is skipped
    // and the flow just continues (spec part 1 section 5).
    if (compact && (!values.oldPassword || !values.newPassword || !values.confirmPassword)) {
      setErrors(NO_ERRORS);
      return;
    }
    if (values.newPassword !== values.confirmPassword) {
      setErrors(mismatchErrors(t));
      return;
    }
    setBusy(true);
    setErrors(NO_ERRORS);
    try {
      const res = await changePassword(values);
      if (isBadRequest(res)) setErrors({ ...formErrors(res, (c) => c), general: [failed] });
      else {
        setDone(true);
        setValues({ oldPassword: '', newPassword: '', confirmPassword: '' });
        const session = $session.get();
        if (session?.changePasswordOnNextLogin) setSession({ ...session, changePasswordOnNextLogin: false });
        emit('password-changed', {});
      }
    } catch {
      setErrors({ general: [failed], fields: {} });
    } finally {
      setBusy(false);
    }
  };

  // Signed in through a company's identity provider: there is no portal password to change.
  if (sso) return compact ? null : <p part="base" className="banner info" role="status">{t('password.ssoNoPassword')}</p>;

  return (
    <form part="base" onSubmit={submit} noValidate aria-labelledby="change-title">
      {compact ? <h2 id="change-title">{t('password.changeTitle')}</h2> : <h1 id="change-title">{t('password.changeTitle')}</h1>}
      {done && (
        <p className="banner success" role="status">
          {t('password.updated')}
        </p>
      )}
      {errors.general.map((m) => (
        <p key={m} className="banner error" role="alert">
          {m}
        </p>
      ))}
      <PasswordFields t={t} withOld values={values} errors={errors.fields} onChange={(f, v) => setValues({ ...values, [f]: v })} />
      <button type="submit" disabled={busy}>
        {t('password.changeSubmit')}
      </button>
    </form>
  );
}
