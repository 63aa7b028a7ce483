import { useEffect, useState, type FormEvent } from 'react';
import { useElement } from '../../elements/element-context';
import { resetPassword, whoIs } from '../../api/identity';
import { isBadRequest } from '../../api/client';
import { formErrors, NO_ERRORS, type FormErrors } from '../shared/use-form';
import { mismatchErrors, PasswordFields } from './password-fields';

export interface ResetPasswordProps {
  token?: string;
  mode?: 'reset' | 'create';
}

/** Sets a password from a reset link or an invitation link (greets the user by first name). */
export function ResetPassword({ token = '', mode = 'reset' }: ResetPasswordProps) {
  const { t, go, api } = useElement();
  const [who, setWho] = useState<{ firstName: string } | 'invalid' | null>(null);
  const [values, setValues] = useState({ newPassword: '', confirmPassword: '' });
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    whoIs(token, api)
      .then((w) => live && setWho(isBadRequest(w) ? 'invalid' : w))
      .catch(() => live && setWho('invalid'));
    return () => {
      live = false;
    };
  }, [api, token]);

  const failure = t(mode === 'create' ? 'password.setFailed' : 'password.resetFailed');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (values.newPassword !== values.confirmPassword) {
      setErrors(mismatchErrors(t));
      return;
    }
    setBusy(true);
    try {
      const res = await resetPassword(token, values, api);
      if (isBadRequest(res)) {
        if (res.tokenInvalid) setWho('invalid');
        else setErrors({ ...formErrors(res, (c) => c), general: [failure] });
      } else go(`/login?${mode === 'create' ? 'passwordCreated' : 'passwordUpdated'}=1`);
    } catch {
      setErrors({ general: [failure], fields: {} });
    } finally {
      setBusy(false);
    }
  };

  if (who === null) return <p part="base" role="status">{t('common.loading')}</p>;
  if (who === 'invalid') {
    return (
      <div part="base" className="panel">
        <h1>{t('password.invalidTitle')}</h1>
        <p className="banner error" role="alert">
          {t('password.invalid')}
        </p>
        <button type="button" onClick={() => go('/forgotpassword')}>
          {t('password.requestNew')}
        </button>
      </div>
    );
  }
  return (
    <form part="base" onSubmit={submit} noValidate aria-labelledby="reset-title">
      <h1 id="reset-title">{t(mode === 'create' ? 'password.createTitle' : 'password.resetTitle')}</h1>
      <p>{t('password.greeting', { name: who.firstName })}</p>
      {errors.general.map((m) => (
        <p key={m} className="banner error" role="alert">
          {m}
        </p>
      ))}
      <PasswordFields t={t} values={values} errors={errors.fields} onChange={(f, v) => setValues({ ...values, [f]: v })} />
      <button type="submit" disabled={busy}>
        {t(mode === 'create' ? 'password.createSubmit' : 'password.resetSubmit')}
      </button>
    </form>
  );
}
