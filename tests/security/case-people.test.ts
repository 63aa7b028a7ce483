// The colleagues a case can be assigned to or mention are those who may open it (a process-flow
// role, and claims that reach its row), by name: the lists give no e-mail address and no one who
// could not open the case, and the server refuses an assignment or a mention of such a user.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPortal, type Portal } from './portal';

let portal: Portal;
let north: string;
let user: string;
let southCase: { pfo_id: string; source_object_id: number };
let northCase: { pfo_id: string; source_object_id: number };
/** Each user's Region claims (none: every region). */
let regionsOf: Map<string, string[]>;

const caseIn = async (region: string) =>
  (
    await portal.db.query<{ pfo_id: string; source_object_id: number }>(
      "SELECT c.pfo_id, c.source_object_id FROM cases c JOIN responses r ON r.id = c.source_object_id WHERE c.module_id = 'cases' AND r.region = $1 AND c.state IN ('New', 'Assigned', 'InProgress') ORDER BY c.source_object_id LIMIT 1",
      [region],
    )
  )[0];

beforeAll(async () => {
  portal = await startPortal(600);
  north = (await portal.signIn('north.manager@demo.cx')).access;
  user = (await portal.signIn('portaluser@demo.cx')).access;
  [southCase, northCase] = [await caseIn('South'), await caseIn('North')];
  const claims = await portal.db.query<{ user_id: string; claim_value: string }>("SELECT user_id, claim_value FROM user_claims WHERE claim_type = 'Region'");
  regionsOf = new Map();
  for (const c of claims) regionsOf.set(c.user_id, [...(regionsOf.get(c.user_id) ?? []), c.claim_value]);
}, 60_000);
afterAll(() => portal.close());

type Person = { userId: string; userName: string; fullName: string };
const mayOpen = (userId: string, region: string) => !regionsOf.has(userId) || regionsOf.get(userId)!.includes(region);
const mentionable = async (token: string, query = '') => {
  const res = await portal.call('GET', `/api/processflow/validMentionableUsers${query}`, { token });
  expect(res.status).toBe(200);
  return res.body as Person[];
};
const allocations = async (token: string, query = '') => {
  const res = await portal.call('GET', `/api/processflow/validUserAllocations${query}`, { token });
  expect(res.status).toBe(200);
  return (res.body as Array<{ role: string; users: Person[] }>).flatMap((g) => g.users);
};
const ofCase = (c: { source_object_id: number }) => `?moduleId=cases&sourceObjectId=${c.source_object_id}`;
const act = (token: string, pfoId: string, body: object) => portal.call('POST', `/api/processflow/cases/processFlowObject/action/${pfoId}`, { token, body });

describe('colleagues offered for a case', () => {
  it('lists for a restricted user only colleagues who see what they see, by name, with no e-mail address', async () => {
    for (const people of [await mentionable(north), await allocations(north), await mentionable(north, ofCase(northCase)), await allocations(north, ofCase(northCase))]) {
      expect(people.length).toBeGreaterThan(0);
      expect(JSON.stringify(people)).not.toContain('@');
      expect(people.filter((p) => !mayOpen(p.userId, 'North')).map((p) => p.fullName)).toEqual([]);
      expect(people.map((p) => p.userId)).toContain('u-portaladmin');
    }
  });

  it('lists for a case only the colleagues who may open it', async () => {
    const people = await mentionable(user, ofCase(southCase));
    expect(people.map((p) => p.userId)).not.toContain('u-north');
    expect(people.filter((p) => !mayOpen(p.userId, 'South'))).toEqual([]);
    expect(people.some((p) => regionsOf.get(p.userId)?.includes('South'))).toBe(true);
    expect((await allocations(user, ofCase(southCase))).map((p) => p.userId)).not.toContain('u-north');
    // A case outside the caller's claims is not found, as everywhere.
    expect((await portal.call('GET', `/api/processflow/validMentionableUsers${ofCase(southCase)}`, { token: north })).status).toBe(404);
    expect((await portal.call('GET', '/api/processflow/validMentionableUsers?moduleId=cases&sourceObjectId=abc', { token: user })).status).toBe(404);
  });

  it('refuses to assign a case to, or mention on it, a colleague who cannot open it', async () => {
    const assign = await act(user, southCase.pfo_id, { actionName: 'Assign', comment: 'Over to you', actionProperties: JSON.stringify({ userId: 'u-north', role: 'PortalUser' }) });
    expect(assign.status).toBe(400);
    expect(assign.body.message).toMatch(/cannot open this case/);
    const mention = await act(user, southCase.pfo_id, { actionName: 'Tag', comment: 'Look @Nora North', actionProperties: JSON.stringify({ tags: [{ tagValue: 'look' }], mentions: ['u-north'] }) });
    expect(mention.status).toBe(400);
    expect(mention.body.message).toMatch(/cannot open this case/);
    expect(await portal.db.query("SELECT text FROM notifications WHERE user_id = 'u-north'")).toEqual([]);
    const [{ allocated_to_user_id: to }] = await portal.db.query<{ allocated_to_user_id: string | null }>('SELECT allocated_to_user_id FROM cases WHERE pfo_id = $1', [southCase.pfo_id]);
    expect(to).not.toBe('u-north');
    // Someone who may open it can be given it and mentioned.
    const ok = await act(user, northCase.pfo_id, { actionName: 'Assign', comment: 'Over to you @Nora North', actionProperties: JSON.stringify({ userId: 'u-north', role: 'PortalUser', mentions: ['u-north'] }) });
    expect(ok.status).toBe(200);
    expect(ok.body.processFlowObject.properties.AllocatedToUserName).toBe('Nora North');
  });
});
