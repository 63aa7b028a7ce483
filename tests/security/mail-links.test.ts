import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPortal, type Portal } from './portal';
import { localOrigin } from '../../server/context';

let portal: Portal;
let token: string;
beforeAll(async () => {
  // No PUBLIC_ORIGIN: the links must still come from the configuration (this machine's port), never a request.
  portal = await startPortal();
  token = (await portal.signIn('portaluser@demo.cx')).access;
});
afterAll(() => portal.close());

const M = 'team-feedback';
const DEF = 'leadership-360';
const FORGED = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };
const link = new RegExp(`^${localOrigin().replace(/[.]/g, '\\.')}/survey/${DEF}/[0-9a-f-]{36}$`);

async function colleagues(n: number): Promise<Array<{ Id: number; Email: string }>> {
  const res = await portal.call('POST', `/api/inportalsurvey/data/${M}`, { token, body: { skip: 0, top: n } });
  return res.body.data;
}

describe('e-mailed and given links name the configured portal, whatever Host the request claims', () => {
  it('an invitation sent with a forged Host mails a link to the configured origin', async () => {
    const [a, b] = await colleagues(2);
    const res = await portal.call('POST', `/api/inportalsurvey/queueinvites/${M}/${DEF}`, {
      token,
      headers: FORGED,
      body: { invitees: [{ personId: a.Id, relationship: 'Peer' }, { personId: b.Id, relationship: 'Peer' }] },
    });
    expect(res.status).toBe(200);
    for (const person of [a, b]) {
      const [mail] = await portal.mails(person.Email);
      const url = /Open your personal link to answer: (\S+)/.exec(mail.body)![1];
      expect(url).toMatch(link);
      expect(mail.body).not.toContain('evil.example');
    }
  });

  it('a Give Now link asked for with a forged Host points at the configured origin', async () => {
    const [, , c] = await colleagues(3);
    const res = await portal.call('POST', `/api/inportalsurvey/surveyeelink/${M}/${DEF}`, { token, headers: FORGED, body: { surveyee: c.Email } });
    expect(res.status).toBe(200);
    expect(res.body.link).toMatch(link);
  });
});
