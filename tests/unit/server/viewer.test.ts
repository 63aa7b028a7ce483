import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harnessWithUsers, type Harness } from './harness';

let h: Harness;
let user: string;
let north: string;
beforeAll(async () => {
  ({ h, user, north } = await harnessWithUsers(1500));
});
afterAll(() => h.close());

const post = (path: string, body: unknown, token = user) => h.call('POST', path, { token, body });

describe('data viewer profiles', () => {
  it('lists the default profile first, then the comments view with its own columns, order and default filter', async () => {
    const profiles = (await h.call('GET', '/api/dataviewer/profiles/responses', { token: user })).body;
    expect(profiles.map((p: { name: string }) => p.name)).toEqual(['default', 'comments']);
    expect(profiles[1]).toMatchObject({ defaultOrderBy: { fieldKey: 'NPS', operatorAsString: 'ASC' }, defaultSmartFilters: [{ filterKey: 'NPSGroup', filterValue: 'Detractor' }], hasExport: true });
    expect(profiles[0].cardViewerViewModel.cardLimit).toEqual({ min: 5000, max: 20000 });
    const schema = (await post('/api/dataviewer/schema/responses/comments', {})).body;
    expect(schema.map((c: { key: string }) => c.key)).toEqual(['Id', 'ResponseDate', 'Store', 'NPS', 'Verbatim', 'CustomerName']);
    const rows = (await post('/api/dataviewer/data/responses/comments', { top: 2, orderByFields: ['NPS'] })).body.data;
    expect(Object.keys(rows[0])).toEqual(['Id', 'ResponseDate', 'Store', 'NPS', 'Verbatim', 'CustomerName']);
    expect((await post('/api/dataviewer/schema/responses/nope', {})).status).toBe(404);
  });

  it('sends a profanity-cleaned comment as its mark, never as text', async () => {
    const [{ id }] = await h.db.query<{ id: number }>("SELECT id FROM responses WHERE verbatim_flag = 'redacted_profanity' ORDER BY id LIMIT 1");
    const res = await post('/api/dataviewer/data/responses/default', { top: 500, orderByFields: ['Id'], orderByOperator: 'ASC', smartFilters: [] });
    const all = [res.body.data];
    for (let skip = 500; skip < 1500; skip += 500) all.push((await post('/api/dataviewer/data/responses/default', { skip, top: 500, orderByFields: ['Id'] })).body.data);
    const row = all.flat().find((r: { Id: number }) => r.Id === id);
    expect(row.Verbatim).toBe('redacted_profanity');
  });

  it('is for the data viewer roles only', async () => {
    const editor = await h.signIn('surveyeditor@demo.cx');
    expect((await h.call('GET', '/api/dataviewer/profiles/responses', { token: editor })).status).toBe(403);
  });
});

describe('POST /api/dataviewer/cards/{moduleId}/{profile}', () => {
  const cards = (body: unknown, token = user) => post('/api/dataviewer/cards/responses/default', body, token);

  it('gives every filtered record up to the limit, in the asked order', async () => {
    const [{ n }] = await h.db.query<{ n: number }>("SELECT count(*) AS n FROM responses WHERE region = 'North' AND channel = 'Online'");
    const res = await cards({ limit: 5000, orderByFields: ['NPS'], orderByOperator: 'DESC', smartFilters: [{ filterKey: 'Channel', filterValue: 'Online' }] }, north);
    expect(res.body.recordCount).toBe(Number(n));
    expect(res.body.data).toHaveLength(Number(n));
    const nps = res.body.data.map((r: { NPS: number }) => r.NPS);
    expect(nps).toEqual([...nps].sort((a, b) => b - a));
    expect(res.body.data.every((r: { Region: string }) => r.Region === 'North')).toBe(true);
  });

  it('refuses more records than the limit, and a limit above the profile maximum', async () => {
    const over = await cards({ limit: 100 });
    expect(over.status).toBe(400);
    expect(over.body.message).toBe('There are 1500 records, more than the 100 cards asked for.');
    expect((await cards({ limit: 20_001 })).body.message).toBe("limit must be at most 20000, the profile's card limit.");
  });
});
