import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harnessWithUsers, type Harness } from './harness';
import { allocationsByRole, caseWorkers } from '../../../server/processflow/people';

/** Spec part 3 section 3: the names of mentionable users, allocation options and action properties. */
let h: Harness;
let user: string;
beforeAll(async () => {
  ({ h, user } = await harnessWithUsers(1000));
});
afterAll(() => h.close());

const PF = '/api/processflow/cases';

describe('process-flow people and action properties by the spec\'s names', () => {
  it('answers mentionable users as userId, userName, userFriendlyName and allocation options as userId, userName, portalRoles', async () => {
    const mentionable = (await h.call('GET', '/api/processflow/validMentionableUsers', { token: user })).body;
    expect(mentionable.length).toBeGreaterThan(0);
    for (const p of mentionable) expect(Object.keys(p).sort()).toEqual(['userFriendlyName', 'userId', 'userName']);
    expect(mentionable.find((p: { userId: string }) => p.userId === 'u-portaladmin')).toEqual({ userId: 'u-portaladmin', userName: 'Paul Admin', userFriendlyName: 'Paul Admin' });
    const groups = (await h.call('GET', '/api/processflow/validUserAllocations', { token: user })).body;
    const paul = groups.find((g: { role: string }) => g.role === 'PortalAdmin').users.find((u: { userId: string }) => u.userId === 'u-portaladmin');
    expect(paul).toEqual({ userId: 'u-portaladmin', userName: 'Paul Admin', portalRoles: ['PortalAdmin'], userDetail: 'Head office' });
  });

  it('tells colleagues of the same name apart by their region or group, never their e-mail address (issue 43)', async () => {
    // Every case worker as an option: the seeded staff has six names that two people share.
    const users = allocationsByRole(await caseWorkers(h.db)).flatMap((g) => g.users);
    const named = (name: string) => users.filter((u) => u.userName === name);
    const shared = [...new Set(users.map((u) => u.userName))].filter((name) => named(name).length > 1);
    expect(shared.length).toBe(6);
    for (const u of shared.flatMap(named)) expect(u.userDetail).toMatch(/^[^@]+$/);
    expect(users.find((u) => u.userId === 'u-north')?.userDetail).toBe('North');
    // The call answers the same detail.
    const groups = (await h.call('GET', '/api/processflow/validUserAllocations', { token: user })).body;
    expect(groups.flatMap((g: { users: unknown[] }) => g.users)).toContainEqual({ userId: 'u-portaluser', userName: 'Petra User', portalRoles: ['PortalUser'], userDetail: 'Regional managers' });
  });

  it('takes an allocation and an e-mail with allocatedToUserId, allocatedToUserName, actionComment, mentionedUsers and actionSubjectLine', async () => {
    const [kase] = (await h.call('POST', `${PF}/queue/New/PF`, { token: user, body: { skip: 0, top: 1 } })).body.data;
    const view = (await h.call('GET', `${PF}/processFlowObject/${kase.SourceObjectId}/PF`, { token: user })).body;
    const pfo = view.processFlowObject.processFlowObjectId;
    const act = (body: object) => h.call('POST', `${PF}/processFlowObject/action/${pfo}`, { token: user, body });
    const comment = 'Over to you @Paul Admin';
    const assigned = await act({
      actionName: 'Assign', comment,
      actionProperties: JSON.stringify({ actionComment: comment, allocatedToUserId: 'u-portaladmin', allocatedToUserName: 'Paul Admin', allocatedToRole: 'PortalAdmin', mentionedUsers: ['u-portaladmin'], version: view.processFlowObject.version }),
    });
    expect(assigned.status).toBe(200);
    expect(assigned.body.processFlowObject.properties).toMatchObject({ State: 'Assigned', AllocatedToUserId: 'u-portaladmin', AllocatedToUserName: 'Paul Admin', AllocatedToRole: 'PortalAdmin' });
    const [note] = await h.db.query<{ text: string }>("SELECT text FROM notifications WHERE user_id = 'u-portaladmin' AND pfo_id = $1", [pfo]);
    expect(note.text).toContain('mentioned you');
    const mailed = await act({ actionName: 'Send e-mail', comment: 'We are sorry.', actionProperties: JSON.stringify({ actionComment: 'We are sorry.', actionSubjectLine: 'Your visit' }) });
    expect(mailed.status).toBe(200);
    expect(mailed.body.actionHistoryRecord.properties).toMatchObject({ subject: 'Your visit' });
  });
});
