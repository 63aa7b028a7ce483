import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harnessWithUsers, type Harness } from './harness';

let h: Harness;
let user: string;
let admin: string;
beforeAll(async () => {
  ({ h, user } = await harnessWithUsers(2000));
  admin = await h.signIn('portaladmin@demo.cx');
});
afterAll(() => h.close());

const save = (token: string, body: unknown) => h.call('POST', '/api/feedback/save', { token, body });

describe('feedback widget calls', () => {
  it('answers the config with its questions in order, in German when asked', async () => {
    const en = await h.call('GET', '/api/feedback/config', { token: user });
    expect(en.status).toBe(200);
    expect(en.body.Enabled).toBe(true);
    expect(en.body.Questions.map((q: { type: string }) => q.type)).toEqual(['nps', 'driver', 'verbatim']);
    expect(en.body.noDaysSuppressed).toBe(30);
    const de = await h.call('GET', '/api/feedback/config', { token: user, headers: { 'accept-language': 'de' } });
    expect(de.body.Questions[0].text).toMatch(/Wie wahrscheinlich/);
    expect(de.body.Questions[1].properties.options).toEqual(en.body.Questions[1].properties.options);
    expect(de.body.Questions[1].properties.labels).toContain('Geschwindigkeit');
  });

  it('needs a sign-in', async () => {
    expect((await h.call('GET', '/api/feedback/config')).status).toBe(401);
    expect((await save('', { Data: { nps: 5 } })).status).toBe(401);
  });

  it('stores each answer as it is posted, completes the session and reports it in the Portal feedback module', async () => {
    const first = await save(user, { SessionId: null, Data: { nps: 3 }, IsCompleted: false, Page: '/dashboard/overview/' });
    expect(first.status).toBe(200);
    const id = first.body as string;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const [partial] = await h.db.query('SELECT status, nps, nps_group, drivers FROM feedback_sessions WHERE id = $1', [id]);
    expect(partial).toMatchObject({ status: 'Partial', nps: 3, nps_group: 'Detractor', drivers: null });
    expect((await save(user, { SessionId: id, Data: JSON.stringify({ driver: 'Speed,Ease of use' }) })).body).toBe(id);
    expect((await save(user, { SessionId: id, Data: { verbatim: 'Too slow on Mondays', isCallbackRequested: true }, IsCompleted: true })).body).toBe(id);
    const [done] = await h.db.query('SELECT status, drivers, verbatim, callback_requested, callback_name, callback_email FROM feedback_sessions WHERE id = $1', [id]);
    expect(done).toMatchObject({ status: 'Completed', drivers: 'Speed,Ease of use', verbatim: 'Too slow on Mondays', callback_requested: true, callback_email: 'portaluser@demo.cx' });
    // A finished session takes nothing more.
    const late = await save(user, { SessionId: id, Data: { nps: 10 } });
    expect(late.status).toBe(400);
    expect(late.body.message).toBe('This feedback has been sent already.');
    // The administrators' report finds it by its words; a portal user cannot open the module.
    const records = await h.call('POST', '/api/dataviewer/data/portal-feedback/Default', {
      token: admin,
      body: { skip: 0, top: 5, smartFilters: [{ filterKey: 'Search', filterValue: 'Too slow on Mondays' }] },
    });
    expect(records.status).toBe(200);
    expect(records.body.data.map((r: { Verbatim: string; CallbackEmail?: string }) => r.Verbatim)).toEqual(['Too slow on Mondays']);
    expect((await h.call('POST', '/api/dataviewer/data/portal-feedback/Default', { token: user, body: { skip: 0, top: 5 } })).status).toBe(404);
  });

  it('refuses answers outside the questions, and another user\'s session', async () => {
    for (const [data, message] of [
      [{ nps: 11 }, 'nps is a number from 0 to 10.'],
      [{ npsStar: 4 }, 'The widget does not ask for stars.'],
      [{ driver: 'Price' }, '"Price" is not one of the drivers.'],
      [{ colour: 'red' }, ''],
      ['{not json', 'Data is not valid JSON.'],
    ] as const) {
      const res = await save(user, { Data: data });
      expect(res.status, JSON.stringify(data)).toBe(400);
      if (message) expect(res.body.message).toContain(message);
    }
    const mine = (await save(user, { Data: { nps: 9 } })).body as string;
    const other = await h.signIn('portaladmin@demo.cx');
    expect((await save(other, { SessionId: mine, Data: { nps: 0 } })).status).toBe(404);
    expect((await save(user, { SessionId: 'not-a-session', Data: { nps: 0 } })).status).toBe(400);
    const [row] = await h.db.query('SELECT nps FROM feedback_sessions WHERE id = $1', [mine]);
    expect(row.nps).toBe(9);
  });

  it('suppresses the widget for the configured days after an opt-out, for that user only, even with two opt-outs at once', async () => {
    expect((await h.call('POST', '/api/feedback/supressionStatus', { token: user })).body).toBe(0);
    const both = await Promise.all([h.call('POST', '/api/feedback/optOut', { token: user }), h.call('POST', '/api/feedback/optOut', { token: user })]);
    expect(both.map((r) => [r.status, r.body])).toEqual([[200, 1], [200, 1]]);
    expect((await h.call('POST', '/api/feedback/supressionStatus', { token: user })).body).toBe(1);
    expect((await h.call('POST', '/api/feedback/supressionStatus', { token: admin })).body).toBe(0);
    // Across sign-ins: a new session of the same user is still suppressed, until the days are over.
    const start = h.clock.now;
    h.clock.now = new Date(start.getTime() + 29 * 86_400_000);
    expect((await h.call('POST', '/api/feedback/supressionStatus', { token: await h.signIn('portaluser@demo.cx') })).body).toBe(1);
    h.clock.now = new Date(start.getTime() + 31 * 86_400_000);
    expect((await h.call('POST', '/api/feedback/supressionStatus', { token: await h.signIn('portaluser@demo.cx') })).body).toBe(0);
    h.clock.now = start;
    [user, admin] = await Promise.all([h.signIn('portaluser@demo.cx'), h.signIn('portaladmin@demo.cx')]);
  });

  it('lets an administrator change the config, checked so the widget can always ask it', async () => {
    const config = (await h.call('GET', '/api/feedback/config', { token: admin })).body;
    const stars = { ...config, Questions: [{ type: 'star', text: 'How do you rate the portal?' }], noDaysSuppressed: 7 };
    expect((await h.call('PUT', '/api/feedback/config', { token: user, body: stars })).status).toBe(403);
    for (const [bad, message] of [
      [{ ...config, Questions: [config.Questions[1]] }, 'The first question is the score: nps or star.'],
      [{ ...config, Questions: [config.Questions[0], config.Questions[2], config.Questions[1]] }, 'The questions go in the order score, drivers, free text, each asked once.'],
      [{ ...config, Questions: [config.Questions[0], { type: 'driver', text: 'Why?', properties: { options: ['Only one'] } }] }, 'A drivers question needs at least two options.'],
      [{ ...config, noDaysSuppressed: 0 }, 'noDaysSuppressed is 1 to 365 days.'],
    ] as const) {
      const res = await h.call('PUT', '/api/feedback/config', { token: admin, body: bad });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain(message);
    }
    expect((await h.call('PUT', '/api/feedback/config', { token: admin, body: stars })).status).toBe(200);
    const now = (await h.call('GET', '/api/feedback/config', { token: user })).body;
    expect(now.Questions).toEqual([{ type: 'star', text: 'How do you rate the portal?' }]);
    expect((await save(user, { Data: { npsStar: 4 }, IsCompleted: true })).status).toBe(200);
    expect((await save(user, { Data: { nps: 4 } })).body.message).toBe('The widget does not ask for an NPS score.');
    expect((await h.call('PUT', '/api/feedback/config', { token: admin, body: config })).status).toBe(200);
  });
});
