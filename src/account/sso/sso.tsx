import { useEffect, useRef, useState } from 'react';
import { useElement } from '../../elements/element-context';
import { request, isBadRequest, type ApiTarget } from '../../api/client';
import type { TokenResponse } from '../../api/types';
import { setSession, toSession } from '../../stores/session';
import { takeTarget } from '../../stores/target';
import { $settings, loadSettings } from '../../stores/settings';
import { isLoginPath } from '../../lib/after-login';
import { destinationAfterSignIn } from '../login/after-sign-in';
import { samePortalPath } from '../../lib/safe-path';
import { hasHost } from '../../stores/navigation';
import { WEB_CLIENT_ID } from '../../api/identity';

export interface SsoProps {
  mode?: 'start' | 'confirm';
  assertion?: string;
  relayState?: string;
  /** The identity provider chosen on the sign-in page (its id). */
  provider?: string;
  /** Or the e-mail whose domain picks it (the sign-in page's "Continue with single sign-on" from another site). */
  email?: string;
}

/** Which provider to start with: one chosen by its id, or the one whose domains hold the e-mail; neither: the portal's default. */
export interface SsoChoice {
  provider?: string;
  email?: string;
}

/**
 * Sends the browser to the identity provider by redirect or a posted form (the portal's provider,
 * also from another site); the server's refusal (no provider for that domain) is answered instead.
 */
export async function startSso(api: ApiTarget, choice: SsoChoice = {}): Promise<string | null> {
  const relayState = takeTarget()?.path ?? '/';
  const res = await request<{ url: string; relayState: string }>('POST', '/api/sso/authRequest', {
    anonymous: true,
    target: api,
    json: { location: '/sso/confirm', relayState: isLoginPath(relayState) ? '/' : relayState, ...choice },
  });
  if (isBadRequest(res)) return res.message ?? 'Single sign-on is not enabled.';
  const url = new URL(res.url, api.apiBase || location.origin).href;
  const settings = $settings.get() ?? (await loadSettings());
  if (settings?.sso.mode === 'post') {
    const form = document.createElement('form');
    form.method = 'post';
    form.action = url;
    const field = document.createElement('input');
    field.type = 'hidden';
    field.name = 'relayState';
    field.value = res.relayState;
    form.append(field);
    document.body.append(form);
    form.submit();
  } else location.assign(url);
  return null;
}

/** Exchanges the provider's assertion for a session, then goes on like a password sign-in. */
async function confirm(assertion: string, relayState: string | undefined): Promise<{ to: string } | { error: string }> {
  const res = await request<TokenResponse>('POST', '/api/sso/token', { anonymous: true, json: { assertion, client_id: WEB_CLIENT_ID } });
  if (isBadRequest(res) || !res.isSuccess || !res.content) return { error: res.message || 'Single sign-on failed.' };
  setSession(toSession(res.content), false);
  // The relay state came back through the browser: followed only as a path of this portal.
  const relay = samePortalPath(relayState);
  const target = relay && relay !== '/' && !isLoginPath(relay) ? relay : await destinationAfterSignIn();
  return { to: target };
}

/** /sso/start and /sso/confirm: single sign-on with the portal's identity provider. */
export function Sso({ mode = 'start', assertion, relayState, provider, email }: SsoProps) {
  const { t, go, api } = useElement();
  const [status] = useState(mode);
  const begun = useRef(false);

  useEffect(() => {
    // One attempt per page: an assertion works once, and a new render must not send the user twice.
    if (begun.current) return;
    begun.current = true;
    const fail = (error: string) => go(`/sso/error?${new URLSearchParams({ error })}`);
    // Outside the host portal the element never sends the page to a provider by itself: it asks
    // (cx-navigate) to start on the portal, where the session belongs.
    const choice: SsoChoice = provider ? { provider } : email ? { email } : {};
    if (status === 'start' && !hasHost()) go(`/sso/start${Object.keys(choice).length ? `?${new URLSearchParams({ ...choice })}` : ''}`);
    else if (status === 'start') {
      startSso(api, choice)
        .then((error) => error && fail(error))
        .catch(() => fail(t('sso.unreachable')));
    } else if (!assertion) {
      fail(t('sso.noAssertion'));
    } else {
      confirm(assertion, relayState)
        .then((r) => ('to' in r ? go(r.to) : fail(r.error)))
        .catch(() => fail(t('sso.unreachable')));
    }
  }, [api, status, assertion, relayState, provider, email, go, t]);

  return (
    <div part="base" className="panel" role="status">
      <h1>{t(status === 'start' ? 'sso.starting' : 'sso.confirming')}</h1>
    </div>
  );
}
