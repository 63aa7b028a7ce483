import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harnessWithUsers, type Harness } from './harness';
import type { AlertDefinition } from '../../../src/lib/alerts';
import { requestPass } from '../../../server/text/progress';
import { runPasses } from '../../../server/text/worker';
import { csv, sourceImports } from './datasources-upload';

let h: Harness;
let user: string;
let north: string;
let system: string;
let editor: string;
beforeAll(async () => {
  ({ h, user } = await harnessWithUsers(3000));
  north = await h.signIn('north.manager@demo.cx');
  system = await h.signIn('system@demo.cx');
  editor = await h.signIn('surveyeditor@demo.cx');
});
afterAll(() => h.close());

const alert = (a: Partial<AlertDefinition> = {}): AlertDefinition => ({
  name: 'NPS watch',
  moduleId: 'responses',
  measure: 'nps',
  condition: 'below',
  threshold: 100,
  schedule: 'immediate',
  filters: [],
  ...a,
});
const create = (a: AlertDefinition, token = user) => h.call('POST', '/api/alerts', { token, body: a });
const runNow = () => h.call('POST', '/api/operations/runalerts', { token: system });
const clearAlerts = () => h.db.query('DELETE FROM alerts');

describe('alert subscriptions', () => {
  it('belong to the home roles, only with the alerting feature', async () => {
    expect((await h.call('GET', '/api/alerts', { token: editor })).status).toBe(403);
    expect((await h.call('GET', '/api/alerts', { token: system })).status).toBe(403);
    expect((await h.call('GET', '/api/alerts', { token: user })).status).toBe(200);
    const [row] = await h.db.query<{ value: string }>("SELECT value FROM settings WHERE name = 'portal'");
    const portal = JSON.parse(row.value);
    await h.db.query("UPDATE settings SET value = $1 WHERE name = 'portal'", [JSON.stringify({ ...portal, features: { ...portal.features, alerting: false } })]);
    const off = await h.call('GET', '/api/alerts', { token: user });
    await h.db.query("UPDATE settings SET value = $1 WHERE name = 'portal'", [row.value]);
    expect(off.status).toBe(404);
    expect(off.body.message).toBe('Alerts are not available on this portal.');
  });

  it('are checked with clear messages', async () => {
    const cases: Array<[Partial<AlertDefinition>, string]> = [
      [{ name: ' ' }, 'An alert needs a name.'],
      [{ threshold: 140 }, 'Enter a number from -100 to 100.'],
      [{ threshold: undefined }, 'Enter the number the condition compares with.'],
      [{ condition: 'newDetractor' }, '"Every new detractor" goes with the detractors measure.'],
      [{ measure: 'driverShare' }, 'Choose the driver whose share to watch.'],
      [{ filters: [{ key: 'Nope', value: 'x' }] }, 'Unknown filter key "Nope".'],
      // Reviews have a rating but no NPS: the measure is what they lack, said by role.
      [{ moduleId: 'reviews' }, 'There is no data "reviews" to watch: the data source "reviews" has no NPS score for the measure "nps".'],
      [{ moduleId: 'nowhere' }, 'There is no data "nowhere" to watch.'],
    ];
    for (const [change, message] of cases) {
      const res = await create(alert(change));
      expect(res.status, message).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect((await create({ ...alert(), extra: 1 } as AlertDefinition)).status).toBe(400);
  });

  it('are each user’s own: another user’s alert is not found', async () => {
    const [mine] = (await create(alert({ name: 'Mine' }))).body;
    const admin = await h.signIn('portaladmin@demo.cx');
    expect((await h.call('GET', '/api/alerts', { token: admin })).body).toEqual([]);
    expect((await h.call('PUT', `/api/alerts/${mine.id}`, { token: admin, body: { ...alert(), active: false } })).status).toBe(404);
    expect((await h.call('DELETE', `/api/alerts/${mine.id}`, { token: admin })).status).toBe(404);
    expect((await h.call('DELETE', `/api/alerts/${mine.id}`, { token: user })).body).toEqual([]);
  });
});

/** The whole days a dashboard link opens, as the filter bar sends them for a custom range. */
const daysOf = (link: string) => {
  const q = new URL(link, 'http://portal').searchParams;
  expect(q.get('date')).toBe('CustomRange');
  return [new Date(`${q.get('from')}T00:00:00`), new Date(`${q.get('to')}T23:59:59`)];
};

describe('the alert scheduler', () => {
  it('fires an NPS-below alert from operations: the notification and the e-mail lead to the filtered dashboard', async () => {
    await clearAlerts();
    expect((await create(alert({ name: 'North NPS', threshold: 90, filters: [{ key: 'Region', value: 'North' }] }))).status).toBe(201);
    const run = await runNow();
    expect(run.body).toEqual({ checked: 1, fired: 1 });

    const notifications = (await h.call('GET', '/api/notifications', { token: user })).body;
    const fired = notifications.items.find((n: { kind: string }) => n.kind === 'alert');
    expect(fired.text).toMatch(/^North NPS: NPS is -?\d+\.\d over the last 7 days, below 90 \(Region: North\)\.$/);
    expect(fired.link).toMatch(/^\/dashboard\/overview\/\?date=CustomRange&from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}&f\.Region=North$/);
    const [mail] = await h.db.query<{ recipient: string; subject: string; body: string }>("SELECT recipient, subject, body FROM mail_outbox WHERE subject = 'Alert: North NPS'");
    expect(mail.recipient).toBe('portaluser@demo.cx');
    expect(mail.body).toContain(fired.text);
    expect(mail.body).toContain(fired.link);

    // Still below a minute later: an immediate alert told of the change and stays quiet.
    expect((await runNow()).body).toEqual({ checked: 1, fired: 0 });
    const log = (await h.call('GET', '/api/operations/log', { token: system })).body;
    expect(log[0]).toMatchObject({ action: 'Run alerts', detail: '1 checked, 0 fired', userName: 'system@demo.cx' });
  });

  it('tells the NPS of the very days its link opens on the dashboard, not a rolling 168 hours', async () => {
    await clearAlerts();
    await create(alert({ name: 'North days', threshold: 100, filters: [{ key: 'Region', value: 'North' }] }));
    // Half an hour into a day (17 November): 168 hours back would take in an eighth day, the 10th,
    // and leave out most of today, the 17th; the seeded North rows fall on both.
    const noon = h.clock.now;
    h.clock.now = new Date(noon.getFullYear(), noon.getMonth(), noon.getDate() - 3, 0, 30);
    const [owner, operator] = [await h.signIn('portaluser@demo.cx'), await h.signIn('system@demo.cx')];
    expect((await h.call('POST', '/api/operations/runalerts', { token: operator })).body).toEqual({ checked: 1, fired: 1 });
    const { link } = (await h.call('GET', '/api/notifications', { token: owner })).body.items.find((n: { text: string }) => n.text.startsWith('North days'));
    h.clock.now = noon;
    const [{ last_value }] = await h.db.query<{ last_value: number }>('SELECT last_value FROM alerts');
    const [{ nps }] = await h.db.query<{ nps: number }>(
      `SELECT 100.0 * (count(*) FILTER (WHERE nps >= 9) - count(*) FILTER (WHERE nps <= 6)) / count(*) AS nps FROM responses
       WHERE region = 'North' AND response_date >= CAST($1 AS TIMESTAMP) AND response_date <= CAST($2 AS TIMESTAMP)`,
      daysOf(link),
    );
    expect(Number(last_value)).toBeCloseTo(Number(nps), 9);
    await h.db.query("DELETE FROM notifications WHERE kind = 'alert'");
  });

  it('measures under the owner’s claims, and a daily alert waits a day', async () => {
    await clearAlerts();
    await create(alert({ name: 'Detractors', measure: 'detractors', condition: 'above', threshold: 0, schedule: 'daily' }), north);
    expect((await runNow()).body).toEqual({ checked: 1, fired: 1 });
    const [{ last_value }] = await h.db.query<{ last_value: number }>('SELECT last_value FROM alerts');
    const { link } = (await h.call('GET', '/api/notifications', { token: north })).body.items.find((n: { text: string }) => n.text.startsWith('Detractors'));
    const [{ n }] = await h.db.query<{ n: number }>(
      "SELECT count(*) AS n FROM responses WHERE region = 'North' AND nps_group = 'Detractor' AND response_date >= CAST($1 AS TIMESTAMP) AND response_date <= CAST($2 AS TIMESTAMP)",
      daysOf(link),
    );
    expect(Number(last_value)).toBe(Number(n));
    expect(Number(n)).toBeGreaterThan(0);
    expect((await runNow()).body).toEqual({ checked: 0, fired: 0 });
  });

  it('fires an alert once when three runs start at once', async () => {
    await clearAlerts();
    await create(alert({ name: 'Once' }));
    const runs = await Promise.all([runNow(), runNow(), runNow()]);
    // Each run may check it in turn; only one finds it newly below and tells of it.
    expect(runs.map((r) => r.body.fired).reduce((a, b) => a + b, 0)).toBe(1);
    expect(await h.db.query("SELECT n.text FROM notifications n WHERE n.kind = 'alert' AND n.text LIKE 'Once:%'")).toHaveLength(1);
    expect(await h.db.query("SELECT recipient FROM mail_outbox WHERE subject = 'Alert: Once'")).toHaveLength(1);
  });

  it('tells of every new detractor, such as one answering a published survey', async () => {
    await clearAlerts();
    await create(alert({ name: 'New detractors', measure: 'detractors', condition: 'newDetractor', threshold: undefined }));
    expect((await runNow()).body).toEqual({ checked: 1, fired: 0 });
    h.clock.now = new Date(h.clock.now.getTime() + 60_000);
    const answer = await h.call('POST', '/api/survey/storevisit/responses', { body: { answers: { nps: 1, stars: 1 } } });
    expect(answer.status).toBe(201);
    expect((await runNow()).body).toEqual({ checked: 1, fired: 1 });
    const items = (await h.call('GET', '/api/notifications', { token: user })).body.items;
    expect(items[0].text).toBe('New detractors: 1 new detractor arrived.');
  });

  it('is for operators only', async () => {
    expect((await h.call('POST', '/api/operations/runalerts', { token: user })).status).toBe(403);
  });
});

describe('a net-sentiment alert', () => {
  it('is refused with a clear message on a source without comments to read', async () => {
    const admin = await h.signIn('portaladmin@demo.cx');
    const { sourceFrom } = sourceImports(() => ({ h, token: admin }));
    // Store visits with a region and a score, and no comment.
    const id = await sourceFrom('Visits without comments', csv([['Visit', 'Region', 'Score'], ['v1', 'North', 7], ['v2', 'South', 3]]));
    const res = await create(alert({ name: 'Visit mood', moduleId: id, measure: 'netSentiment', threshold: 0 }));
    expect(res.status).toBe(400);
    const message = `There is no data "${id}" to watch: the data source "${id}" has no comments to read a sentiment from, so no net sentiment to watch.`;
    expect(res.body.message).toBe(message);
    expect(res.body.errors).toEqual({ moduleId: [message] });
    // A source with comments (the reviews) is watched.
    expect((await create(alert({ name: 'Review mood', moduleId: 'reviews', measure: 'netSentiment', threshold: 0 }))).status).toBe(201);
    await clearAlerts();
  });

  it('measures the share of positive minus negative comments of its days, and fires with a notification and an e-mail', async () => {
    await clearAlerts();
    // The seeded comments read by the background pass, as a running portal does.
    await requestPass(h.db, 'responses', h.clock.now);
    await runPasses(h.db);
    expect((await create(alert({ name: 'North mood', measure: 'netSentiment', threshold: 100, filters: [{ key: 'Region', value: 'North' }] }))).status).toBe(201);
    expect((await runNow()).body).toEqual({ checked: 1, fired: 1 });

    const fired = (await h.call('GET', '/api/notifications', { token: user })).body.items.find((n: { text: string }) => n.text.startsWith('North mood'));
    expect(fired.text).toMatch(/^North mood: Net sentiment is -?\d+\.\d over the last 7 days, below 100 \(Region: North\)\.$/);
    const [mail] = await h.db.query<{ recipient: string; body: string }>("SELECT recipient, body FROM mail_outbox WHERE subject = 'Alert: North mood'");
    expect(mail.recipient).toBe('portaluser@demo.cx');
    expect(mail.body).toContain(fired.text);

    // The value told is the one the rows' own sentiments give over the days its link opens.
    const sentiments = await h.db.query<{ sentiment: string }>(
      `SELECT a.sentiment FROM responses r JOIN text_analysis a ON a.source_id = 'responses' AND a.row_key = CAST(r.id AS VARCHAR)
       WHERE r.region = 'North' AND r.response_date >= CAST($1 AS TIMESTAMP) AND r.response_date <= CAST($2 AS TIMESTAMP)`,
      daysOf(fired.link),
    );
    expect(sentiments.length).toBeGreaterThan(5);
    const count = (label: string) => sentiments.filter((r) => r.sentiment === label).length;
    const expected = 100 * ((count('positive') - count('negative')) / sentiments.length);
    const [{ last_value }] = await h.db.query<{ last_value: number }>('SELECT last_value FROM alerts');
    expect(Number(last_value)).toBeCloseTo(expected, 9);
    expect(fired.text).toContain(`Net sentiment is ${expected.toFixed(1)} over`);

    // A line below the value: the alert stays quiet.
    await clearAlerts();
    await create(alert({ name: 'North mood low', measure: 'netSentiment', threshold: Math.max(-100, Math.floor(expected) - 1), filters: [{ key: 'Region', value: 'North' }] }));
    expect((await runNow()).body).toEqual({ checked: 1, fired: 0 });
    await clearAlerts();
  });
});

describe('notifications', () => {
  it('are read one by one or all at once, and another user’s cannot be touched', async () => {
    const before = (await h.call('GET', '/api/notifications', { token: user })).body;
    expect(before.unread).toBeGreaterThan(1);
    const one = before.items[0];
    expect((await h.call('POST', `/api/notifications/read/${one.id}`, { token: north })).status).toBe(404);
    const after = (await h.call('POST', `/api/notifications/read/${one.id}`, { token: user })).body;
    expect(after.unread).toBe(before.unread - 1);
    expect(after.items.find((n: { id: string }) => n.id === one.id).read).toBe(true);
    expect((await h.call('POST', '/api/notifications/readall', { token: user })).body.unread).toBe(0);
  });
});

describe('operations calls', () => {
  it('show the outbox without bodies, the trial requests and the log to operators only', async () => {
    await h.call('POST', '/api/identity/requestTrial', { token: user });
    await h.call('GET', '/api/settings/clearcache', { token: system });
    const outbox = (await h.call('GET', '/api/operations/outbox', { token: system })).body;
    expect(outbox.total).toBeGreaterThan(0);
    expect(outbox.items[0]).not.toHaveProperty('body');
    const trials = (await h.call('GET', '/api/operations/trials', { token: system })).body;
    expect(trials[0]).toMatchObject({ email: 'portaluser@demo.cx', name: 'Petra User' });
    const log = (await h.call('GET', '/api/operations/log', { token: system })).body;
    expect(log[0]).toMatchObject({ action: 'Clear cache', userName: 'system@demo.cx' });
    for (const path of ['/api/operations/log', '/api/operations/outbox', '/api/operations/trials']) expect((await h.call('GET', path, { token: user })).status).toBe(403);
  });

  it('list the dashboards and data viewers a user may open', async () => {
    const items = (await h.call('GET', '/api/operations/paths', { token: user })).body as Array<{ kind: string; name: string; url: string }>;
    expect(items.some((i) => i.kind === 'Dashboard' && i.url.startsWith('/dashboard/'))).toBe(true);
    expect(items.some((i) => i.kind === 'DataViewer' && i.url.startsWith('/content/'))).toBe(true);
    const admin = (await h.call('GET', '/api/operations/paths', { token: await h.signIn('portaladmin@demo.cx') })).body as Array<{ name: string }>;
    // The portal feedback dashboard is for administrators.
    expect(admin.some((i) => i.name === 'Portal feedback')).toBe(true);
    expect(items.some((i) => i.name === 'Portal feedback')).toBe(false);
    // System opens no dashboard or data page, so its menu of paths is empty.
    expect((await h.call('GET', '/api/operations/paths', { token: system })).body).toEqual([]);
  });
});
