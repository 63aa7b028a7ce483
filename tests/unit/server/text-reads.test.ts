// What the text analysis reads of a source's comments outside a pass (issue 49): proposals read the
// comments as readers are shown them (no raw curse, within the caller's claims, each clipped), the
// highlights bind row ids as the id column holds them, starter topics never overwrite a taxonomy
// saved while the comments were read, and a re-seed forgets every analysis.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from './harness';
import { placeholder, type Db, type Param } from '../../../server/db';
import { syncSources } from '../../../server/datasources/registry';
import { clear } from '../../../server/seed';
import { highlightsOf } from '../../../server/text/highlights';
import { proposalsOf } from '../../../server/text/proposals';
import { seedStarterTopics } from '../../../server/text/taxonomy';
import { askForPasses, runPasses } from '../../../server/text/worker';
import { taxonomyOf } from '../../../server/text/store';
import type { SmartModule } from '../../../server/smartdata/schema';

let h: Harness;
let admin: string;
let responses: SmartModule;

beforeAll(async () => {
  h = await harness(300);
  admin = await h.signIn('portaladmin@demo.cx');
  responses = (await syncSources(h.db)).get('responses')!;
}, 60_000);
afterAll(() => h.close());

describe('starter topics', () => {
  it('never overwrite a taxonomy an administrator saved while the comments were read', async () => {
    const mine = [{ id: 'mine', name: 'Mine', terms: ['mine'], exclusions: [] }];
    let saved = false;
    // The PUT lands between the check for an empty taxonomy and the save of the starter one.
    const racing: Db = {
      ...h.db,
      analytics: {
        query: async <T extends Record<string, unknown>>(sql: string, params?: readonly Param[]) => {
          const rows = await h.db.analytics.query<T>(sql, params);
          if (!saved) {
            saved = true;
            const res = await h.call('PUT', '/api/datasources/responses/topics', { token: admin, body: { topics: mine } });
            expect(res.status, JSON.stringify(res.body)).toBe(200);
          }
          return rows;
        },
      },
    };
    expect(await seedStarterTopics(racing, responses, 1, new Date())).toBe(false);
    expect(saved).toBe(true);
    expect((await taxonomyOf(h.db, 'responses')).map((t) => t.id)).toEqual(['mine']);
  });
});

describe('highlights', () => {
  it('bind the ids of a Number id column as numbers, and skip keys that are none', async () => {
    const seen: Array<{ sql: string; params: readonly Param[] }> = [];
    const recording: Db = { ...h.db, query: (sql, params) => (seen.push({ sql, params: params ?? [] }), h.db.query(sql, params)) };
    const [a, b] = (await h.db.query<{ k: string }>("SELECT CAST(id AS VARCHAR) AS k FROM responses WHERE verbatim IS NOT NULL AND verbatim_flag IS NULL AND trim(verbatim) <> '' ORDER BY id LIMIT 2")).map((r) => r.k);
    const rows = await highlightsOf(recording, responses, [a, b, 'x1', '1.5', `0${a}`, '99999999999'], null);
    expect(Object.keys(rows).sort()).toEqual([a, b].sort());
    const read = seen.find((s) => /\bIN \(/.test(s.sql) && /FROM responses/.test(s.sql))!;
    expect(read.sql).not.toMatch(/CAST\(id AS VARCHAR\) IN/);
    expect(read.params).toEqual(expect.arrayContaining([Number(a), Number(b)]));
    expect(read.params).not.toContain(a);
    // Keys that are no id of the column read nothing at all.
    seen.length = 0;
    expect(await highlightsOf(recording, responses, ['x1', "1' OR '1'='1"], null)).toEqual({});
    expect(seen.filter((s) => /FROM responses/.test(s.sql))).toEqual([]);
  });
});

describe('proposals', () => {
  beforeAll(async () => {
    // South: giraffes (outside a North claim). North: a third of the comments a raw curse about zebra
    // parking (shown cleaned, as its mark), a third a long comment whose walrus comes after 2,000
    // characters, a third as seeded.
    await h.db.query("UPDATE responses SET verbatim = 'The giraffe display in the window was lovely.', verbatim_raw = NULL, verbatim_flag = NULL WHERE region = 'South'");
    await h.db.query(
      "UPDATE responses SET verbatim = 'The zebra parking was **** awful.', verbatim_raw = 'The zebra parking was damn awful.', verbatim_flag = 'redacted_profanity' WHERE region = 'North' AND id % 3 = 0",
    );
    await h.db.query('UPDATE responses SET verbatim = $1, verbatim_raw = NULL, verbatim_flag = NULL WHERE region = $2 AND id % 3 = 1', [`${'Fine. '.repeat(400)}The walrus counter was broken.`, 'North']);
  });

  const mention = (candidates: Array<{ terms: string[]; examples: string[] }>, word: RegExp) => candidates.some((c) => c.terms.some((t) => word.test(t)) || c.examples.some((e) => word.test(e)));

  it('read only the rows of the caller\'s claims', async () => {
    expect(mention(await proposalsOf(h.db, responses, null), /giraffe/i)).toBe(true);
    expect(mention(await proposalsOf(h.db, responses, [['Region', 'North']]), /giraffe/i)).toBe(false);
  });

  it('quote no raw curse and no comment shown as its mark', async () => {
    const candidates = await proposalsOf(h.db, responses, [['Region', 'North']]);
    expect(candidates.length).toBeGreaterThan(0);
    expect(mention(candidates, /damn|redacted/i)).toBe(false);
  });

  it('read each comment up to its first 2,000 characters', async () => {
    const candidates = await proposalsOf(h.db, responses, [['Region', 'North']]);
    expect(candidates.length).toBeGreaterThan(0);
    expect(mention(candidates, /walrus/i)).toBe(false);
  });
});

describe('a re-seed', () => {
  it('forgets every analysis, topic, model and pass of the built-in sources it replaces', async () => {
    const tables = ['text_analysis', 'text_topic_hits', 'text_backfills', 'text_topics', 'text_models'];
    // A pass over the responses (as the worker runs it) leaves an analysis, topic hits, a model and its own state.
    const giraffes = [{ id: 'giraffe', name: 'Giraffe', terms: ['giraffe'], exclusions: [] }];
    expect((await h.call('PUT', '/api/datasources/responses/topics', { token: admin, body: { topics: giraffes } })).status).toBe(200);
    await askForPasses(h.db, new Date());
    await runPasses(h.db);
    // A model row as the table holds one, whether or not the pass learned one.
    const columns = await h.db.query<{ column_name: string; data_type: string }>("SELECT column_name, data_type FROM information_schema.columns WHERE table_name = 'text_models' ORDER BY ordinal_position");
    const values: Param[] = columns.map((c) => (c.column_name === 'source_id' ? 'responses' : /int|double|numeric|real/i.test(c.data_type) ? 1 : /timestamp/i.test(c.data_type) ? new Date() : 'x'));
    await h.db.query(`INSERT INTO text_models (${columns.map((c) => c.column_name).join(', ')}) VALUES (${values.map((v, i) => placeholder(v, i + 1)).join(', ')})`, values);
    // An imported source's rows are not replaced: its taxonomy stays.
    await h.db.query("INSERT INTO text_topics (source_id, topic_id, name, terms, exclusions, position, updated_at) VALUES ('my-file', 'a', 'A', '[]', '[]', 0, CAST('2026-11-20 00:00:00' AS TIMESTAMP))");
    const count = async (t: string) => Number((await h.db.query<{ n: number }>(`SELECT count(*) AS n FROM ${t} WHERE source_id = 'responses'`))[0].n);
    for (const t of tables) expect(await count(t), t).toBeGreaterThan(0);
    await clear(h.db);
    for (const t of tables) expect(await count(t), t).toBe(0);
    expect(await taxonomyOf(h.db, 'my-file')).toHaveLength(1);
  });
});
