import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../server/db';
import { liveRole } from '../../../server/auth/live-sessions';
import { openSession, revokeSession } from '../../../server/auth/sessions';
import { seededDb } from './harness';

let db: Db;
beforeAll(async () => {
  ({ db } = await seededDb(50));
});
afterAll(() => db.close());

const open = () => openSession(db, 'u-portaluser', new Date());

describe('liveRole', () => {
  it('should answer the role of a live session, again and again, and nothing once it is revoked', async () => {
    const sid = await open();
    expect(await liveRole(db, sid, 'u-portaluser')).toBe('PortalUser');
    expect(await liveRole(db, sid, 'u-portaluser')).toBe('PortalUser');
    await revokeSession(db, sid);
    expect(await liveRole(db, sid, 'u-portaluser')).toBeUndefined();
  });

  it('should follow a change of the user’s role', async () => {
    const sid = await open();
    expect(await liveRole(db, sid, 'u-portaluser')).toBe('PortalUser');
    await db.query("UPDATE users SET role = 'SurveyEditor' WHERE id = 'u-portaluser'");
    expect(await liveRole(db, sid, 'u-portaluser')).toBe('SurveyEditor');
    await db.query("UPDATE users SET role = 'PortalUser' WHERE id = 'u-portaluser'");
  });

  it('should not keep an answer read while a revocation was under way', async () => {
    for (let i = 0; i < 20; i++) {
      const sid = await open();
      // The check and the revocation race; whichever way it goes, the next check sees the revocation.
      await Promise.all([liveRole(db, sid, 'u-portaluser'), revokeSession(db, sid)]);
      expect(await liveRole(db, sid, 'u-portaluser')).toBeUndefined();
    }
  });

  it('should not take one user’s session for another’s', async () => {
    const sid = await open();
    expect(await liveRole(db, sid, 'u-portaluser')).toBe('PortalUser');
    expect(await liveRole(db, sid, 'u-globaladmin')).toBeUndefined();
  });
});
