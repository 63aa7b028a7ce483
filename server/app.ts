import { urgentWrites } from './db/priority';
import { Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { resolveDeps, type Deps, type Env } from './context';
import { onError } from './http/errors';
import { refuseNul } from './http/validate';
import { limitBody } from './http/body-limit';
import { noStoreUnlessSet } from './http/no-store';
import { apiCors, routedMethods, publicCors } from './http/cors';
import { readAfterWrites } from './http/read-after';
import { replicaHealth } from './replica/health';
import { cacheControlFor, compressAnswers, REVALIDATE, STATIC } from './http/delivery';
import { etag } from 'hono/etag';
import { requireAuth, requireRoles } from './auth/middleware';
import { tokenRoutes } from './routes/token';
import { userRoutes } from './routes/identity-users';
import { passwordRoutes, sessionPasswordRoutes } from './routes/identity-passwords';
import { applicationRoutes } from './routes/applications';
import { settingsRoutes } from './routes/settings';
import { membershipRoutes, preferenceRoutes, trialRoutes, userStateRoutes } from './routes/account';
import { contentRoutes } from './routes/content';
import { smartDataRoutes } from './routes/smartdata';
import { localiseErrors } from './i18n';
import { processFlowRoutes, queueExportRoutes } from './routes/processflow';
import { socialRoutes } from './routes/social';
import { feedbackRoutes } from './routes/feedback';
import { ALERT_ROLES, alertRoutes } from './routes/alerts';
import { publicSurveyRoutes, surveyEditorRoutes } from './routes/surveys';
import { notificationRoutes } from './routes/notifications';
import { operationsRoutes } from './routes/operations';
import { inPortalSurveyRoutes } from './routes/inportalsurvey';
import { PROCESS_FLOW_ROLES } from './processflow/people';
import { claimFilterRoutes, dummyRoutes, storeFilterRoutes } from './routes/filters';
import { dataViewerRoutes } from './routes/dataviewer';
import { textRoutes, topicImpactRoutes, topicRoutes } from './routes/topics';
import { downloadRoute, exportRoutes } from './routes/exports';
import { ExportStore } from './export/store';
import { groupRoutes } from './routes/groups';
import { dashboardRoutes, datavizRoutes, DASHBOARD_ROLES } from './routes/dashboard';
import { dashboardsRoutes } from './routes/dashboards';
import { carriesDashboard, DASHBOARD_IMPORT_PATH, MAX_FILE_BYTES } from './dashboards/portable';
import { TOO_LARGE } from './dashboards/store';
import { favouriteRoutes } from './routes/favourites';
import { telemetryRoutes } from './routes/telemetry';
import { ssoRoutes } from './routes/sso';
import { directoryRoutes } from './routes/identity-directory';
import { embedRoutes } from './routes/embed';
import { DATASOURCE_ROLES, datasourceRoutes, DEFINITION_PATH, PREVIEW_PATH } from './routes/datasources';
import { syncSources } from './datasources/registry';
import { CASE_RULE_ROLES, caseRuleRoutes, caseSettingsRoutes } from './routes/caserules';
import { datasourceImportRoutes, IMPORT_PATH } from './routes/datasource-imports';
import { apiTokenRoutes } from './routes/api-tokens';
import { WEBHOOK_ROLES, webhookRoutes } from './routes/webhooks';
import { setupRoutes } from './routes/setup';
import { secondFactorRoutes } from './routes/second-factor';
import { LocalIdentityProvider } from './sso/provider';
import { inlineStyleSources } from './http/host-page';
import { scimRoutes } from './scim/routes';
import { scimTokenRoutes } from './scim/tokens';

export interface AppOptions {
  deps: Deps;
  /** The `vite build` output (elements/, host/, demo/); without it only the API is served. */
  distDir?: string;
}

/**
 * No inline scripts anywhere, and no inline styles but those listed by hash (the host page's own):
 * elements adopt constructable stylesheets. Framed only by the portal and EMBED_ORIGINS.
 */
export const contentSecurityPolicy = (embedOrigins: readonly string[] = [], styleSources: readonly string[] = []) =>
  `default-src 'self'; script-src 'self'; style-src ${["'self'", ...styleSources].join(' ')}; img-src 'self' data:; connect-src 'self'; frame-ancestors ${["'self'", ...embedOrigins].join(' ')}`;

export const BODY_LIMIT_BYTES = 256 * 1024;

/** The API of spec parts 1 and 2 under /api, and the built front end. */
export function createApi(given: Deps): Hono<Env> {
  const deps = resolveDeps(given);
  const api = new Hono<Env>();
  // Other origins may call the API only when listed (EMBED_ORIGINS); preflights end here.
  const cors = apiCors(deps.embedOrigins ?? [], routedMethods(api));
  api.use('/api/*', cors);
  api.use('/reporting/*', cors);
  api.use('*', async (c, next) => {
    c.set('deps', deps);
    await next();
  });
  // The data sources' definitions as the database holds them now (another process may have changed them).
  const freshSources = async (_c: unknown, next: () => Promise<void>) => {
    await syncSources(deps.db);
    await next();
  };
  api.use('/api/*', freshSources);
  api.use('/reporting/*', freshSources);
  // With the analytics replica: reads go to it once it holds the caller's writes (issue 50).
  const readAfter = readAfterWrites();
  api.use('/api/*', readAfter);
  api.use('/reporting/*', readAfter);
  // Error answers in the request's language (German when asked for; English otherwise).
  api.use('*', localiseErrors);
  api.use('/api/*', refuseNul);
  api.use('/reporting/*', refuseNul);
  // Answers carry users' data: never cached (after CORS, so a preflight keeps its own max-age).
  api.use('/api/*', noStoreUnlessSet);
  api.use('/reporting/*', noStoreUnlessSet);
  const apiBodyLimit = limitBody(BODY_LIMIT_BYTES, (c) => c.json({ message: `The request body is larger than ${BODY_LIMIT_BYTES / 1024} KB.` }, 413));
  // A data-source file has its own, larger limit (DATASOURCE_MAX_BYTES), checked as it streams to disk.
  // A definition of 1,000 columns is larger than other requests: 4 MB.
  const definitionLimit = limitBody(4 * 1024 * 1024, (c) => c.json({ message: 'The data source definition is larger than 4 MB.' }, 413));
  // A dashboard (created, saved or imported as a file) may be 1 MB (with the few fields around it); past that, a 400 that says so.
  const dashboardFileLimit = limitBody(MAX_FILE_BYTES + 16 * 1024, (c) =>
    c.json({ message: c.req.path === DASHBOARD_IMPORT_PATH ? `The dashboard file is larger than ${MAX_FILE_BYTES / 1024 / 1024} MB.` : TOO_LARGE }, 400),
  );
  api.use('*', (c, next) => (c.req.path === PREVIEW_PATH || IMPORT_PATH.test(c.req.path) ? next() : c.req.path === DEFINITION_PATH ? definitionLimit(c, next) : carriesDashboard(c.req.path) ? dashboardFileLimit(c, next) : apiBodyLimit(c, next)));

  // For a load balancer's health check: up while the database answers.
  api.get('/api/health', async (c) => {
    try {
      await deps.db.query('SELECT 1 AS ok');
      // With the analytics replica: 503 until its copy is whole, and while it lags (issue 50).
      const replica = await replicaHealth(deps.db);
      if (replica) return c.json(replica.body, replica.code);
      return c.json({ status: 'ok', engine: deps.db.engine });
    } catch {
      return c.json({ status: 'unavailable', message: 'The database does not answer.' }, 503);
    }
  });

  const auth = new Hono<Env>().use(requireAuth);
  // A sign-in's writes go ahead of bulk writes (server/db/priority.ts).
  api.use('/api/identity/token', urgentWrites);
  api.use('/api/sso/*', urgentWrites);
  api.route('/api/identity', tokenRoutes);
  // An empty portal's first administrator (anonymous; only while the portal has no user).
  api.route('/api/setup', setupRoutes);
  api.route('/api/identity', passwordRoutes);
  api.route('/api/identity', sessionPasswordRoutes);
  api.route('/api/identity', auth.route('/', userRoutes).route('/', directoryRoutes).route('/application', applicationRoutes).route('/', trialRoutes));
  api.route('/api/settings', settingsRoutes);
  api.route('/api/membership', membershipRoutes);
  api.route('/api/content', contentRoutes);
  api.route('/api/dummy', dummyRoutes);
  api.get('/api/dummy/secretdata', requireAuth, (c) => c.json({ secret: `Only signed-in users read this, ${c.var.user.userName}.` }));
  api.route('/api/UserPreferences', new Hono<Env>().use(requireAuth).route('/', preferenceRoutes));
  api.route('/api/portaluserstate', new Hono<Env>().use(requireAuth).route('/', userStateRoutes));
  api.route('/api/account/second-factor', new Hono<Env>().use(requireAuth).route('/', secondFactorRoutes));
  // Smart data, filters and favourites serve the dashboard and data screens: the same roles as those screens.
  const dataScreens = () => new Hono<Env>().use(requireAuth, requireRoles(...DASHBOARD_ROLES));
  api.route('/api/filter', dataScreens().route('/', claimFilterRoutes));
  api.route('/reporting/api/filter', dataScreens().route('/', storeFilterRoutes));
  api.route('/api/smartdata', dataScreens().route('/', smartDataRoutes));
  api.route('/api/telemetry', telemetryRoutes);
  api.route('/api/sso', ssoRoutes(new LocalIdentityProvider(deps.secret)));
  api.route('/api/embed', embedRoutes);
  api.route('/api/groups', new Hono<Env>().use(requireAuth).route('/', groupRoutes));
  api.route('/api/dashboard', dataScreens().route('/', dashboardRoutes));
  api.route('/api/dataviz', dataScreens().route('/', datavizRoutes));
  api.route('/api/dashboards', dataScreens().route('/', dashboardsRoutes));
  const exports = new ExportStore(deps.db);
  // The download is a navigation without the bearer header: its unguessable, one-time id stands in (ExportStore).
  api.route('/api/dataviewer', downloadRoute(exports));
  api.route('/api/dataviewer', dataScreens().route('/', dataViewerRoutes).route('/', exportRoutes(exports)));
  api.route('/api/favourites', dataScreens().route('/', favouriteRoutes));
  api.route('/api/text', dataScreens().route('/', textRoutes));
  // Case management: PortalAdmin and PortalUser (spec part 3 section 6).
  api.route('/api/processflow', downloadRoute(exports));
  api.route('/api/processflow', new Hono<Env>().use(requireAuth, requireRoles(...PROCESS_FLOW_ROLES)).route('/', queueExportRoutes(exports)).route('/', processFlowRoutes));
  // Replying to reviews is a case action: the process flow's roles.
  api.route('/api/social', new Hono<Env>().use(requireAuth, requireRoles(...PROCESS_FLOW_ROLES)).route('/', socialRoutes(deps.reviews)));
  // The feedback widget asks every signed-in user; the survey page is a content page, with their roles.
  api.route('/api/feedback', new Hono<Env>().use(requireAuth).route('/', feedbackRoutes));
  api.route('/api/inportalsurvey', dataScreens().route('/', inPortalSurveyRoutes));
  // Surveys: the editor's calls for its roles; a published survey's page for anyone (http/cors.ts).
  api.route('/api/surveys', surveyEditorRoutes);
  api.route('/api/survey', publicSurveyRoutes);
  // Imports first: an administrator or an API token of the source may call them (and nothing else).
  api.route('/api/datasources', datasourceImportRoutes);
  // Topic impact is read by the dashboards' roles (issue 49): answered before the administrators' routes.
  api.route('/api/datasources/:id/topics/impact', dataScreens().route('/', topicImpactRoutes));
  api.route('/api/datasources', new Hono<Env>().use(requireAuth, requireRoles(...DATASOURCE_ROLES)).route('/tokens', apiTokenRoutes).route('/', datasourceRoutes).route('/', topicRoutes));
  const caseAdmin = () => new Hono<Env>().use(requireAuth, requireRoles(...CASE_RULE_ROLES));
  api.route('/api/caserules', caseAdmin().route('/', caseRuleRoutes));
  api.route('/api/casesettings', caseAdmin().route('/', caseSettingsRoutes));
  api.route('/api/alerts', new Hono<Env>().use(requireAuth, requireRoles(...ALERT_ROLES)).route('/', alertRoutes));
  api.route('/api/webhooks', new Hono<Env>().use(requireAuth, requireRoles(...WEBHOOK_ROLES)).route('/', webhookRoutes));
  api.route('/api/notifications', new Hono<Env>().use(requireAuth).route('/', notificationRoutes));
  api.route('/api/operations', new Hono<Env>().use(requireAuth).route('/', operationsRoutes));
  if (deps.exposeMailOutbox) {
    // A local mail catcher for demos and end-to-end tests (MAIL_OUTBOX_API=1): never in production.
    // By recipient, or by subject (a customer's address is never shown, so a test finds its e-mail by what it wrote).
    api.get('/api/dev/mail', async (c) => {
      const [column, value] = c.req.query('subject') ? ['subject', c.req.query('subject')!] : ['recipient', c.req.query('recipient') ?? ''];
      return c.json(await deps.db.query(`SELECT recipient, subject, body, created_at FROM mail_outbox WHERE ${column} = $1 ORDER BY created_at DESC`, [value]));
    });
  }
  // SCIM provisioning (issue 48): tokens are a GlobalAdmin's; /scim/v2 answers the identity provider that holds one.
  api.route('/api/scim/tokens', new Hono<Env>().use(requireAuth, requireRoles('GlobalAdmin')).route('/', scimTokenRoutes));
  api.route('/scim/v2', scimRoutes);
  api.all('/api/*', (c) => c.json({ message: `No API route for ${c.req.method} ${c.req.path}` }, 404));
  api.onError(onError);
  return api;
}

/** The portal server: the API, static elements, demo pages and the host app with history fallback. */
export function createApp({ deps, distDir }: AppOptions): Hono<Env> {
  const app = new Hono<Env>();
  const csp = contentSecurityPolicy(deps.embedOrigins);
  // Headers added to a made answer go on its own headers (as Hono's secureHeaders does): c.header()
  // would copy the answer, which makes @hono/node-server write it through web streams.
  app.use('*', async (c, next) => {
    await next();
    const headers = c.res.headers;
    headers.set('X-Content-Type-Options', 'nosniff');
    // Addresses can hold one-time tokens (/resetPassword/{token}): never sent to another site as a
    // referrer. ('no-referrer' would also blank the Origin of the portal's own form posts.)
    headers.set('Referrer-Policy', 'same-origin');
    // The host page sets its own, which names its inline style.
    if (headers.get('content-type')?.startsWith('text/html') && !headers.has('Content-Security-Policy')) headers.set('Content-Security-Policy', csp);
  });
  app.use('*', compressAnswers);
  app.route('/', createApi(deps));
  if (!distDir) return app;

  const root = relative(process.cwd(), distDir) || '.';
  // Files are sent as the build compressed them (brotli, gzip) and cached by what their name promises.
  app.use('*', async (c, next) => {
    await next();
    if (c.res.ok && STATIC.test(c.req.path)) c.res.headers.set('Cache-Control', cacheControlFor(c.req.path));
  });
  const files = (options: Parameters<typeof serveStatic>[0] = {}) => serveStatic({ root, precompressed: true, ...options });
  app.get('/demo', (c) => c.redirect('/demo/'));
  app.use('/demo/*', files({ rewriteRequestPath: (p) => (p.endsWith('/') ? `${p}index.html` : p) }));
  // The elements' TypeScript declarations (/elements/types/*.d.ts) are text, not the MPEG stream `.ts` names.
  app.use('/elements/types/*', async (c, next) => {
    await next();
    if (c.res.ok && c.req.path.endsWith('.d.ts')) c.res.headers.set('Content-Type', 'text/plain; charset=utf-8');
  });
  app.use('/elements/*', publicCors, files());
  app.use('/host/*', files());

  // Every other GET is a portal route: the host page decides what to show (including Page Not Found).
  const hostPage = join(distDir, 'host', 'index.html');
  app.get('*', etag(), async (c) => {
    if (/\.[a-z0-9]+$/i.test(c.req.path)) return c.text('Not found', 404);
    c.header('Cache-Control', REVALIDATE);
    const html = await readFile(hostPage, 'utf8');
    c.header('Content-Security-Policy', contentSecurityPolicy(deps.embedOrigins, inlineStyleSources(html)));
    return c.html(html);
  });
  return app;
}
