import { useState } from 'react';
import { useStore } from '@nanostores/react';
import type { TFunction } from 'i18next';
import { useElement } from '../../elements/element-context';
import { isBadRequest } from '../../api/client';
import { localSignIn, socialAuth, socialLogout, socialRefresh } from '../../api/social';
import { $social } from '../../stores/social';

/**
 * The social area's sign-in and logout (spec part 3): a reply is published only with a sign-in at
 * the review provider. The local provider signs the portal user in; the server checks the token
 * on every reply and revokes it at logout. A sign-in refreshes the reviews from the providers.
 */
export function SocialSignIn({ t }: { t: TFunction }) {
  const { api } = useElement();
  const social = useStore($social);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const signIn = async () => {
    setBusy(true);
    setFailed(false);
    try {
      const issued = await localSignIn(api);
      if (isBadRequest(issued)) return setFailed(true);
      const auth = await socialAuth(issued.provider, issued.idToken, api);
      if (isBadRequest(auth)) return setFailed(true);
      $social.set({ provider: auth.provider, idToken: issued.idToken });
      // Then the data is loaded (spec part 3): the providers' new reviews and replies come in, at most
      // once a minute (the server skips a refresh within a minute of the last). A failed refresh
      // leaves the sign-in standing.
      await socialRefresh(api).catch(() => undefined);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  if (social) {
    return (
      <p className="social-status">
        {t('reviews.social.signedIn')}{' '}
        <button type="button" className="link" onClick={() => { $social.set(null); void socialLogout(api).catch(() => undefined); }}>{t('reviews.social.signOut')}</button>
      </p>
    );
  }
  return (
    <div className="social-status">
      <p className="hint">{t('reviews.social.needed')}</p>
      <button type="button" onClick={() => void signIn()} disabled={busy} aria-busy={busy}>{t('reviews.social.signIn')}</button>
      {failed && <p className="field-error" role="alert">{t('reviews.social.signInFailed')}</p>}
    </div>
  );
}
