import { serve } from '@hono/node-server';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { createApp } from './app';
import { localOrigin } from './context';
import { openDb } from './db';
import { migrate } from './db/migrate';
import { recoverImports } from './datasources/imports/recover';
import { prepareDatabase } from './setup/prepare';
import { startReplicaWhenOn } from './replica';
import { DEMO_PASSWORD, DEMO_USERS } from './seed/people';
import { newSecret } from './auth/tokens';
import { parseOrigins } from './http/cors';
import { embedSecret } from './embed/request';
import { startMailDelivery } from './mail/delivery';
import { ALERT_INTERVAL_MS, startAlertScheduler } from './alerts/scheduler';
import { CASE_CLOCK_INTERVAL_MS, startCaseClock } from './caserules/escalation';
import { startWebhookWorker, WEBHOOK_INTERVAL_MS } from './webhooks/worker';
import { startTextWorker, SWEEP_MS } from './text/worker';
import { releaseClaims } from './text/progress';
import { guardProcess } from './http/process-guard';
import { applyPortalTimeZone } from './portal-time';

// One request's stray error is logged, not the end of every other request (README: run under a supervisor too).
guardProcess();
// Days and periods are whole days of the portal's zone (PORTAL_TIME_ZONE), whatever the machine's.
applyPortalTimeZone();

const distDir = resolve(process.env.DIST_DIR ?? 'dist');
if (!existsSync(resolve(distDir, 'host', 'index.html'))) {
  console.error(`No build found in ${distDir}: run "npm run build" first (npm start does).`);
  process.exit(1);
}

// Several processes (npm run cluster) must sign with one key, or each refuses the others' tokens.
const processes = Number(process.env.CX_PROCESSES ?? 1);
if (processes > 1 && !process.env.JWT_SECRET) {
  console.error(`JWT_SECRET is not set: ${processes} processes would each sign tokens with a key of their own and refuse the others'. Set JWT_SECRET (32 or more random characters) for every process.`);
  process.exit(1);
}
if (process.env.JWT_SECRET && process.env.JWT_SECRET.length < 32) {
  console.error('JWT_SECRET is shorter than 32 characters: use 32 or more random characters.');
  process.exit(1);
}

const db = await openDb();
await migrate(db);
// The demo, or with PORTAL_START=empty an empty portal (and ADMIN_EMAIL's administrator): server/setup/prepare.ts.
const prepared = await prepareDatabase(db, process.env).catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});

// DuckDB's one process: imports the last run of the server left unfinished are ended (a crash mid-import).
if (db.writes) {
  const interrupted = await recoverImports(db);
  if (interrupted) console.log(`${interrupted} import${interrupted === 1 ? '' : 's'} stopped by the last shutdown marked failed; nothing of them was written.`);
  // The text analysis that was running resumes at once, after its last written batch.
  await releaseClaims(db);
}

// The analytics replica (CX_REPLICA=on, PostgreSQL): copied in the background; /api/health answers 503 until it is whole.
const replica = await startReplicaWhenOn(db, process.env);

// Without JWT_SECRET, tokens are signed with a per-process key: a restart signs everyone out of
// their access token, and the client's refresh token (stored server-side) gets them a new one.
const secret = process.env.JWT_SECRET ?? newSecret();
const port = Number(process.env.PORT ?? 8080);
// E-mailed links name this origin, decided here once: PUBLIC_ORIGIN, else this machine's port (never a request's Host).
const publicOrigin = process.env.PUBLIC_ORIGIN?.replace(/\/+$/, '') || localOrigin(port);
const app = createApp({
  deps: {
    db,
    secret,
    now: () => new Date(),
    exposeMailOutbox: process.env.MAIL_OUTBOX_API === '1',
    caseClockAt: process.env.CASE_CLOCK_AT === '1',
    trustProxy: process.env.TRUST_PROXY === '1',
    embedOrigins: parseOrigins(process.env.EMBED_ORIGINS),
    embedSecret: embedSecret(process.env.EMBED_SECRET),
    publicOrigin,
  },
  distDir,
});
// With SMTP_URL the outbox is delivered over SMTP; without it, messages wait in the outbox.
const stopMail = process.env.SMTP_URL ? startMailDelivery(db, process.env.SMTP_URL, { from: process.env.MAIL_FROM }) : async () => undefined;
// Alerts are checked every minute (ALERT_INTERVAL_MS); operations can run them at once.
const stopAlerts = startAlertScheduler(db, publicOrigin, Number(process.env.ALERT_INTERVAL_MS ?? ALERT_INTERVAL_MS));
// Case deadlines are read every minute (CASE_CLOCK_INTERVAL_MS): an overdue case escalates.
const stopCaseClock = startCaseClock(db, publicOrigin, Number(process.env.CASE_CLOCK_INTERVAL_MS ?? CASE_CLOCK_INTERVAL_MS));
// Webhook deliveries are sent every 5 s (WEBHOOK_INTERVAL_MS); each process claims its own.
const stopWebhooks = startWebhookWorker(db, Number(process.env.WEBHOOK_INTERVAL_MS ?? WEBHOOK_INTERVAL_MS));
// Comments are read in the background (sentiment, topics): passes asked for, and a sweep every minute (TEXT_SWEEP_MS).
// TEXT_WORKER=off leaves them to the other processes (or, in a benchmark, measures the engine alone).
const stopText = process.env.TEXT_WORKER === 'off' ? async () => undefined : startTextWorker(db, Number(process.env.TEXT_SWEEP_MS ?? SWEEP_MS));
const server = serve({ fetch: app.fetch, port, hostname: process.env.HOST ?? '0.0.0.0' }, (info) => {
  console.log(`CX portal on http://localhost:${info.port}/  (demo pages: http://localhost:${info.port}/demo/)`);
  if (prepared.setupNeeded) console.log(`Database: ${db.engine}. No user yet: open http://localhost:${info.port}/setup to create the first administrator.`);
  if (prepared.mode === 'empty') return;
  console.log(`Database: ${db.engine}. Demo sign-ins, all with the password ${DEMO_PASSWORD}:`);
  for (const u of DEMO_USERS) console.log(`  ${u.email.padEnd(24)} ${u.role}${u.claims.length ? ` (region ${u.claims[0][1]} only)` : ''}`);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => server.close(async () => {
    await stopMail();
    await stopAlerts();
    await stopWebhooks();
    await stopText();
    await stopCaseClock();
    await replica?.close();
    await db.close();
    process.exit(0);
  }));
}
