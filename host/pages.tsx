import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { dashboardOf, type Match, type Page } from './routes';
import { $menu } from '../src/stores/menu';
import { translator } from '../src/i18n';
import { endSession } from '../src/api/identity';
import { contentModule, type ContentModule } from '../src/api/content';
import { earlyDashboardSource } from '../src/api/dashboards';
import { ApiError, isBadRequest } from '../src/api/client';
import { navigate } from '../src/stores/navigation';
import { DEFAULT_FILTERS, replaceFilters } from '../src/stores/filters';
import { filtersOfLink } from '../src/lib/filter-link';
import { HelpPage } from './help-page';
import { HomePage, SignInPage } from './first-run';

/** The main element of the pages below that open on it (data pages, sign-in), for the host to fetch before the page renders. */
export const PAGE_ELEMENT: Partial<Record<Page, string>> = {
  dashboard: 'cx-dashboard', content: 'cx-data-viewer', processflow: 'cx-record-detail', home: 'cx-visual', login: 'cx-login', signin: 'cx-login', setup: 'cx-setup',
};

/** The page of a route: the cx-* element with attributes from the path and query. */
export function PageFor({ match, query, lang }: { match: Match; query: URLSearchParams; lang: string }) {
  const t = translator(lang);
  const { page } = match.route;
  const p = match.params;
  switch (page) {
    case 'home':
      return <HomePage lang={lang} />;
    case 'login':
    case 'signin':
      return (
        <SignInPage
          lite={page === 'signin' ? true : undefined}
          banner={query.has('passwordUpdated') ? 'password-updated' : query.has('passwordCreated') ? 'password-created' : undefined}
          ssoError={query.get('ssoError') ?? undefined}
        />
      );
    case 'setup':
      return <cx-setup></cx-setup>;
    case 'forgot':
      return <cx-forgot-password></cx-forgot-password>;
    case 'reset':
    case 'create':
      return <cx-reset-password token={p.token} mode={page}></cx-reset-password>;
    case 'app-registrations':
      return <cx-app-registrations></cx-app-registrations>;
    case 'echo-login':
      return <cx-echo-login></cx-echo-login>;
    case 'user-settings':
      return <cx-user-settings></cx-user-settings>;
    case 'change-password':
      return <cx-change-password></cx-change-password>;
    case 'logout':
      return <SignedOut />;
    case 'error':
      return <cx-status-page kind="error" error-code={query.get('errorCode') ?? undefined} description={query.get('description') ?? undefined} reference={query.get('reference') ?? undefined}></cx-status-page>;
    case 'not-found':
      return <cx-status-page kind="not-found"></cx-status-page>;
    case 'unauthorised':
      return <cx-status-page kind="unauthorised"></cx-status-page>;
    case 'echo-503':
      return <cx-status-page kind="echo-503"></cx-status-page>;
    case 'sso-start':
      return <cx-sso mode="start" provider={query.get('provider') ?? undefined} email={query.get('email') ?? undefined}></cx-sso>;
    case 'sso-confirm':
      return <cx-sso mode="confirm" assertion={query.get('assertion') ?? undefined} relay-state={query.get('relayState') ?? undefined}></cx-sso>;
    case 'sso-error':
      return <SsoError error={p.error ?? query.get('error') ?? t('host.unknownSsoError')} />;
    case 'processflow':
      return (
        <section className="case-page" aria-labelledby="case-page-title">
          <h1 id="case-page-title" className="visually-hidden">{t('host.pages.processflow', { defaultValue: 'Case' })}</h1>
          <cx-record-detail key={p.sourceObjectId} module-id={p.moduleId} source-object-id={p.sourceObjectId} profile-id={p.profileId} action={p.action ?? query.get('action') ?? undefined} quick-template={query.get('quickTemplate') ?? undefined}></cx-record-detail>
        </section>
      );
    case 'content':
      return <ContentPage moduleId={p.moduleId} profileId={p.profileId} rest={p.rest} query={query} />;
    case 'dashboard':
      return <DashboardPage first={p.first} second={p.second} editor={query.has('editor')} query={query} />;
    case 'user-list':
      return <cx-user-list></cx-user-list>;
    case 'user-register':
      return <cx-user-detail></cx-user-detail>;
    case 'group-list':
      return <cx-group-list></cx-group-list>;
    case 'group-register':
      return <cx-group-detail></cx-group-detail>;
    case 'group-detail':
      return <cx-group-detail group-id={p.groupid}></cx-group-detail>;
    case 'user-detail':
      return <cx-user-detail user-id={p.id}></cx-user-detail>;
    case 'editor':
      return p.shortcode ? <cx-survey-editor shortcode={p.shortcode}></cx-survey-editor> : match.route.path === '/editor/home' ? <cx-survey-list></cx-survey-list> : <cx-survey-editor></cx-survey-editor>;
    case 'alerts':
      return <cx-alerts></cx-alerts>;
    case 'datasources':
      return <cx-datasources></cx-datasources>;
    case 'datasource':
      return <cx-datasources source-id={p.sourceId}></cx-datasources>;
    case 'datasource-import':
      return <cx-datasource-import></cx-datasource-import>;
    case 'case-rules':
      return <cx-case-rules></cx-case-rules>;
    case 'webhooks':
      return <cx-webhooks></cx-webhooks>;
    case 'sso-admin':
      return <cx-sso-providers></cx-sso-providers>;
    case 'operations':
      return <cx-operations mode="home"></cx-operations>;
    case 'operations-panel':
      return <cx-operations mode="panel"></cx-operations>;
    case 'dataviz':
      return <cx-dataviz-home></cx-dataviz-home>;
    case 'dashboard-builder':
      return (
        <section className="builder-page" aria-labelledby="builder-page-title">
          <h1 id="builder-page-title" className="visually-hidden">{t('host.pages.dashboard-builder')}</h1>
          <cx-dashboard-builder key={p.dashboardId} dashboard-id={p.dashboardId}></cx-dashboard-builder>
        </section>
      );
    case 'create-survey':
      return <cx-survey-editor></cx-survey-editor>;
    case 'help':
      return <HelpPage lang={lang} />;
    case 'survey':
      return <cx-survey shortcode={p.shortcode} invite-id={p.inviteId} store={query.get('store') ?? undefined}></cx-survey>;
    default:
      return (
        <section aria-labelledby="soon-title">
          <h1 id="soon-title">{t(`host.pages.${page}`, { defaultValue: match.route.title })}</h1>
          <p>{t('host.comingSoon')}</p>
        </section>
      );
  }
}

/**
 * A data page: /content/{profileId}/{moduleId}[/{profileName}][/{Id}] with type, profile, f, s and
 * handoff from the query. The module is loaded from the content first: a module the user may not
 * open, or that does not exist, is a content load failure and goes to /404 (spec part 1 section 8).
 */
function ContentPage({ moduleId, profileId, rest, query }: { moduleId: string; profileId: string; rest?: string; query: URLSearchParams }) {
  const [profileName, recordId] = (rest ?? '').split('/').filter(Boolean);
  const [module, setModule] = useState<ContentModule | null>(null);
  useEffect(() => {
    let live = true;
    contentModule(moduleId, profileId)
      .then((res) => {
        if (!live) return;
        if (isBadRequest(res)) navigate('/404', { replace: true });
        else setModule(res);
      })
      .catch((error: unknown) => live && !(error instanceof ApiError && error.handled) && navigate('/404', { replace: true }));
    return () => {
      live = false;
    };
  }, [moduleId, profileId]);
  if (!module) return null;
  const title = module.navName;
  // An in-portal survey module's page is the survey page.
  if (module.moduleTemplate === 'InPortalSurvey') {
    return (
      <section className="content-page" aria-labelledby="content-title">
        <h1 id="content-title">{title}</h1>
        <cx-inportal-survey module-id={moduleId}></cx-inportal-survey>
      </section>
    );
  }
  // A process-flow module's page is its queue (/content/{profileId}/{moduleId}/{queueName}).
  if (module.moduleTemplate === 'ProcessFlow') {
    return (
      <section className="content-page" aria-labelledby="content-title">
        <h1 id="content-title">{title}</h1>
        <cx-queue key={profileName ?? ''} module-id={moduleId} profile-id={profileId} queue-name={profileName}></cx-queue>
      </section>
    );
  }
  return (
    <section className="content-page" aria-labelledby="content-title">
      <h1 id="content-title">{title}</h1>
      <cx-data-viewer
        module-id={moduleId}
        profile-id={profileId}
        profile-name={profileName}
        profile={query.get('profile') ?? undefined}
        type={query.get('type') ?? undefined}
        favourite={query.get('f') ?? undefined}
        shared={query.get('s') ?? undefined}
        hand-off={query.has('handoff') || undefined}
        record-id={recordId}
      ></cx-data-viewer>
    </section>
  );
}

/** A dashboard route: the profile names come from the menu, to tell /{profileId}/{moduleId} from /{name}/{profile}. */
function DashboardPage({ first, second, editor, query }: { first: string; second?: string; editor: boolean; query: URLSearchParams }) {
  const profiles = useStore($menu);
  const [applied, setApplied] = useState<string | null>(null);
  // /dashboard/{a}/{b} reads either way (profile and dashboard, or dashboard and profile) only with
  // the menu in; /dashboard/{id} does not wait for it (one round trip less before the first tile).
  if (profiles === null && second) return null;
  const { dashboardId } = dashboardOf(first, second, (profiles ?? []).map((pr) => pr.name));
  // An address with filters (an alert's link) opens the dashboard with them, once per address.
  const linked = filtersOfLink(query);
  if (linked && applied !== `${dashboardId}?${query}`) {
    setApplied(`${dashboardId}?${query}`);
    replaceFilters(`dashboard:${dashboardId}`, { ...DEFAULT_FILTERS, ...linked });
  }
  const name = (profiles ?? []).flatMap((pr) => pr.navigationItems).find((i) => i.moduleId.toLowerCase() === dashboardId.toLowerCase())?.navName ?? dashboardId;
  return (
    <section aria-labelledby="dashboard-title">
      {/* The breadcrumb shows where the user is; the page's heading names it for assistive technology. */}
      <h1 id="dashboard-title" className="visually-hidden">{name}</h1>
      <UnknownDashboardTo404 key={`guard-${dashboardId}`} dashboardId={dashboardId} />
      <cx-dashboard key={dashboardId} dashboard-id={dashboardId} editor={editor || undefined}></cx-dashboard>
    </section>
  );
}

/**
 * An unknown dashboard is a content load failure: /404 (spec part 1 section 8). It watches the
 * dashboard's source that the element takes too (asked for before the element renders, one call).
 */
function UnknownDashboardTo404({ dashboardId }: { dashboardId: string }) {
  const [answer] = useState(() => earlyDashboardSource(dashboardId));
  useEffect(() => {
    let live = true;
    answer.catch((error: unknown) => live && error instanceof ApiError && error.status === 404 && navigate('/404', { replace: true }));
    return () => {
      live = false;
    };
  }, [answer]);
  return null;
}

/** /logout: the session ends on arrival. */
function SignedOut() {
  useEffect(() => endSession(), []);
  return <cx-status-page kind="logged-out"></cx-status-page>;
}

/** /sso/error: shows the error and clears the token. */
function SsoError({ error }: { error: string }) {
  useEffect(() => endSession(), []);
  return <cx-status-page kind="sso-error" description={error}></cx-status-page>;
}
