import { useEffect, useState } from 'react';
import { translator } from '../src/i18n';
import { isBadRequest } from '../src/api/client';
import { datavizHome } from '../src/api/operations';
import { setupNeeded } from '../src/api/setup';
import { navigate } from '../src/stores/navigation';

/** The module whose Overview tiles the home page shows (spec: home); without its dashboards, home lists the portal's own. */
const HOME_MODULE = 'responses';

/**
 * The home page: the Overview dashboard's own tiles, for its default period under the user's
 * claims (one truth for every figure). A portal whose survey responses have no dashboard (an empty
 * start, also once its own sources have theirs) shows the data visualisation home instead: its
 * dashboards, or "Add your data".
 */
export function HomePage({ lang }: { lang: string }) {
  const t = translator(lang);
  const [noDashboards, setNoDashboards] = useState<boolean | null>(null);
  useEffect(() => {
    let live = true;
    datavizHome()
      .then((items) => live && setNoDashboards(!isBadRequest(items) && !items.some((i) => i.kind === 'Dashboard' && i.moduleId === HOME_MODULE)))
      .catch(() => live && setNoDashboards(false));
    return () => {
      live = false;
    };
  }, []);
  if (noDashboards) return <cx-dataviz-home></cx-dataviz-home>;
  return (
    <section className="home" aria-labelledby="home-title">
      <h1 id="home-title">{t('host.homeTitle')}</h1>
      <p className="hint">{t('host.homeIntro')}</p>
      {noDashboards === false && (
        <div className="cards">
          <cx-visual module-id={HOME_MODULE} visual="nps" filter-scope="home"></cx-visual>
          <cx-visual module-id={HOME_MODULE} visual="stars" filter-scope="home"></cx-visual>
          <cx-visual module-id={HOME_MODULE} visual="channel-share" filter-scope="home"></cx-visual>
        </div>
      )}
    </section>
  );
}

/** The sign-in page; an empty portal that has no user yet sends the visitor to its one-time set-up. */
export function SignInPage(props: { lite?: boolean; banner?: 'password-updated' | 'password-created'; ssoError?: string }) {
  useEffect(() => {
    let live = true;
    setupNeeded()
      .then((res) => live && !isBadRequest(res) && res.needed && navigate('/setup', { replace: true }))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return <cx-login lite={props.lite} banner={props.banner} sso-error={props.ssoError}></cx-login>;
}
