import { useEffect, useState } from 'react';
import { useElement } from '../../elements/element-context';
import { request, isBadRequest } from '../../api/client';
import { trackException } from '../../api/telemetry';
import { landingPage } from '../../account/login/after-sign-in';

export type StatusKind = 'error' | 'not-found' | 'unauthorised' | 'echo-503' | 'logged-out' | 'sso-error';

export interface StatusPageProps {
  kind?: StatusKind;
  errorCode?: string;
  description?: string;
  reference?: string;
}

/** The error, not-found, unauthorised, mobile-not-supported and signed-out pages. */
export function StatusPage({ kind = 'not-found', errorCode, description, reference }: StatusPageProps) {
  const { t, go } = useElement();
  const [support, setSupport] = useState('');

  useEffect(() => {
    if (kind !== 'error') return;
    trackException(errorCode ?? 'unknown', { description: description ?? null, reference: reference ?? null });
    request<{ email: string }>('GET', '/api/settings/support', { anonymous: true })
      .then((s) => !isBadRequest(s) && setSupport(s.email))
      .catch(() => setSupport(''));
  }, [kind, errorCode, description, reference]);

  const subject = t('status.mailSubject', { code: errorCode ?? t('status.unknownCode') });
  return (
    <section part="base" className="panel" aria-labelledby="status-title">
      <h1 id="status-title">{t(`status.${kind}.title`)}</h1>
      <p>{t(`status.${kind}.text`, { error: description ?? '' })}</p>
      {kind === 'error' && errorCode && (
        <p className="hint">
          {t('status.code', { code: errorCode })}
          {description ? ` — ${description}` : ''}
          {reference ? ` (${reference})` : ''}
        </p>
      )}
      <div className="actions">
        {/* "Home" is the user's own landing page: /home is not everyone's (a SurveyEditor would come straight back to /401). */}
        <button type="button" onClick={() => (kind === 'logged-out' || kind === 'sso-error' ? go('/login') : void landingPage().then(go))}>
          {t(kind === 'logged-out' || kind === 'sso-error' ? 'status.signIn' : 'status.home')}
        </button>
        {kind !== 'logged-out' && (
          <button type="button" className="secondary" onClick={() => history.back()}>
            {t('status.back')}
          </button>
        )}
        {kind === 'error' && support && (
          <a href={`mailto:${support}?subject=${encodeURIComponent(subject)}`}>{t('status.support')}</a>
        )}
      </div>
    </section>
  );
}
