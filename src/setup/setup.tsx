import { useEffect, useId, useState, type FormEvent } from 'react';
import { useElement } from '../elements/element-context';
import { PortalLink } from '../elements/portal-link';
import { ApiError, isBadRequest } from '../api/client';
import { createFirstAdmin, setupNeeded } from '../api/setup';
import { formErrors, NO_ERRORS, type FormErrors } from '../account/shared/use-form';
import { mismatchErrors, PasswordFields } from '../account/password/password-fields';

/** The server's field names on the screen's (the password fields are the shared ones). */
const FIELD_OF: Record<string, string> = { name: 'name', email: 'email', password: 'NewPassword' };

/**
 * The one-time set-up of an empty portal: its first administrator's name, e-mail and password.
 * Once made, they are signed in and go home; a portal that has a user says so and offers the sign-in.
 */
export function Setup() {
  const { t, go, emit, api } = useElement();
  const id = useId();
  const [state, setState] = useState<'checking' | 'needed' | 'done' | 'wait'>('checking');
  const [values, setValues] = useState({ name: '', email: '', newPassword: '', confirmPassword: '' });
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    setupNeeded(api)
      .then((res) => live && setState(!isBadRequest(res) && res.needed ? 'needed' : 'done'))
      .catch(() => live && setState('needed'));
    return () => {
      live = false;
    };
  }, [api]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (values.newPassword !== values.confirmPassword) return setErrors(mismatchErrors(t));
    setBusy(true);
    setErrors(NO_ERRORS);
    try {
      const res = await createFirstAdmin({ name: values.name, email: values.email, password: values.newPassword }, api);
      if (isBadRequest(res)) {
        // A refusal without field errors (409): has someone set the portal up meanwhile?
        const now = res.errors ? undefined : await setupNeeded(api);
        if (now && !isBadRequest(now) && !now.needed) return setState('done');
        const found = formErrors(res, (m) => m);
        const fields = Object.fromEntries(Object.entries(found.fields).map(([k, v]) => [FIELD_OF[k] ?? k, v]));
        return setErrors({ general: Object.keys(fields).length ? [t('setup.failed')] : found.general, fields });
      }
      setState('wait');
      emit('signed-in', { userName: res.content?.userName });
      go('/home');
    } catch (error) {
      setErrors({ general: [error instanceof ApiError && error.status === 429 ? error.message : t('setup.unavailable')], fields: {} });
    } finally {
      setBusy(false);
    }
  };

  if (state === 'checking' || state === 'wait') return <p part="base" role="status">{t(state === 'wait' ? 'login.pleaseWait' : 'common.loading')}</p>;
  if (state === 'done') {
    return (
      <div part="base" className="panel">
        <h1>{t('setup.doneTitle')}</h1>
        <p>{t('setup.done')}</p>
        <PortalLink to="/login">{t('setup.signIn')}</PortalLink>
      </div>
    );
  }
  const field = (name: 'name' | 'email', type: string, autoComplete: string) => (
    <label>
      {t(`setup.${name}`)}
      <input
        name={name}
        type={type}
        autoComplete={autoComplete}
        value={values[name]}
        onChange={(e) => setValues({ ...values, [name]: e.target.value })}
        aria-invalid={!!errors.fields[name]}
        aria-describedby={errors.fields[name]?.length ? `${id}-${name}-error` : undefined}
      />
      {errors.fields[name]?.map((m) => (
        <span key={m} id={`${id}-${name}-error`} className="field-error">
          {m}
        </span>
      ))}
    </label>
  );
  return (
    <form part="base" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>{t('setup.title')}</h1>
      <p className="hint">{t('setup.intro')}</p>
      {errors.general.map((m) => (
        <p key={m} className="banner error" role="alert">
          {m}
        </p>
      ))}
      {field('name', 'text', 'name')}
      {field('email', 'email', 'username')}
      <PasswordFields t={t} values={values} errors={errors.fields} onChange={(f, v) => setValues({ ...values, [f]: v })} />
      <div className="actions">
        <button type="submit" disabled={busy}>
          {t(busy ? 'setup.creating' : 'setup.submit')}
        </button>
      </div>
    </form>
  );
}
