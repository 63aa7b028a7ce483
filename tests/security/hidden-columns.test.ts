// A hidden column (the customer's e-mail address of a response) is read by the server alone: no
// role sees it, so no caller may filter by it, sort by it or have an alert or export filtered on it
// (each would tell whether an address is in the data, or leak its order). The refusal is the one
// an unknown key gets, so it says nothing about the column.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPortal, type Portal } from './portal';

let portal: Portal;
let email: string;

beforeAll(async () => {
  portal = await startPortal(200);
  [{ customer_email: email }] = await portal.db.query<{ customer_email: string }>('SELECT customer_email FROM responses ORDER BY id LIMIT 1');
}, 60_000);
afterAll(() => portal.close());

const byEmail = (key = 'CustomerEmail') => [{ filterKey: key, filterValue: email }];

describe('the hidden customer e-mail column', () => {
  for (const who of ['portaluser@demo.cx', 'globaladmin@demo.cx']) {
    it(`is no filter, sort key or alert filter for ${who}`, async () => {
      const token = (await portal.signIn(who)).access;
      const refused = async (path: string, body: object, message: string) => {
        const res = await portal.call('POST', path, { token, body });
        expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400);
        expect(res.body.message).toBe(message);
      };
      for (const key of ['CustomerEmail', 'customeremail']) {
        const unknown = `Unknown filter key "${key}".`;
        await refused('/api/smartdata/filters/responses', { smartFilters: byEmail(key) }, unknown);
        await refused('/api/dataviewer/data/responses/default', { skip: 0, top: 5, smartFilters: byEmail(key) }, unknown);
        await refused('/api/dataviewer/data/responses/default', { skip: 0, top: 5, orderByFields: [key] }, `Unknown sort field "${key}".`);
        await refused('/api/dataviewer/exporttoexcel/?moduleId=responses&profile=default', { ExportCols: ['Id'], SmartDataSelection: { smartFilters: byEmail(key) } }, unknown);
        await refused('/api/dataviewer/exporttoexcel/?moduleId=responses&profile=default', { ExportCols: ['Id'], SortBy: { fieldKey: key, operatorAsString: 'ASC' } }, `Unknown sort field "${key}".`);
        await refused('/api/alerts', { name: 'Watch', moduleId: 'responses', measure: 'nps', condition: 'below', threshold: 0, schedule: 'daily', filters: [{ key, value: email }] }, unknown);
      }
      expect((await portal.call('GET', '/api/alerts', { token })).body).toEqual([]);
    });
  }

  it('is still what the server mails a case to, and the other columns still filter and sort', async () => {
    const token = (await portal.signIn('portaluser@demo.cx')).access;
    const res = await portal.call('POST', '/api/dataviewer/data/responses/default', { token, body: { skip: 0, top: 5, orderByFields: ['CustomerName'], smartFilters: [{ filterKey: 'Channel', filterValue: 'Online' }] } });
    expect(res.status).toBe(200);
    expect(res.body.data.length).toBeGreaterThan(0);
    expect(res.body.data[0]).not.toHaveProperty('CustomerEmail');
  });
});
