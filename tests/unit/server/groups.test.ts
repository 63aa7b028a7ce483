import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from './harness';

let h: Harness;
let admin: string;
let user: string;
beforeAll(async () => {
  h = await harness(50);
  [admin, user] = await Promise.all([h.signIn('portaladmin@demo.cx'), h.signIn('portaluser@demo.cx')]);
});
afterAll(() => h.close());

describe('/api/groups', () => {
  it('lists the seeded groups with member counts, for admins only', async () => {
    const res = await h.call('GET', '/api/groups', { token: admin });
    expect(res.body.results).toEqual([
      { id: 'g-head-office', name: 'Head office', description: 'Insight and CX team', memberCount: 2 },
      { id: 'g-regional', name: 'Regional managers', description: 'Store and regional managers', memberCount: 2 },
      { id: 'g-survey', name: 'Survey team', description: 'People who build surveys', memberCount: 1 },
    ]);
    expect((await h.call('GET', '/api/groups', { token: user })).status).toBe(403);
    expect((await h.call('GET', '/api/groups')).status).toBe(401);
  });

  it('creates, reads, renames with members and deletes a group', async () => {
    const created = await h.call('POST', '/api/groups', { token: admin, body: { name: 'Store managers', description: 'North', memberIds: ['u-north'] } });
    expect(created.status).toBe(201);
    const id = created.body.id;
    expect((await h.call('GET', `/api/groups/${id}`, { token: admin })).body.members).toEqual([{ id: 'u-north', userName: 'north.manager@demo.cx', fullName: 'Nora North' }]);
    await h.call('POST', `/api/groups/${id}`, { token: admin, body: { name: 'Store leads', memberIds: ['u-north', 'u-portaluser'] } });
    const read = await h.call('GET', `/api/groups/${id}`, { token: admin });
    expect(read.body.name).toBe('Store leads');
    expect(read.body.members).toHaveLength(2);
    expect((await h.call('DELETE', `/api/groups/${id}`, { token: admin })).status).toBe(200);
    expect((await h.call('GET', `/api/groups/${id}`, { token: admin })).status).toBe(404);
  });

  it('rejects bad input with 400 and a field', async () => {
    expect((await h.call('POST', '/api/groups', { token: admin, body: { name: '' } })).body.message).toBe('name: Enter a group name.');
    expect((await h.call('POST', '/api/groups', { token: admin, body: { name: 'head office' } })).body.errors).toEqual({ Name: ['A group with this name already exists.'] });
    expect((await h.call('POST', '/api/groups', { token: admin, body: { name: 'X', memberIds: ['u-nobody'] } })).body.errors).toEqual({ Members: ['Unknown user: u-nobody'] });
  });
});
