import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harnessWithUsers, type Harness } from './harness';
import { localOrigin } from '../../../server/context';

let h: Harness;
let user: string;
let north: string;
beforeAll(async () => {
  ({ h, user, north } = await harnessWithUsers(2000));
});
afterAll(() => h.close());

const M = 'team-feedback';
const DEF = 'leadership-360';
type Person = { Id: number; Name: string; Email: string; Inv_Group: string };
const people = async (token: string, body: object = {}) => (await h.call('POST', `/api/inportalsurvey/data/${M}`, { token, body: { skip: 0, top: 100, ...body } })).body as { data: Person[]; recordCount: number };
const outbox = (recipient: string) => h.db.query<{ subject: string; body: string }>('SELECT subject, body FROM mail_outbox WHERE recipient = $1', [recipient]);

describe('in-portal survey calls', () => {
  it('answers the 360 page config, its directory schema and pages of people under the claims', async () => {
    const config = (await h.call('GET', `/api/inportalsurvey/surveys/${M}`, { token: user })).body;
    expect(config.PageConfig).toMatchObject({ PageSubject: '360° feedback', PageSize: 50, ButtonText: 'Invite colleagues', SmartDataTags: ['InPortal'] });
    expect(config.InviteSurveyConfig).toMatchObject({ InviteKey: 'Email', History: { ShowInviteButton: true }, Nominate: { Options: ['Peer', 'Direct report', 'Manager'], MinRequiredNominationsPerOption: 2 } });
    expect(config.SurveyDefinitions).toEqual([{ SurveyDefinitionId: DEF, Title: 'Leadership 360' }]);
    const schema = (await h.call('GET', `/api/inportalsurvey/schema/${M}`, { token: user })).body;
    expect(schema.filter((c: { isHidden: boolean }) => !c.isHidden).map((c: { key: string }) => c.key)).toEqual(['Id', 'Name', 'Email', 'JobTitle', 'Inv_Group', 'Region']);
    const all = await people(user);
    expect(all.recordCount).toBe(160);
    expect(all.data).toHaveLength(100);
    expect(all.data[0]).toMatchObject({ Id: expect.any(Number), Name: expect.any(String), Email: expect.stringContaining('@colleagues.demo.cx') });
    // Search reads the directory's texts (it has no comment column).
    const amelias = await people(user, { smartFilters: [{ filterKey: 'Search', filterValue: 'amelia' }] });
    expect(amelias.recordCount).toBeGreaterThan(0);
    expect(amelias.data.every((p) => p.Name.startsWith('Amelia'))).toBe(true);
    const mine = await people(north, { top: 500 });
    expect(mine.recordCount).toBe(20);
    expect(new Set(mine.data.map((p) => (p as unknown as { Region: string }).Region))).toEqual(new Set(['North']));
    expect((await h.call('GET', '/api/inportalsurvey/surveys/responses', { token: user })).status).toBe(404);
    expect((await h.call('POST', `/api/inportalsurvey/data/${M}`, { token: user, body: { orderByFields: ['password_hash'] } })).status).toBe(400);
    expect((await h.call('GET', `/api/inportalsurvey/surveys/${M}`, { token: await h.signIn('surveyeditor@demo.cx') })).status).toBe(403);
  });

  it('queues invitations by e-mail once per person, with the relationship rules of the spec', async () => {
    const [a, b, c] = (await people(user)).data;
    const send = (invitees: object[]) => h.call('POST', `/api/inportalsurvey/queueinvites/${M}/${DEF}`, { token: user, body: { invitees } });
    expect((await send([{ personId: a.Id }])).body.message).toBe('Please select Relationship for Nominee');
    expect((await send([{ personId: a.Id, relationship: 'Peer' }, { personId: b.Id }])).body.message).toBe('Please select Relationship for all Nominees');
    expect((await send([{ personId: a.Id, relationship: 'Peer' }])).body.message).toBe('Please select at least 2 Peers');
    expect((await send([{ personId: a.Id, relationship: 'Peer' }, { personId: a.Id, relationship: 'Peer' }])).body.message).toBe('Nobody can be invited twice.');
    expect((await send([{ personId: 99999, relationship: 'Peer' }, { personId: a.Id, relationship: 'Peer' }])).status).toBe(404);
    expect(await outbox(a.Email)).toEqual([]);

    // Two clicks at once: each colleague is invited and mailed once.
    const both = await Promise.all([0, 1].map(() => send([{ personId: a.Id, relationship: 'Peer' }, { personId: b.Id, relationship: 'Peer' }])));
    expect(both.every((r) => r.status === 200 && r.body.isSuccess === true)).toBe(true);
    expect(both.flatMap((r) => r.body.queued).sort()).toEqual([a.Name, b.Name].sort());
    const mails = await outbox(a.Email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Petra User asks for your feedback: Leadership 360');
    expect(mails[0].body).toMatch(new RegExp(`as their peer, for feedback in the survey "Leadership 360".[\\s\\S]*/survey/${DEF}/[0-9a-f-]{36}`));
    const again = await send([{ personId: a.Id, relationship: 'Peer' }, { personId: c.Id, relationship: 'Peer' }]);
    expect(again.body).toMatchObject({ queued: [c.Name], alreadyInvited: [a.Name] });
    expect(await outbox(a.Email)).toHaveLength(1);
  });

  it('never mails someone outside the user\'s claims', async () => {
    const south = (await people(user, { top: 500 })).data.filter((p) => (p as unknown as { Region: string }).Region === 'South').slice(0, 2);
    const res = await h.call('POST', `/api/inportalsurvey/queueinvites/${M}/${DEF}`, { token: north, body: { invitees: south.map((p) => ({ personId: p.Id, relationship: 'Manager' })) } });
    expect(res.status).toBe(404);
    expect(await outbox(south[0].Email)).toEqual([]);
  });

  it('gives a Give Now link and keeps the invitations in the user\'s own history', async () => {
    const [, , , d] = (await people(user)).data;
    const link = await h.call('POST', `/api/inportalsurvey/surveyeelink/${M}/${DEF}`, { token: user, body: { surveyee: d.Email } });
    expect(link.status).toBe(200);
    // No PUBLIC_ORIGIN here: the link names this machine's configured port, never the request's host.
    expect(link.body.link).toMatch(new RegExp(`^${localOrigin()}/survey/${DEF}/[0-9a-f-]{36}$`));
    const twice = await h.call('POST', `/api/inportalsurvey/surveyeelink/${M}/${DEF}`, { token: user, body: { surveyee: d.Email } });
    expect(twice.body.link).toBe(link.body.link);
    expect((await h.call('POST', `/api/inportalsurvey/surveyeelink/${M}/no-such-survey`, { token: user, body: { surveyee: d.Email } })).status).toBe(404);

    const schema = (await h.call('GET', `/api/inportalsurvey/history/schema/${M}`, { token: user })).body;
    expect(schema.map((c: { key: string }) => c.key)).toContain('Inv_Relationship');
    const history = (await h.call('POST', `/api/inportalsurvey/history/data/${M}`, { token: user, body: { skip: 0, top: 50 } })).body;
    expect(history.recordCount).toBe(4);
    expect(history.data.filter((r: { Kind: string }) => r.Kind === 'GiveNow').map((r: { InviteeName: string }) => r.InviteeName)).toEqual([d.Name]);
    expect(history.data.filter((r: { Kind: string }) => r.Kind === 'Invite').map((r: { Inv_Relationship: string }) => r.Inv_Relationship)).toEqual(['Peer', 'Peer', 'Peer']);
    // Another user's history is their own.
    expect((await h.call('POST', `/api/inportalsurvey/history/data/${M}`, { token: north, body: {} })).body.recordCount).toBe(0);
  });

  it('names the colleague on the Give Now survey, and records it given only once it is answered (issue 43)', async () => {
    const [, , , , d] = (await people(user)).data;
    const link = (await h.call('POST', `/api/inportalsurvey/surveyeelink/${M}/${DEF}`, { token: user, body: { surveyee: d.Email } })).body.link as string;
    const inviteId = link.split('/').pop()!;
    const survey = (await h.call('GET', `/api/survey/${DEF}?invite=${inviteId}`)).body;
    expect(survey.about).toBe(d.Name);
    // An invitation names who asked for the feedback; an id of no invitation names nobody.
    const [invite] = await h.db.query<{ id: string }>("SELECT id FROM survey_invites WHERE kind = 'Invite' AND inviter_id = 'u-portaluser' LIMIT 1");
    expect((await h.call('GET', `/api/survey/${DEF}?invite=${invite.id}`)).body.about).toBe('Petra User');
    expect((await h.call('GET', `/api/survey/${DEF}?invite=${crypto.randomUUID()}`)).body.about).toBeUndefined();
    expect((await h.call('GET', `/api/survey/${DEF}?invite=${'x'.repeat(61)}`)).status).toBe(400);

    const given = async () => (await h.call('POST', `/api/inportalsurvey/history/data/${M}`, { token: user, body: { skip: 0, top: 50 } })).body.data.find((r: { Id: string }) => r.Id === inviteId);
    expect(await given()).toMatchObject({ Kind: 'GiveNow', AnsweredAt: null });
    const answers = Object.fromEntries(survey.definition.questions.filter((q: { required: boolean }) => q.required).map((q: { id: string; kind: string }) => [q.id, q.kind === 'text' ? 'Fine.' : 4]));
    const sent = await h.call('POST', `/api/survey/${DEF}/responses`, { body: { answers, locale: 'en', inviteId } });
    expect(sent.status).toBe(201);
    expect((await given()).AnsweredAt).toEqual(expect.any(String));
  });
});
