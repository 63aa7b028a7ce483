import { useState, type FormEvent } from 'react';
import { useElement } from '../../elements/element-context';
import { PortalLink } from '../../elements/portal-link';
import { requestPasswordReset } from '../../api/identity';
import { isBadRequest } from '../../api/client';

/** Asks for a reset link by user name; answers the same whether or not the account exists. */
export function ForgotPassword() {
  const { t, api } = useElement();
  const [username, setUsername] = useState('');
  const [sent, setSent] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!username.trim()) return setError(t('forgot.required'));
    setBusy(true);
    setError('');
    try {
      const res = await requestPasswordReset(username.trim(), api);
      if (isBadRequest(res)) setError(res.message ?? t('forgot.failed'));
      else setSent(res.message);
    } catch {
      setError(t('forgot.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form part="base" onSubmit={submit} noValidate aria-labelledby="forgot-title">
      <h1 id="forgot-title">{t('forgot.title')}</h1>
      <p className="hint">{t('forgot.intro')}</p>
      {sent && (
        <p className="banner success" role="status">
          {sent}
        </p>
      )}
      {error && (
        <p className="banner error" role="alert">
          {error}
        </p>
      )}
      <label>
        {t('login.username')}
        <input name="username" type="email" autoComplete="username" value={username} onChange={(e) => setUsername(e.target.value)} />
      </label>
      <div className="actions">
        <button type="submit" disabled={busy}>
          {t('forgot.submit')}
        </button>
        <PortalLink to="/login">{t('forgot.back')}</PortalLink>
      </div>
    </form>
  );
}
