// The background reading of comments (issue 49): every source with a verbatim gets a pass, a pass
// stopped half-way (a restart) resumes after its last written batch without reading a row twice,
// and a survey answer's comment has its sentiment as soon as it is stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from './harness';
import { askForPasses, runPasses } from '../../../server/text/worker';
import { saveTopics } from '../../../server/text/taxonomy';
import { LEASE_MS, progressOf, requestPass } from '../../../server/text/progress';
import { surveyAt } from './survey-answers';
import { csv, sourceImports } from './datasources-upload';

let h: Harness;
let user: string;

beforeAll(async () => {
  h = await harness(300);
  user = await h.signIn('portaluser@demo.cx');
}, 60_000);
afterAll(() => h.close());

const commented = async () =>
  Number((await h.db.query<{ n: number }>("SELECT count(*) AS n FROM responses WHERE COALESCE(verbatim_raw, verbatim) IS NOT NULL AND trim(COALESCE(verbatim_raw, verbatim)) <> ''"))[0].n);
const analysed = async (source: string) => Number((await h.db.query<{ n: number }>('SELECT count(*) AS n FROM text_analysis WHERE source_id = $1', [source]))[0].n);

describe('a pass over the seeded responses', () => {
  it('resumes after its last written batch when its worker stopped, and reads each row once', async () => {
    const total = await commented();
    expect(total).toBeGreaterThan(60);
    await requestPass(h.db, 'responses', new Date());
    // Worker A writes two batches of 20 and stops (its process ends): its claim stays until the lease runs out.
    let asked = 0;
    expect(await runPasses(h.db, { worker: 'A', batchRows: 20, stopping: () => asked++ >= 3 })).toBe(40);
    expect(await progressOf(h.db, 'responses')).toMatchObject({ state: 'running', rowsDone: 40, rowsTotal: total });
    expect(await analysed('responses')).toBe(40);
    // Another worker leaves it while A's lease lasts, and takes it over after.
    const later = (ms: number) => () => new Date(Date.now() + ms);
    expect(await runPasses(h.db, { worker: 'B', now: later(LEASE_MS / 2) })).toBe(0);
    expect(await runPasses(h.db, { worker: 'B', now: later(LEASE_MS + 1000), batchRows: 50 })).toBe(total - 40);
    expect(await progressOf(h.db, 'responses')).toMatchObject({ state: 'done', rowsDone: total, rowsTotal: total });
    expect(await analysed('responses')).toBe(total);
  });

  it('gives every source with a verbatim a pass, and a source whose rows are all read none again', async () => {
    await askForPasses(h.db, new Date());
    const passes = await h.db.query<{ source_id: string; state: string }>('SELECT source_id, state FROM text_backfills ORDER BY source_id');
    expect(passes.map((p) => p.source_id)).toEqual(['case-outcomes', 'portal-feedback', 'recovery', 'responses', 'reviews']);
    expect(passes.find((p) => p.source_id === 'responses')!.state).toBe('done');
    await runPasses(h.db);
    await askForPasses(h.db, new Date());
    const states = await h.db.query<{ state: string }>('SELECT state FROM text_backfills');
    expect(states.every((s) => s.state === 'done')).toBe(true);
  });
});

describe('a pass over an imported source', () => {
  it('reads a file with numeric ids batch after batch (its row keys are text) to the end', async () => {
    const admin = await h.signIn('portaladmin@demo.cx');
    const { sourceFrom, imported } = sourceImports(() => ({ h, token: admin }));
    // Ids 1..45 sort as text (1, 10, 11, ..., 2, 20, ...): batches continue after the last key read.
    const file = csv([['Visit ID', 'Remark'], ...Array.from({ length: 45 }, (_, i) => [i + 1, i % 2 ? 'Lovely staff, thank you' : 'The queue was awful'])]);
    const id = await sourceFrom('Store visits', file, (d) => {
      d.columns.find((c) => c.name === 'Remark')!.role = 'verbatim';
    });
    await imported(id, file);
    await runPasses(h.db, { batchRows: 10 });
    expect(await progressOf(h.db, id)).toMatchObject({ state: 'done', rowsDone: 45, rowsTotal: 45, message: null });
    expect(await analysed(id)).toBe(45);
  });
});

describe('a taxonomy', () => {
  it('is applied to the history: the comments mentioning a topic get it, with the sentiment of the part about it', async () => {
    const before = await progressOf(h.db, 'responses');
    await saveTopics(h.db, 'responses', [{ id: 'queue', name: 'Queue', terms: ['queue'], exclusions: ['no queue'] }], new Date());
    expect(await progressOf(h.db, 'responses')).toMatchObject({ state: 'pending' });
    await runPasses(h.db);
    expect(await progressOf(h.db, 'responses')).toMatchObject({ state: 'done', rowsDone: before.rowsTotal });
    const hits = await h.db.query<{ text: string; sentiment: string }>(
      `SELECT COALESCE(r.verbatim_raw, r.verbatim) AS text, x.sentiment FROM text_topic_hits x JOIN responses r ON CAST(r.id AS VARCHAR) = x.row_key
       WHERE x.source_id = 'responses' AND x.topic_id = 'queue'`,
    );
    const mentioning = await h.db.query<{ n: number }>("SELECT count(*) AS n FROM responses WHERE lower(COALESCE(verbatim_raw, verbatim)) LIKE '%queue%' AND lower(COALESCE(verbatim_raw, verbatim)) NOT LIKE '%no queue%'");
    expect(hits.length).toBe(Number(mentioning[0].n));
    expect(hits.every((x) => /queue/i.test(x.text) && ['positive', 'neutral', 'negative'].includes(x.sentiment))).toBe(true);
  });
});

describe('a survey answer', () => {
  it('has its comment\'s sentiment as soon as it is stored, readable and filterable in the responses', async () => {
    const [{ store }] = await h.db.query<{ store: string }>('SELECT store FROM responses ORDER BY store LIMIT 1');
    const answer = await surveyAt(h, store);
    const id = await answer(1, 'Terrible service, rude staff and a horrible wait. Awful.');
    const page = await h.call('POST', '/api/dataviewer/data/responses/default', {
      token: user,
      body: { skip: 0, top: 5, smartFilters: [{ filterKey: 'Sentiment', filterValue: 'negative' }, { filterKey: 'Store', filterValue: store }], orderByFields: ['Id'], orderByOperator: 'DESC' },
    });
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    expect(page.body.data[0]).toMatchObject({ Id: id, Sentiment: 'negative' });
    expect(page.body.data[0].SentimentScore).toBeLessThan(0);
  });

  it('opens a case by a rule on Sentiment: the analysis is written before the rules read the row', async () => {
    const admin = await h.signIn('portaladmin@demo.cx');
    const rule = {
      sourceId: 'responses', name: 'Negative comments', enabled: true, queue: 'Customer care', priority: 'High', owner: { kind: 'user', userId: 'u-portaluser' },
      conditions: [{ kind: 'values', column: 'Sentiment', values: ['negative'] }],
    };
    const created = await h.call('POST', '/api/caserules', { token: admin, body: rule });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const [{ store }] = await h.db.query<{ store: string }>('SELECT store FROM responses ORDER BY store DESC LIMIT 1');
    const answer = await surveyAt(h, store);
    const caseOf = async (id: number) => (await h.db.query("SELECT pfo_id FROM cases WHERE module_id = 'cases' AND source_object_id = $1", [id])).length;
    expect(await caseOf(await answer(9, 'Rude staff, a broken till and a horrible wait. Awful, never again.'))).toBe(1);
    expect(await caseOf(await answer(9, 'Wonderful staff, really friendly and helpful, I love this shop.'))).toBe(0);
  });
});
