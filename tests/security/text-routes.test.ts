// The routes of topics and highlights (issue 49) over HTTP: who may edit a taxonomy, what a user
// restricted to North reads of comments' highlights and of topic impact (North's rows, nothing
// else), and that bad input is a 400 with a message, never a 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inParallel, startPortal, type Portal } from './portal';
import { askForPasses, runPasses } from '../../server/text/worker';

let portal: Portal;
let admin: string;
let user: string;
let north: string;
let editor: string;

const TAXONOMY = [
  { id: 'queue', name: 'Queue', terms: ['queue', 'wait', 'Schlange', 'Wartezeit'], exclusions: [] },
  { id: 'staff', name: 'Staff', terms: ['staff', 'friendly', 'Personal', 'freundlich'], exclusions: [] },
];

beforeAll(async () => {
  portal = await startPortal(600);
  [admin, user, north, editor] = (await Promise.all(['portaladmin@demo.cx', 'portaluser@demo.cx', 'north.manager@demo.cx', 'surveyeditor@demo.cx'].map((e) => portal.signIn(e)))).map((t) => t.access);
  const saved = await portal.call('PUT', '/api/datasources/responses/topics', { token: admin, body: { topics: TAXONOMY } });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  await askForPasses(portal.db, new Date());
  await runPasses(portal.db);
}, 120_000);
afterAll(() => portal.close());

/** Ids of commented responses in a region. */
const commented = async (region: string, n: number) =>
  (await portal.db.query<{ k: string }>(`SELECT CAST(id AS VARCHAR) AS k FROM responses WHERE region = $1 AND verbatim IS NOT NULL AND trim(verbatim) <> '' ORDER BY id LIMIT ${n}`, [region])).map((r) => r.k);

describe('who may do what with topics', () => {
  it('lets administrators edit the taxonomy and no one else', async () => {
    for (const token of [user, north, editor]) {
      expect((await portal.call('PUT', '/api/datasources/responses/topics', { token, body: { topics: [] } })).status).toBe(403);
      expect((await portal.call('GET', '/api/datasources/responses/topics', { token })).status).toBe(403);
      expect((await portal.call('POST', '/api/datasources/responses/topics/proposals', { token })).status).toBe(403);
    }
    expect((await portal.call('PUT', '/api/datasources/responses/topics', { body: { topics: [] } })).status).toBe(401);
    const read = await portal.call('GET', '/api/datasources/responses/topics', { token: admin });
    expect(read.body.topics.map((t: { id: string }) => t.id)).toEqual(['queue', 'staff']);
  });

  it('gives impact and highlights to the dashboards\' roles, not to a survey editor', async () => {
    const [key] = await commented('North', 1);
    expect((await portal.call('GET', '/api/datasources/responses/topics/impact', { token: user })).status).toBe(200);
    expect((await portal.call('POST', '/api/text/highlights', { token: user, body: { sourceId: 'responses', rowKeys: [key] } })).status).toBe(200);
    expect((await portal.call('GET', '/api/datasources/responses/topics/impact', { token: editor })).status).toBe(403);
    expect((await portal.call('POST', '/api/text/highlights', { token: editor, body: { sourceId: 'responses', rowKeys: [key] } })).status).toBe(403);
    expect((await portal.call('GET', '/api/datasources/responses/topics/impact')).status).toBe(401);
  });
});

describe('a user restricted to North', () => {
  it('gets the highlights of North\'s rows only, whatever keys are asked for', async () => {
    const [mine, theirs] = [await commented('North', 5), await commented('South', 5)];
    const asked = { sourceId: 'responses', rowKeys: [...mine, ...theirs] };
    const res = await portal.call('POST', '/api/text/highlights', { token: north, body: asked });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.rows).sort()).toEqual([...mine].sort());
    const all = await portal.call('POST', '/api/text/highlights', { token: admin, body: asked });
    expect(Object.keys(all.body.rows).sort()).toEqual([...mine, ...theirs].sort());
    const row = res.body.rows[mine[0]];
    expect(['positive', 'neutral', 'negative']).toContain(row.sentiment.label);
    for (const t of Object.values(res.body.rows).flatMap((r) => (r as { topics: Array<{ name: string }> }).topics)) expect(['Queue', 'Staff']).toContain(t.name);
  });

  it('reads the impact of North\'s rows: the same as anyone\'s filtered to North', async () => {
    const mine = await portal.call('GET', '/api/datasources/responses/topics/impact', { token: north });
    const filters = encodeURIComponent(JSON.stringify([{ filterKey: 'Region', filterValue: 'North' }]));
    const northOnly = await portal.call('GET', `/api/datasources/responses/topics/impact?filters=${filters}`, { token: admin });
    const everyone = await portal.call('GET', '/api/datasources/responses/topics/impact', { token: admin });
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual(northOnly.body);
    const total = (b: { topics: Array<{ withCount: number; withoutCount: number }> }) => b.topics[0].withCount + b.topics[0].withoutCount;
    expect(total(mine.body)).toBeGreaterThan(0);
    expect(total(mine.body)).toBeLessThan(total(everyone.body));
    // Asking for South on top of the claims reads nothing of South.
    const south = encodeURIComponent(JSON.stringify([{ filterKey: 'Region', filterValue: 'South' }]));
    const refused = await portal.call('GET', `/api/datasources/responses/topics/impact?filters=${south}`, { token: north });
    expect(refused.body.topics.every((t: { withCount: number; withoutCount: number }) => t.withCount + t.withoutCount === 0)).toBe(true);
  });
});

describe('a comment column an administrator hid', () => {
  it('is quoted in no highlight and no proposal, to anyone, until it is shown again', async () => {
    const global = (await portal.signIn('globaladmin@demo.cx')).access;
    const hide = async (hidden: boolean) => expect((await portal.call('PATCH', '/api/datasources/responses', { token: global, body: { columns: [{ key: 'Verbatim', hidden }] } })).status).toBe(200);
    const keys = await commented('North', 5);
    const highlights = (token: string) => portal.call('POST', '/api/text/highlights', { token, body: { sourceId: 'responses', rowKeys: keys } });
    await hide(true);
    try {
      for (const token of [user, north, admin, global]) {
        const res = await highlights(token);
        expect(res.status).toBe(400);
        expect(res.body.message).toBe('The data source "responses" has no comments shown: its comment column is hidden.');
        expect(JSON.stringify(res.body)).not.toMatch(/reason|spans/);
      }
      const proposed = await portal.call('POST', '/api/datasources/responses/topics/proposals', { token: admin });
      expect(proposed.status).toBe(400);
      // Its sentiment is a judgement, not the text: it stays a filter.
      const negative = await portal.call('POST', '/api/dataviewer/data/responses/default', { token: user, body: { top: 5, smartFilters: [{ filterKey: 'Sentiment', filterValue: 'negative' }] } });
      expect(negative.status).toBe(200);
      expect(negative.body.recordCount).toBeGreaterThan(0);
    } finally {
      await hide(false);
    }
    const shown = await highlights(user);
    expect(shown.status).toBe(200);
    expect(Object.keys(shown.body.rows).length).toBeGreaterThan(0);
  });
});

describe('bad input', () => {
  it('is a 400 with a message for highlights, and the list of rows is capped', async () => {
    const keys = (n: number) => Array.from({ length: n }, (_, i) => String(i + 1));
    const bodies: unknown[] = [
      {},
      { sourceId: 'responses' },
      { sourceId: 'responses', rowKeys: 'all' },
      { sourceId: 'responses', rowKeys: [] },
      { sourceId: 'responses', rowKeys: [1, 2] },
      { sourceId: 'responses', rowKeys: [''] },
      { sourceId: 'responses', rowKeys: ['x'.repeat(101)] },
      { sourceId: 'responses', rowKeys: keys(201) },
      { sourceId: 'Responses; DROP TABLE x', rowKeys: ['1'] },
      { sourceId: ['responses'], rowKeys: ['1'] },
    ];
    for (const body of bodies) {
      const res = await portal.call('POST', '/api/text/highlights', { token: admin, body });
      expect(res.status, JSON.stringify(body).slice(0, 100)).toBe(400);
      expect(typeof res.body.message).toBe('string');
    }
    expect((await portal.call('POST', '/api/text/highlights', { token: admin, body: { sourceId: 'responses', rowKeys: keys(201) } })).body.message).toMatch(/At most 200/);
    expect((await portal.call('POST', '/api/text/highlights', { token: admin, body: { sourceId: 'responses', rowKeys: keys(200) } })).status).toBe(200);
    expect((await portal.call('POST', '/api/text/highlights', { token: admin, body: { sourceId: 'no-such-source', rowKeys: ['1'] } })).status).toBe(404);
    // A key that is not an id is a row that is not there.
    const odd = await portal.call('POST', '/api/text/highlights', { token: admin, body: { sourceId: 'responses', rowKeys: ["1' OR '1'='1", '__proto__'] } });
    expect(odd.status).toBe(200);
    expect(Object.keys(odd.body.rows)).toEqual([]);
  });

  it('is a 400 for impact filters and taxonomies, never a 500', async () => {
    const impact = (query: string, token = admin) => portal.call('GET', `/api/datasources/responses/topics/impact${query}`, { token });
    for (const query of ['?filters=not-json', '?filters=%7B%7D', '?filters=%5B1%5D', `?filters=${encodeURIComponent(JSON.stringify([{ filterKey: 'Nope', filterValue: 'x' }]))}`]) {
      const res = await impact(query);
      expect(res.status, query).toBe(400);
      expect(typeof res.body.message).toBe('string');
    }
    expect((await portal.call('GET', '/api/datasources/Bad%20Id/topics/impact', { token: admin })).status).toBe(400);
    const puts: unknown[] = [null, [], { topics: null }, { topics: [{ id: 'a' }] }, { topics: [{ id: 'a', name: 'A', terms: [{}] }] }, { topics: [{ id: 'a', name: 'A', parentId: 'a' }] }];
    for (const body of puts) {
      const res = await portal.call('PUT', '/api/datasources/responses/topics', { token: admin, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const deep = await portal.call('PUT', '/api/datasources/responses/topics', { token: admin, raw: `{"topics":${'['.repeat(5000)}${']'.repeat(5000)}}` });
    expect(deep.status).toBe(400);
  });

  it('proposes for one request at a time: the others meet a 429 with Retry-After, never a 500', async () => {
    const answers = await inParallel(4, () => portal.call('POST', '/api/datasources/responses/topics/proposals', { token: admin }));
    expect(answers.every((a) => a.status === 200 || a.status === 429)).toBe(true);
    expect(answers.some((a) => a.status === 200)).toBe(true);
    for (const a of answers.filter((x) => x.status === 429)) expect(Number(a.headers['retry-after'])).toBeGreaterThan(0);
    expect(answers.find((a) => a.status === 200)!.body.candidates.length).toBeGreaterThan(0);
  });

  it('binds a Topic filter\'s value: a quote is a name no topic has', async () => {
    const res = await portal.call('POST', '/api/dataviewer/data/responses/default', { token: admin, body: { top: 5, smartFilters: [{ filterKey: 'Topic', filterValue: "Queue') OR ('1'='1" }] } });
    expect(res.status).toBe(200);
    expect(res.body.recordCount).toBe(0);
    const queue = await portal.call('POST', '/api/dataviewer/data/responses/default', { token: north, body: { top: 5, smartFilters: [{ filterKey: 'Topic', filterValue: 'queue' }] } });
    expect(queue.status).toBe(200);
    expect(queue.body.recordCount).toBeGreaterThan(0);
    expect(queue.body.data.every((r: { Region: string }) => r.Region === 'North')).toBe(true);
    // [Blank]: the rows about no topic; with those about one, every row once.
    const count = async (values: string[]) => (await portal.call('POST', '/api/dataviewer/data/responses/default', { token: admin, body: { top: 1, smartFilters: values.map((filterValue) => ({ filterKey: 'Topic', filterValue })) } })).body.recordCount as number;
    const [blank, about, all] = [await count(['[Blank]']), await count(['Queue', 'Staff']), await count([])];
    expect(blank).toBeGreaterThan(0);
    expect(about).toBeGreaterThan(0);
    expect(blank + about).toBe(all);
  });
});
