// Topics of a source's comments (issue 49): the taxonomy administrators edit (validated, applied to
// history), the starter topics a source begins with, proposals from its own comments in each of its
// languages, Topic as a filter and a breakdown, and topic impact on a set whose figures are
// worked out by hand below.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from './harness';
import { csv, sourceImports } from './datasources-upload';
import { askForPasses, runPasses } from '../../../server/text/worker';
import { flow } from '../../../src/lib/grid-layout';
import type { VisualDefinition, VisualQuery, VisualType } from '../../../src/api/visual-types';

let h: Harness;
let admin: string;
let user: string;
let id: string;

const { sourceFrom, imported } = sourceImports(() => ({ h, token: admin }));

// Forty comments about delivery: 10 promoters, 10 passives, 20 detractors (NPS -25).
const DELIVERY = [
  'The delivery was two days late and nobody told me why.',
  'My parcel arrived damaged, the box was completely crushed.',
  'Delivery took over a week, far too slow for a small order.',
  'The courier left the parcel at the wrong door again.',
  'Fast delivery, everything arrived well packed and on time.',
  'The delivery slot was changed twice without asking me.',
  'Tracking said delivered but no parcel anywhere.',
  'Free delivery over 30 euros is a nice touch.',
  'The delivery driver was in a hurry and threw the parcel over the fence.',
  'Next day delivery worked perfectly, very impressed.',
];
// Forty about the staff (and not about delivery): 30 promoters, 5 passives, 5 detractors (NPS 62.5).
const STAFF = [
  'The staff at the till were friendly and quick.',
  'Really helpful staff, they found the right size for me.',
  'Staff seemed stressed and a bit short with customers.',
  'Lovely staff in the bakery section, always smiling.',
  'The staff member at the info desk went out of her way to help.',
  'Not enough staff on the floor on a Saturday afternoon.',
  'Staff knew the products well and gave honest advice.',
  'Friendly staff and a clean store, will come back.',
];
const GERMAN = [
  'Die Lieferung kam zwei Tage zu spät und das Paket war beschädigt.',
  'Lange Wartezeit an der Kasse, nur eine Kasse war geöffnet.',
  'Die Lieferung war schnell und gut verpackt.',
  'An der Kasse mussten wir ewig warten, obwohl der Laden leer war.',
  'Lieferung pünktlich, Fahrer sehr freundlich.',
  'Die Wartezeit an der Kasse war heute wieder viel zu lang.',
  'Meine Lieferung ist nie angekommen, keine Antwort vom Kundenservice.',
  'Die Kasse am Eingang war geschlossen, lange Schlange an der anderen Kasse.',
  'Lieferung kam einen Tag früher als angekündigt, super.',
  'Kasse defekt, Kartenzahlung ging nicht, sehr ärgerlich.',
];

/** Scores for `n` rows: `promoters` 9-10, `passives` 7-8, the rest 0-6. */
const scores = (n: number, promoters: number, passives: number) =>
  Array.from({ length: n }, (_, i) => (i < promoters ? 9 + (i % 2) : i < promoters + passives ? 7 + (i % 2) : i % 7));

function file(): string {
  const rows: Array<Array<string | number>> = [['Comment ID', 'Region', 'Likelihood to recommend', 'Comment']];
  const add = (texts: string[], n: number, s: number[], region: (i: number) => string) =>
    Array.from({ length: n }, (_, i) => rows.push([`c${String(rows.length).padStart(3, '0')}`, region(i), s[i], texts[i % texts.length]]));
  add(DELIVERY, 40, scores(40, 10, 10), (i) => (i < 20 ? 'North' : 'South'));
  add(STAFF, 40, scores(40, 30, 5), (i) => (i % 2 ? 'North' : 'South'));
  add(GERMAN, 30, scores(30, 10, 10), () => 'Ost');
  // No score: in no impact; no comment: not read.
  rows.push(['c900', 'North', '', 'The delivery was fine.'], ['c901', 'North', 10, '']);
  return csv(rows);
}

const records = (filters: object[]) => h.call('POST', `/api/dataviewer/data/${id}/default`, { token: user, body: { skip: 0, top: 500, smartFilters: filters } });
const topics = () => h.call('GET', `/api/datasources/${id}/topics`, { token: admin });
const put = (body: unknown) => h.call('PUT', `/api/datasources/${id}/topics`, { token: admin, body });
const countOf = async (filters: object[]) => {
  const res = await records(filters);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.recordCount as number;
};

beforeAll(async () => {
  h = await harness(100);
  [admin, user] = await Promise.all([h.signIn('portaladmin@demo.cx'), h.signIn('portaluser@demo.cx')]);
  const body = file();
  id = await sourceFrom('Store comments', body, (d) => {
    const col = (name: string) => d.columns.find((c) => c.name === name)!;
    Object.assign(col('Comment'), { role: 'verbatim' });
    Object.assign(col('Likelihood to recommend'), { role: 'score', score: { kind: 'NPS', min: 0, max: 10 } });
    Object.assign(col('Region'), { role: 'dimension' });
  });
  await imported(id, body);
  await runPasses(h.db);
}, 90_000);
afterAll(() => h.close());

describe('a source read for the first time', () => {
  it('begins with the starter topics in the languages of its comments', async () => {
    const res = await topics();
    expect(res.status).toBe(200);
    const delivery = res.body.topics.find((t: { id: string }) => t.id === 'delivery');
    expect(delivery.name).toBe('Delivery');
    expect(delivery.terms).toEqual(expect.arrayContaining(['delivery', 'Lieferung']));
    expect(delivery.count).toBeGreaterThanOrEqual(40);
  });

  it('is a built-in source as much as an imported one', async () => {
    await askForPasses(h.db, new Date());
    await runPasses(h.db);
    const res = await h.call('GET', '/api/datasources/responses/topics', { token: admin });
    expect(res.body.topics.map((t: { id: string }) => t.id)).toEqual(expect.arrayContaining(['delivery', 'staff', 'waiting']));
    expect(res.body.topics.some((t: { count: number }) => t.count > 0)).toBe(true);
  });
});

describe('the taxonomy', () => {
  const mine = [
    { id: 'delivery', name: 'Delivery', terms: ['delivery', 'parcel', 'Lieferung'], exclusions: [] },
    { id: 'delivery-damaged', name: 'Damaged', parentId: 'delivery', terms: ['damaged', 'crushed'], exclusions: [] },
    { id: 'staff', name: 'Staff', terms: ['staff'], exclusions: ['not enough staff'] },
  ];

  it('is saved as given and read back with counts and net sentiment once the pass has read the history', async () => {
    const saved = await put({ topics: mine });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.topics.map((t: { id: string; name: string; terms: string[] }) => [t.id, t.name, t.terms])).toEqual(mine.map((t) => [t.id, t.name, t.terms]));
    await runPasses(h.db);
    const read = (await topics()).body.topics;
    const byId = Object.fromEntries(read.map((t: { id: string }) => [t.id, t]));
    // 40 English rows, c900 (a comment without a score) and the 15 German ones about their Lieferung.
    expect(byId.delivery.count).toBe(56);
    // "not enough staff" is an exclusion: 5 of the 40 staff rows use it.
    expect(byId.staff.count).toBe(35);
    expect(byId['delivery-damaged'].count).toBe(4);
    expect(byId.staff.netSentiment).toBeGreaterThan(0);
    expect(byId['delivery-damaged'].netSentiment).toBeLessThan(0);
  });

  it('refuses what it cannot be, naming the field', async () => {
    const cases: Array<[unknown, string]> = [
      [{ topics: [{ id: 'Bad Id', name: 'X', terms: [], exclusions: [] }] }, 'topics.0.id'],
      [{ topics: [{ id: 'a', name: '', terms: [], exclusions: [] }] }, 'topics.0.name'],
      [{ topics: [{ id: 'a', name: 'x'.repeat(81), terms: [], exclusions: [] }] }, 'topics.0.name'],
      [{ topics: [{ id: 'a', name: 'A', terms: [] }, { id: 'a', name: 'B', terms: [] }] }, 'topics.1.id'],
      [{ topics: [{ id: 'a', name: 'Same', terms: [] }, { id: 'b', name: 'same', terms: [] }] }, 'topics.1.name'],
      // Names are unique in the whole taxonomy (a filter goes by name): cousins, or a parent and its child, clash too.
      [{ topics: [{ id: 'a', name: 'A', terms: [] }, { id: 'b', name: 'B', terms: [] }, { id: 'a1', name: 'Late', parentId: 'a', terms: [] }, { id: 'b1', name: 'late', parentId: 'b', terms: [] }] }, 'topics.3.name'],
      [{ topics: [{ id: 'a', name: 'A', terms: [] }, { id: 'a1', name: 'a', parentId: 'a', terms: [] }] }, 'topics.1.name'],
      [{ topics: [{ id: 'a', name: 'A', parentId: 'nope', terms: [] }] }, 'topics.0.parentId'],
      [{ topics: [{ id: 'a', name: 'A', parentId: 'b', terms: [] }, { id: 'b', name: 'B', parentId: 'a', terms: [] }] }, 'topics.0.parentId'],
      [{ topics: [{ id: 'a', name: 'A', parentId: 'a', terms: [] }] }, 'topics.0.parentId'],
      [{ topics: [{ id: 'a', name: 'A', terms: Array.from({ length: 201 }, (_, i) => `t${i}`) }] }, 'topics.0.terms'],
      [{ topics: [{ id: 'a', name: 'A', terms: [''] }] }, 'topics.0.terms.0'],
      [{ topics: Array.from({ length: 301 }, (_, i) => ({ id: `t${i}`, name: `T${i}`, terms: [] })) }, 'topics'],
      [{ topics: 'all of them' }, 'topics'],
      [{}, 'topics'],
    ];
    for (const [body, field] of cases) {
      const res = await put(body);
      expect(res.status, JSON.stringify(body).slice(0, 200)).toBe(400);
      expect(Object.keys(res.body.errors ?? {}), JSON.stringify(res.body)).toContain(field);
    }
    // Nothing of it was saved.
    expect((await topics()).body.topics.map((t: { id: string }) => t.id)).toEqual(mine.map((t) => t.id));
  });

  it('renames or reorders a topic without reading history again: its counts follow under the new name at once', async () => {
    const generation = async () => Number((await h.db.query<{ generation: number }>('SELECT generation FROM text_backfills WHERE source_id = $1', [id]))[0].generation);
    const first = await generation();
    expect(await countOf([{ filterKey: 'Topic', filterValue: 'Delivery' }])).toBe(56);
    expect((await put({ topics: [...mine].reverse().map((t) => (t.id === 'delivery' ? { ...t, name: 'Shipping' } : t)) })).status).toBe(200);
    expect(await generation()).toBe(first);
    expect(await countOf([{ filterKey: 'Topic', filterValue: 'Shipping' }])).toBe(56);
    expect(await countOf([{ filterKey: 'Topic', filterValue: 'Delivery' }])).toBe(0);
    expect((await topics()).body.topics.find((t: { id: string }) => t.id === 'delivery')).toMatchObject({ name: 'Shipping', count: 56 });
    expect((await put({ topics: mine })).status).toBe(200);
    expect(await generation()).toBe(first);
    // New terms, exclusions or parents are read in history: a new pass.
    const changes = [
      mine.map((t) => (t.id === 'staff' ? { ...t, terms: ['staff', 'till'] } : t)),
      mine.map((t) => (t.id === 'staff' ? { ...t, exclusions: [] } : t)),
      mine.map((t) => (t.id === 'delivery-damaged' ? { ...t, parentId: 'staff' } : t)),
    ];
    for (const [i, topics] of changes.entries()) {
      expect((await put({ topics })).status).toBe(200);
      expect(await generation()).toBe(first + i + 1);
    }
    expect((await put({ topics: mine })).status).toBe(200);
    expect(await generation()).toBe(first + changes.length + 1);
    await runPasses(h.db);
  });
});

describe('Topic as a dimension', () => {
  it('narrows the records, with the other filters and for [Blank]', async () => {
    const all = await countOf([]);
    expect(all).toBe(112);
    expect(await countOf([{ filterKey: 'Topic', filterValue: 'staff' }])).toBe(35);
    expect(await countOf([{ filterKey: 'Topic', filterValue: 'Staff' }, { filterKey: 'Topic', filterValue: 'Damaged' }])).toBe(39);
    expect(await countOf([{ filterKey: 'Topic', filterValue: 'Delivery' }, { filterKey: 'Region', filterValue: 'North' }])).toBe(21);
    // Rows about no topic: the 5 "not enough staff", the 15 German ones about the till, the empty comment.
    expect(await countOf([{ filterKey: 'Topic', filterValue: '[Blank]' }])).toBe(21);
    const res = await records([{ filterKey: 'Topic', filterValue: 'Damaged' }]);
    expect(res.body.data.length, JSON.stringify(res.body.data[0])).toBe(4);
    expect(res.body.data.every((r: { comment: string }) => /damaged|crushed/i.test(r.comment))).toBe(true);
  });

  it('counts each row once under every topic it is about, and is no sort key', async () => {
    const res = await h.call('POST', `/api/smartdata/filters/${id}`, { token: user, body: { smartFilters: [] } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const topic = res.body.smartFilters.find((f: { filterKey: string }) => f.filterKey === 'Topic');
    const counts = Object.fromEntries(topic.filterDimensionValues.map((v: { dimensionLabel: string; count: number }) => [v.dimensionLabel, v.count]));
    expect(counts).toMatchObject({ Delivery: 56, Staff: 35, Damaged: 4 });
    const sorted = await h.call('POST', `/api/dataviewer/data/${id}/default`, { token: user, body: { orderByFields: ['Topic'] } });
    expect(sorted.status).toBe(400);
  });
});

describe('topic impact', () => {
  it('is the NPS of the rows mentioning a topic against the others, with both counts', async () => {
    const res = await h.call('GET', `/api/datasources/${id}/topics/impact`, { token: user });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.scale).toBe('nps');
    const byId = Object.fromEntries(res.body.topics.map((t: { topicId: string }) => [t.topicId, t]));
    // Scored rows with a comment: 40 + 40 + 30 = 110 (c900 has no score, c901 no comment).
    // Delivery: the 40 English (10 promoters, 20 detractors: NPS -25) and the German rows about
    // their Lieferung (every other one), against the 40 about staff (NPS 62.5) and the other German.
    const german = scores(30, 10, 10).map((s, i) => ({ s, delivery: /Lieferung/.test(GERMAN[i % GERMAN.length]) }));
    const nps = (list: number[]) => (100 * (list.filter((s) => s >= 9).length - list.filter((s) => s <= 6).length)) / list.length;
    const withDelivery = [...scores(40, 10, 10), ...german.filter((g) => g.delivery).map((g) => g.s)];
    const without = [...scores(40, 30, 5), ...german.filter((g) => !g.delivery).map((g) => g.s)];
    expect(byId.delivery).toMatchObject({ name: 'Delivery', withCount: withDelivery.length, withoutCount: without.length, tooFew: false });
    expect(byId.delivery.withNps).toBeCloseTo(nps(withDelivery), 1);
    expect(byId.delivery.withoutNps).toBeCloseTo(nps(without), 1);
    expect(byId.delivery.difference).toBeCloseTo(nps(withDelivery) - nps(without), 1);
    // Staff: 35 rows (the 5 "not enough staff" are excluded: 4 promoters and a detractor).
    const staff = scores(40, 30, 5).filter((_, i) => i % 8 !== 5);
    expect(byId.staff.withNps).toBeCloseTo(nps(staff), 1);
    expect(byId.staff.withCount).toBe(35);
    expect(byId.staff.withCount + byId.staff.withoutCount).toBe(110);
    // Damaged: 4 rows, too few to read.
    expect(byId['delivery-damaged']).toMatchObject({ withCount: 4, tooFew: true });
  });

  it('reads only the rows the filters let through', async () => {
    const filters = encodeURIComponent(JSON.stringify([{ filterKey: 'Region', filterValue: 'North' }]));
    const res = await h.call('GET', `/api/datasources/${id}/topics/impact?filters=${filters}`, { token: user });
    expect(res.status).toBe(200);
    const delivery = res.body.topics.find((t: { topicId: string }) => t.topicId === 'delivery');
    // North: the first 20 delivery rows (10 promoters, 10 passives: NPS 50) against the 20 odd staff rows.
    expect(delivery.withCount).toBe(20);
    expect(delivery.withNps).toBe(50);
    expect(delivery.withCount + delivery.withoutCount).toBe(40);
  });
});

describe('proposals', () => {
  it('come from the comments of each language, with counts and examples', async () => {
    const res = await h.call('POST', `/api/datasources/${id}/topics/proposals`, { token: admin });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const candidates: Array<{ name: string; lang: string; terms: string[]; count: number; examples: string[] }> = res.body.candidates;
    const en = candidates.filter((c) => c.lang === 'en');
    const de = candidates.filter((c) => c.lang === 'de');
    const about = (list: typeof candidates, word: RegExp) => list.find((c) => c.terms.some((t) => word.test(t)));
    expect(about(en, /^(delivery|parcel)$/i)?.count).toBeGreaterThanOrEqual(10);
    expect(about(en, /^staff$/i)?.count).toBeGreaterThanOrEqual(10);
    expect(about(de, /^(lieferung|kasse)$/i)?.count).toBeGreaterThanOrEqual(4);
    for (const c of candidates) expect(c.examples.length).toBeGreaterThan(0);
  });

  it('are for administrators', async () => {
    expect((await h.call('POST', `/api/datasources/${id}/topics/proposals`, { token: user })).status).toBe(403);
  });
});

describe('a breakdown by Topic', () => {
  it('counts each row under every topic it is about, and once in the totals', async () => {
    const pivot = (body: object) => h.call('POST', `/api/dataviewer/analytics/data/${id}/default`, { token: user, body: { measureKeys: ['InternalRecordCount', 'NPS'], ...body } });
    const res = await pivot({ rowDimensions: ['Topic'] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const count = (cells: Record<string, { InternalRecordCount: number }>, key: string) => cells[key]?.InternalRecordCount;
    expect([count(res.body.rowTotals, 'Delivery'), count(res.body.rowTotals, 'Staff'), count(res.body.rowTotals, 'Damaged'), count(res.body.rowTotals, '[Blank]')]).toEqual([56, 35, 4, 21]);
    // 56 + 35 + 21 = 112 rows: each once in the total, as without the breakdown.
    const plain = await pivot({});
    expect(res.body.recordCount).toBe(112);
    expect(res.body.grandTotal).toEqual(plain.body.grandTotal);
    // Region in the rows, Topic in the columns: the regions' totals are the regions' own.
    const crossed = await pivot({ rowDimensions: ['Region'], columnDimensions: ['Topic'] });
    const regions = await pivot({ rowDimensions: ['Region'] });
    expect(crossed.body.rowTotals).toEqual(regions.body.rowTotals);
    expect(crossed.body.data.find((r: { DimensionValueKey: string }) => r.DimensionValueKey === 'North').Value.Delivery.InternalRecordCount).toBe(21);
    // Topic under Region: the regions' rows and the column totals count a row once.
    const nested = await pivot({ rowDimensions: ['Region', 'Topic'] });
    expect(count(nested.body.rowTotals, 'North')).toBe(count(regions.body.rowTotals, 'North'));
    expect(count(nested.body.rowTotals, 'North|Delivery')).toBe(21);
  });
});

describe('Topic on a dashboard', () => {
  // A row is about several topics: a tile grouping by Topic would count it once per topic in its
  // totals and in "Others". The topic-impact tile and the analytics viewer read topics instead.
  it('is no tile\'s axis, series, table row or share (a 400), and the builder offers it as a filter only', async () => {
    const queries: VisualQuery[] = [
      { kind: 'breakdown', measure: 'responses', axisKey: 'Topic' },
      { kind: 'breakdown', measure: 'responses', axisKey: 'Region', seriesKey: 'Topic' },
      { kind: 'trend', measure: 'responses', seriesKey: 'Topic' },
      { kind: 'table', measures: ['responses'], rowKey: 'Topic' },
      { kind: 'kpi', measure: 'share:Topic=Delivery' },
    ];
    for (const [i, Query] of queries.entries()) {
      const template = ({ kpi: 'HeroText', trend: 'Line', table: 'TableWithDeltaColumns' } as Record<string, VisualType>)[Query.kind] ?? 'Donut';
      const definitions: VisualDefinition[] = [{ name: 'tile', width: 6, height: 3, template, templateBindings: { Query } }];
      const dashboard = `topic-tile-${i}`;
      await h.db.query('INSERT INTO dashboards (dashboard_id, name, module_id, definition, description, updated_at) VALUES ($1, $1, $2, $3, $4, CAST($5 AS TIMESTAMP))', [
        dashboard, id, JSON.stringify({ breadcrumb: { name: dashboard, templateBindings: { path: [] } }, definitions, layouts: { Default: flow(definitions) } }), '', new Date(),
      ]);
      const res = await h.call('POST', `/api/dataviz/visuals/${dashboard}/Default`, { token: user, body: { smartFilters: [] } });
      expect(res.status, JSON.stringify(Query)).toBe(400);
      expect(res.body.message).toMatch(/"Topic".*several/);
    }
    const fields = await h.call('GET', `/api/dashboards/fields/${id}`, { token: admin });
    expect(fields.status).toBe(200);
    expect(fields.body.fields.find((f: { key: string }) => f.key === 'Topic')).toMatchObject({ dimension: true, multiValued: true });
    expect(fields.body.fields.find((f: { key: string }) => f.key.toLowerCase() === 'region').multiValued).toBeUndefined();
  });
});
