// Imports into a data source against the real server: administrators or an API token issued for the
// source, and nothing else; a token reaches no other route or source, and a revoked one nothing; one
// import per source at a time, also when requests race; the size limit; the portal's own sources
// take no files; and a refused value that looks like a formula is neutralised in the CSV report.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { inParallel, startPortal, type Portal } from './portal';

const LIMIT = 64 * 1024;
let portal: Portal;
let admin: string;
let sourceA: string;
let sourceB: string;

const HEADER = 'Response ID,How likely are you to recommend us?,Region\r\n';
const rows = (prefix: string, n: number) => HEADER + Array.from({ length: n }, (_, i) => `${prefix}${i},${i % 11},${['North', 'South'][i % 2]}\r\n`).join('');

const send = (id: string, body: string, token = admin, query = '') =>
  portal.call('POST', `/api/datasources/${id}/imports${query}`, { token, raw: body, headers: { 'content-type': 'text/csv' } });

async function createSource(name: string): Promise<string> {
  const preview = await portal.call('POST', `/api/datasources/preview?name=${name}.csv`, { token: admin, raw: rows('p', 20), headers: { 'content-type': 'text/csv' } });
  expect(preview.status).toBe(200);
  const created = await portal.call('POST', '/api/datasources', { token: admin, body: preview.body.definition });
  expect(created.status, created.text).toBe(201);
  return created.body.id;
}

const ended = (id: string, importId: string, token = admin) =>
  vi.waitFor(
    async () => {
      const res = await portal.call('GET', `/api/datasources/${id}/imports/${importId}`, { token });
      if (res.body.state === 'running') throw new Error('still running');
      return res.body;
    },
    { timeout: 30_000, interval: 25 },
  );

beforeAll(async () => {
  portal = await startPortal(200, { datasourceLimits: { maxBytes: LIMIT, importBatchRows: 20, importParallel: 10 } });
  admin = (await portal.signIn('portaladmin@demo.cx')).access;
  sourceA = await createSource('source-a');
  sourceB = await createSource('source-b');
}, 60_000);
afterAll(() => portal.close());

describe('who may import', () => {
  it('refuses other roles with a 403 and the signed out with a 401', async () => {
    const user = (await portal.signIn('portaluser@demo.cx')).access;
    expect((await send(sourceA, rows('u', 2), user)).status).toBe(403);
    expect((await portal.call('GET', `/api/datasources/${sourceA}/imports`, { token: user })).status).toBe(403);
    expect((await send(sourceA, rows('u', 2), '')).status).toBe(401);
  });

  it('refuses files into the portal\'s own sources', async () => {
    const res = await send('responses', rows('x', 2));
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/one of the portal's own data sources/);
  });

  it('refuses a file past the size limit with a 413 naming it', async () => {
    const res = await send(sourceA, rows('big', 5000));
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('The file is larger than the limit of 64 KB (DATASOURCE_MAX_BYTES).');
  });
});

describe('API tokens', () => {
  let token: string;
  let tokenId: string;
  beforeAll(async () => {
    const issued = await portal.call('POST', '/api/datasources/tokens', { token: admin, body: { name: 'Nightly export', sourceIds: [sourceA] } });
    expect(issued.status, issued.text).toBe(201);
    ({ token, tokenId } = issued.body);
    expect(token).toMatch(/^cxt_[\w-]{43}$/);
  });

  it('imports into its source, and polls it', async () => {
    const res = await send(sourceA, rows('t', 5), token, '?mode=append');
    expect(res.status, res.text).toBe(202);
    expect(await ended(sourceA, res.body.importId, token)).toMatchObject({ state: 'done', rowsWritten: 5 });
    expect((await portal.call('GET', `/api/datasources/${sourceA}/imports`, { token })).status).toBe(200);
  });

  it('reaches no other source and no other route', async () => {
    expect((await send(sourceB, rows('t', 5), token)).status).toBe(403);
    expect((await portal.call('GET', `/api/datasources/${sourceB}/imports`, { token })).status).toBe(403);
    for (const path of ['/api/smartdata/filters/responses', `/api/smartdata/filters/${sourceA}`, '/api/datasources', `/api/datasources/${sourceA}`, '/api/datasources/tokens', '/api/identity/user']) {
      expect((await portal.call('GET', path, { token })).status, path).toBe(401);
    }
    expect((await portal.call('POST', '/api/datasources/tokens', { token, body: { name: 'more', sourceIds: [sourceB] } })).status).toBe(401);
    expect((await portal.call('DELETE', `/api/datasources/${sourceA}`, { token })).status).toBe(401);
  });

  it('is listed without its text, issued by administrators only, for user sources only', async () => {
    const list = await portal.call('GET', '/api/datasources/tokens', { token: admin });
    expect(list.body).toContainEqual(expect.objectContaining({ tokenId, name: 'Nightly export', sourceIds: [sourceA], revokedAt: null }));
    expect(list.text).not.toContain(token);
    const user = (await portal.signIn('portaluser@demo.cx')).access;
    expect((await portal.call('POST', '/api/datasources/tokens', { token: user, body: { name: 'x', sourceIds: [sourceA] } })).status).toBe(403);
    expect((await portal.call('POST', '/api/datasources/tokens', { token: admin, body: { name: 'x', sourceIds: ['responses'] } })).status).toBe(400);
    expect((await portal.call('POST', '/api/datasources/tokens', { token: admin, body: { name: 'x', sourceIds: ['no-such-source'] } })).status).toBe(400);
  });

  it('is refused once revoked, and a made-up one always', async () => {
    expect((await portal.call('DELETE', `/api/datasources/tokens/${tokenId}`, { token: admin })).status).toBe(200);
    const res = await send(sourceA, rows('r', 2), token);
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('This API token is not valid, or it was revoked.');
    expect((await send(sourceA, rows('r', 2), `cxt_${'A'.repeat(43)}`)).status).toBe(401);
    expect((await portal.call('DELETE', '/api/datasources/tokens/no-such-token', { token: admin })).status).toBe(404);
  });
});

describe('one import per source', () => {
  it('answers one of several racing imports with a 202 and the others with a 409', async () => {
    const file = rows('race', 2000);
    const answers = await inParallel(5, () => send(sourceB, file));
    expect(answers.map((a) => a.status).sort()).toEqual([202, 409, 409, 409, 409]);
    const started = answers.find((a) => a.status === 202)!;
    expect(await ended(sourceB, started.body.importId)).toMatchObject({ state: 'done', rowsWritten: 2000 });
    expect((await portal.call('GET', `/api/datasources/${sourceB}`, { token: admin })).body).toMatchObject({ state: 'ready', rows: 2000 });
  });

  it('answers 404 for an import of another source', async () => {
    const res = await send(sourceA, rows('n', 2));
    await ended(sourceA, res.body.importId);
    expect((await portal.call('GET', `/api/datasources/${sourceB}/imports/${res.body.importId}`, { token: admin })).status).toBe(404);
    expect((await portal.call('DELETE', `/api/datasources/${sourceB}/imports/${res.body.importId}`, { token: admin })).status).toBe(404);
  });
});

describe('formula-like cells', () => {
  it('stores them as text, and neutralises a refused one in the CSV report', async () => {
    const file = `${HEADER}f1,"=cmd|' /C calc'!A0",North\r\nf2,5,"=HYPERLINK(""http://evil.example"")"\r\n`;
    const res = await send(sourceA, file);
    const result = await ended(sourceA, res.body.importId);
    expect(result).toMatchObject({ rowsWritten: 1, rowsRefused: 1 });
    const [row] = await portal.db.query(`SELECT c3 FROM ds_${sourceA.replace(/-/g, '_')} WHERE row_key = 'f2'`);
    expect(row.c3).toBe('=HYPERLINK("http://evil.example")');
    const report = await portal.call('GET', `/api/datasources/${sourceA}/imports/${res.body.importId}/refused.csv`, { token: admin });
    expect(report.status).toBe(200);
    expect(report.text.split('\r\n')[1]).toBe(`2,How likely are you to recommend us?,"""=cmd|' /C calc'!A0"" is not a number.",'=cmd|' /C calc'!A0`);
  });
});
