import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inParallel, startPortal, type Portal } from './portal';
import { SAME_TITLE } from '../../server/routes/favourites';
import { request } from 'node:http';
import { EXPORT_QUERY, EXPORTS, exportProbes } from './junk-exports';
import { EXTREME_DATES, LEAK, PROTOTYPE_KEYS } from './junk';
import { uncaughtDuring } from '../tools/uncaught';

let portal: Portal;
let admin: string;
beforeAll(async () => {
  portal = await startPortal();
  admin = (await portal.signIn('portaladmin@demo.cx')).access;
});
afterAll(() => portal.close());

/** A POST whose body is sent in `parts` with chunked transfer encoding (no Content-Length). */
function chunked(path: string, parts: string[]): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${portal.origin}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` } }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    for (const part of parts) req.write(part);
    req.end();
  });
}

const deep = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);
const filters = (smartFilters: unknown[]) => portal.call('POST', '/api/smartdata/filters/responses', { token: admin, body: { smartFilters } });

describe('junk input gets a clear 4xx, never a 500', () => {
  it('a JSON route sent multipart with a broken boundary', async () => {
    const res = await portal.call('POST', '/api/smartdata/filters/responses', {
      token: admin,
      raw: '--x\r\nbroken',
      headers: { 'content-type': 'multipart/form-data; boundary=zzz' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The request body could not be read as a form.');
  });

  it.each(PROTOTYPE_KEYS)('prototype name %s as a module id or sort type', async (name) => {
    const module = await portal.call('POST', `/api/smartdata/filters/${name}`, { token: admin, body: {} });
    expect(module.status).toBe(404);
    expect(module.body.message).toBe(`No smart-data module "${name}".`);
    const dashboard = await portal.call('GET', `/api/dashboard/datasource/${name}`, { token: admin });
    expect(dashboard.status).toBe(404);
    const sort = await portal.call('POST', '/api/identity/getuserlist', { token: admin, body: { Filter: { sortType: name } } });
    expect(sort.status).toBe(400);
    expect(sort.body.message).toMatch(/sortType must be one of/);
    const layout = await portal.call('POST', `/api/dataviz/visuals/overview/${name}`, { token: admin, body: {} });
    expect([400, 404]).toContain(layout.status);
  });

  it.each(PROTOTYPE_KEYS)('prototype name %s as a case queue’s sort field', async (name) => {
    for (const queue of ['New', 'All']) {
      const res = await portal.call('POST', `/api/processflow/cases/queue/${queue}/pf`, { token: admin, body: { orderByFields: [name], top: 5 } });
      expect(res.status, queue).toBe(400);
      expect(res.body.message).toBe(`Unknown sort field "${name}".`);
    }
  });

  it.each(EXTREME_DATES)('a period bounded by %s, past what dates and the engines hold', async (date) => {
    const period = (lo: string, hi: string) => ({ smartFilters: [{ filterKey: 'ResponseDate', filterDataType: 'DateTime', filterValue: lo, filterValueUpperBound: hi }] });
    for (const body of [period('2025-01-01', date), period(date, '2025-01-01'), period(date, date)]) {
      for (const path of ['/api/dashboard/visuals/responses/nps', '/api/dataviz/visuals/overview/Default', '/api/smartdata/filters/responses']) {
        const res = await portal.call('POST', path, { token: admin, body });
        expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400);
        expect(res.body.message).toMatch(/invalidDateFormat/);
      }
    }
  });

  it('malformed percent-encoding in a path', async () => {
    for (const path of ['/api/dataviz/visuals/overview/%25', '/api/dataviz/visuals/overview/%E0%A4%A', '/api/smartdata/filters/%ZZ', '/api/identity/otpWho/%']) {
      const res = await portal.call(path.startsWith('/api/identity') ? 'GET' : 'POST', path, { token: admin, body: {} });
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.status, path).toBeLessThan(500);
    }
  });

  it('numbers past what the engines hold', async () => {
    for (const value of [2 ** 63, -(2 ** 63), '9223372036854775808', 1e308]) {
      const res = await filters([{ filterKey: 'NPS', filterValue: value }]);
      expect(res.status, String(value)).toBe(400);
      expect(res.body.message).toMatch(/is not a number the filter can use/);
    }
    const range = await filters([{ filterKey: 'Spend', filterValue: 0, filterValueUpperBound: 2 ** 70 }]);
    expect(range.status).toBe(400);
  });

  it('dates past year 9999 or before year 1', async () => {
    for (const value of ['+010000-01-01', '10000-01-01', 253402300800000, '-000001-01-01']) {
      const res = await filters([{ filterKey: 'ResponseDate', filterValue: value }]);
      expect(res.status, String(value)).toBe(400);
      expect(res.body.message).toMatch(/invalidDateFormat/);
    }
  });

  it('JSON nested 5,000 levels deep', async () => {
    for (const path of ['/api/portaluserstate/save/deep', '/api/smartdata/filters/responses', '/api/telemetry', '/api/identity/token']) {
      const res = await portal.call('POST', path, { token: admin, raw: deep(5000) });
      expect(res.status, path).toBe(400);
      expect(res.body.message).toBe('The request body is nested too deeply (more than 64 levels).');
    }
    // A favourite's view state is JSON text inside JSON: held to the same depth.
    const favourite = await portal.call('POST', '/api/favourites/responses', { token: admin, body: { title: 'Deep', payload: deep(5000) } });
    expect(favourite.status).toBe(400);
  });

  it('a body over the size limit is 413', async () => {
    const res = await portal.call('POST', '/api/portaluserstate/save/big', { token: admin, raw: JSON.stringify({ text: 'x'.repeat(300 * 1024) }) });
    expect(res.status).toBe(413);
  });

  // Without a Content-Length the limit is counted as the body arrives (server/http/body-limit.ts).
  it('a chunked body is held to the size limit by its bytes, and one within it is read whole', async () => {
    const big = await chunked('/api/portaluserstate/save/big', [`{"text":"${'x'.repeat(200 * 1024)}`, `${'x'.repeat(100 * 1024)}"}`]);
    expect(big.status).toBe(413);
    const small = await chunked('/api/smartdata/filters/responses', ['{"smartDataT', 'ags":["Core"]}']);
    expect(small.status).toBe(200);
    expect(JSON.parse(small.text).recordCount).toBeGreaterThan(0);
  });
});

describe('export calls with each field wrong', () => {
  // Records and analytics exports, every field of the body and the query wrong in turn (junk-exports.ts),
  // as a user of the data role restricted to one region.
  it('are refused with a clear 400 (404 for a module or profile that does not exist), and the server keeps working', async () => {
    const north = (await portal.signIn('north.manager@demo.cx')).access;
    const probes = exportProbes();
    const wrong: string[] = [];
    const uncaught = await uncaughtDuring(async () => {
      for (let i = 0; i < probes.length; i += 8) {
        await Promise.all(
          probes.slice(i, i + 8).map(async (p) => {
            const res = await portal.call('POST', p.path, { token: north, body: p.body });
            const clear = typeof res.body?.message === 'string' && res.body.message.length > 0 && !LEAK.test(res.text);
            if (res.status !== p.status || !clear) wrong.push(`${p.what} -> ${res.status} ${res.text.slice(0, 120)}`);
          }),
        );
      }
      // Both exports still work, and so does the rest of the server.
      for (const { path, body } of Object.values(EXPORTS)) {
        const made = await portal.call('POST', `${path}?${new URLSearchParams(EXPORT_QUERY)}`, { token: north, body });
        expect(made.status, path).toBe(200);
        expect((await portal.call('GET', `/api/dataviewer/downloadexport/?exportId=${made.body.exportId}`)).status).toBe(200);
      }
    });
    expect(wrong).toEqual([]);
    expect(uncaught).toEqual([]);
    expect((await portal.call('GET', '/api/health')).body.status).toBe('ok');
    expect(probes.length).toBeGreaterThan(100);
  });
});

describe('concurrent creates of one name', () => {
  it('ten users with one e-mail address: one is created, nine get 409', async () => {
    const answers = await inParallel(10, (i) =>
      portal.call('POST', '/api/identity/createuser', {
        token: admin,
        body: { User: { email: i % 2 ? 'Twin@demo.cx' : 'twin@demo.cx', firstName: 'Twin', lastName: String(i), role: 'PortalUser', claims: [{ Type: 'Region', Value: 'North' }] } },
      }),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    const refused = answers.filter((a) => a.status === 409);
    expect(refused).toHaveLength(9);
    expect(refused[0].body.errors.Email).toEqual(['A user with this e-mail address already exists.']);
    expect(await portal.db.query("SELECT id FROM users WHERE lower(user_name) = 'twin@demo.cx'")).toHaveLength(1);
  });

  it('ten groups with one name: one is created, nine get 409', async () => {
    const answers = await inParallel(10, (i) => portal.call('POST', '/api/groups', { token: admin, body: { name: i % 2 ? 'Night Shift' : 'night shift' } }));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    const refused = answers.filter((a) => a.status === 409);
    expect(refused).toHaveLength(9);
    expect(refused[0].body.errors.Name).toEqual(['A group with this name already exists.']);
  });

  it('ten favourites with one title: one is saved', async () => {
    const answers = await inParallel(10, (i) =>
      portal.call('POST', '/api/favourites/responses', { token: admin, body: { title: i % 2 ? 'North Detractors' : 'north detractors', payload: JSON.stringify({ n: i }) } }),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    // The losers get the SameTitle answer of spec part 2, as a sequential second save does.
    expect(answers.filter((a) => a.status === 400 && a.body.message === SAME_TITLE)).toHaveLength(9);
    const list = await portal.call('GET', '/api/favourites/Favourites', { token: admin });
    expect(list.body.filter((f: { title: string }) => f.title.toLowerCase() === 'north detractors')).toHaveLength(1);
  });
});
