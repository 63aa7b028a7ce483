// A case's "Send e-mail" action writes to a customer: its subject is one header line of bounded
// length, and one address gets a handful of case e-mails an hour, one user a few dozen, counted in
// the database. Names from data that end up in a subject (an inviter's) never carry a line break.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inParallel, startPortal, type Portal } from './portal';

let portal: Portal;
let user: string;
const PF = '/api/processflow/cases';

beforeAll(async () => {
  portal = await startPortal(600);
  user = (await portal.signIn('portaluser@demo.cx')).access;
}, 60_000);
afterAll(() => portal.close());

/** Open cases of the survey module with their customer's address, oldest response first. */
const openCases = () =>
  portal.db.query<{ pfo_id: string; email: string }>(
    "SELECT c.pfo_id, r.customer_email AS email FROM cases c JOIN responses r ON r.id = c.source_object_id WHERE c.module_id = 'cases' AND c.state IN ('New', 'Assigned', 'InProgress') ORDER BY c.source_object_id",
  );
const mail = (pfoId: string, subject: string, token = user) =>
  portal.call('POST', `${PF}/processFlowObject/action/${pfoId}`, { token, body: { actionName: 'Send e-mail', comment: 'We are sorry.', actionProperties: JSON.stringify({ subject }) } });

describe('case e-mails', () => {
  it('refuses a subject past 200 characters, or one with a line break or another control character, and mails nothing', async () => {
    const [c] = await openCases();
    for (const subject of ['x'.repeat(19_000), 'x'.repeat(201), 'Your visit\r\nBcc: victim@example.com', 'Your visit\nX-Spam: 1', 'Tab\there', 'Bell\u0007']) {
      const res = await mail(c.pfo_id, subject);
      expect(res.status, JSON.stringify(subject.slice(0, 40))).toBe(400);
      expect(res.body.message).toMatch(/subject/i);
    }
    expect(await portal.mails(c.email)).toEqual([]);
    const ok = await mail(c.pfo_id, 'x'.repeat(200));
    expect(ok.status).toBe(200);
    expect(ok.body.processFlowObject).toBeDefined();
  });

  it('sends one customer at most 5 case e-mails an hour (429 with Retry-After), however many are asked for at once', async () => {
    const [, c] = await openCases();
    const answers = await inParallel(20, (i) => mail(c.pfo_id, `Your visit ${i}`));
    const sent = answers.filter((r) => r.status === 200 && r.body.processFlowObject).length;
    expect(sent).toBeLessThanOrEqual(5);
    // Those refused by the limit say so; others met the version guard of a simultaneous action.
    for (let i = sent; i < 5; i++) expect((await mail(c.pfo_id, `Your visit again ${i}`)).status).toBe(200);
    const refused = await mail(c.pfo_id, 'One more');
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/A customer may be sent at most 5 e-mails an hour\. Try again in \d+ minutes?\./);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await portal.mails(c.email)).toHaveLength(5);

    // An hour later the customer can be written to again.
    portal.clock.now = new Date(portal.clock.now.getTime() + 61 * 60_000);
    user = (await portal.signIn('portaluser@demo.cx')).access;
    expect((await mail(c.pfo_id, 'Following up')).status).toBe(200);
    expect(await portal.mails(c.email)).toHaveLength(6);
  });

  it('sends at most 50 case e-mails an hour from one user, across cases', async () => {
    // Enough open cases to write to (the seed closes most).
    await portal.db.query("UPDATE cases SET state = 'New' WHERE module_id = 'cases' AND state IN ('Resolved', 'ClosedNoAction')");
    const cases = (await openCases()).slice(2, 53);
    expect(cases.length).toBe(51);
    const admin = (await portal.signIn('portaladmin@demo.cx')).access;
    const answers = [];
    for (const c of cases.slice(0, 50)) answers.push((await mail(c.pfo_id, 'Your visit', admin)).status);
    expect(answers.filter((s) => s === 200).length).toBe(50);
    const refused = await mail(cases[50].pfo_id, 'Your visit', admin);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/You may send at most 50 case e-mails an hour/);
    expect(await portal.mails(cases[50].email)).toEqual([]);
    // Another user is not held back by this one's count.
    expect((await mail(cases[50].pfo_id, 'Your visit')).status).toBe(200);
  });

  it('folds a line break in a name from the data into a space in an invitation subject', async () => {
    await portal.db.query("UPDATE users SET first_name = $1 WHERE id = 'u-portaluser'", ['Petra\r\nBcc: victim@example.com\r\n']);
    const people = (await portal.call('POST', '/api/inportalsurvey/data/team-feedback', { token: user, body: { skip: 0, top: 2 } })).body.data as Array<{ Id: number; Email: string }>;
    const res = await portal.call('POST', '/api/inportalsurvey/queueinvites/team-feedback/leadership-360', { token: user, body: { invitees: people.map((p) => ({ personId: p.Id, relationship: 'Peer' })) } });
    expect(res.status).toBe(200);
    const [sent] = await portal.mails(people[0].Email);
    expect(sent.subject).not.toMatch(/[\r\n]/);
    expect(sent.subject).toBe('Petra Bcc: victim@example.com User asks for your feedback: Leadership 360');
  });
});
