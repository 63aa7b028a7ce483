import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from './server/harness';
import { TEXT_TILE_KINDS, TILE_TYPES, VISUAL_TYPES, type VisualDefinition, type VisualItem } from '../../src/api/visual-types';
import type { BuilderField, BuilderFields } from '../../src/api/dashboard-builder';
import { REVIEW_TILE_KINDS } from '../../src/api/review-types';
import { acceptsQuery, fitsSource, measureChoices, settingsOf, starterOf, VISUAL_CATALOGUE, VISUAL_GROUPS } from '../../src/lib/visual-catalogue';
import { dashboardDefinition } from '../../server/dashboards/definition';
import { flow } from '../../src/lib/grid-layout';
import { followMeasure } from '../../src/lib/visual-starters';

/** The shared visual catalogue (issue 46): an entry per tile type, starters the server accepts and draws, none where the source cannot feed them. */

let h: Harness;
let admin: string;
let responses: BuilderFields;
beforeAll(async () => {
  h = await harness(1500);
  admin = await h.signIn('portaladmin@demo.cx');
  const res = await h.call('GET', '/api/dashboards/fields/responses', { token: admin });
  expect(res.status).toBe(200);
  responses = res.body;
});
afterAll(() => h.close());

/** A source of a date and one dimension, no score, no comments. */
const MINIMAL: BuilderFields = {
  moduleId: 'visits',
  name: 'Visits',
  dateKey: 'Day',
  reviews: false,
  fields: [
    { key: 'Day', name: 'Day', typeName: 'DateTime', role: 'attribute', dimension: false },
    { key: 'Branch', name: 'Branch', typeName: 'String', role: 'dimension', dimension: true, values: ['Leeds', 'York'] },
  ],
};

const NEEDS_A_SCORE = ['Gauge', 'StarRatingChart', 'MultiAxesLine', 'MiniLineWithGauge', 'MiniLineWithIconBar', 'MultiGauge', 'StackedBarWithGauge', 'StackedBarWithIconBar', 'StackedColumnWithLine'];
const wrap = (definitions: VisualDefinition[]) => ({ breadcrumb: { name: 'Test', templateBindings: { path: [] } }, definitions, layouts: { Default: flow(definitions) } });

describe('the visual catalogue', () => {
  it('has an entry for every tile type: its group, its queries and settings whose defaults are among their choices', () => {
    for (const type of TILE_TYPES) {
      const entry = VISUAL_CATALOGUE[type];
      expect(VISUAL_GROUPS, type).toContain(entry.group);
      expect(entry.queries.length, type).toBeGreaterThan(0);
      for (const option of settingsOf(type).display) if (option.kind === 'choice') expect(option.choices, `${type}.${option.key}`).toContain(option.default);
    }
    expect(Object.keys(VISUAL_CATALOGUE).sort()).toEqual([...TILE_TYPES].sort());
    for (const kind of REVIEW_TILE_KINDS) expect(VISUAL_CATALOGUE[kind].group).toBe('reviews');
  });

  it("gives every chart (and the text tiles) a starter on the seeded responses that the server accepts and draws", async () => {
    const CHARTS = [...VISUAL_TYPES, ...TEXT_TILE_KINDS];
    const defs = CHARTS.map((type, i) => starterOf(type, responses, `tile-${i}`));
    expect(CHARTS.filter((_, i) => !defs[i])).toEqual([]);
    const definitions = defs as VisualDefinition[];
    for (const d of definitions) expect(fitsSource(d, responses), d.template).toEqual([]);
    const body = wrap(definitions);
    expect(dashboardDefinition.safeParse(body).error?.issues ?? []).toEqual([]);
    await h.db.query('INSERT INTO dashboards (dashboard_id, name, module_id, definition, description, updated_at) VALUES ($1, $1, $2, $3, $4, CAST($5 AS TIMESTAMP))', ['catalogue-starters', 'responses', JSON.stringify(body), '', new Date()]);
    const window = [{ filterKey: 'ResponseDate', filterDataType: 'DateTime', filterValue: '2026-10-21T00:00:00Z', filterValueUpperBound: '2026-11-19T23:59:59Z' }];
    const res = await h.call('POST', '/api/dataviz/visuals/catalogue-starters/Default', { token: admin, body: { smartFilters: window } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const visuals = res.body.visuals as VisualItem[];
    expect(visuals.map((v) => v.template)).toEqual(CHARTS);
    // Each drew rows (the comment list its comments, the charts their series).
    for (const v of visuals) expect(v.primary.data?.content.length ?? 0, v.template).toBeGreaterThan(0);
  });

  it('offers no starter that needs a score on a source of a date and a dimension, and the others fit it', () => {
    for (const type of NEEDS_A_SCORE) expect(starterOf(type as (typeof VISUAL_TYPES)[number], MINIMAL, 'x'), type).toBeNull();
    expect(starterOf('OrderedListComments', MINIMAL, 'x')).toBeNull();
    expect(starterOf('ReviewFeed', MINIMAL, 'x')).toBeNull();
    const made = VISUAL_TYPES.map((t) => starterOf(t, MINIMAL, 'x')).filter((d): d is VisualDefinition => !!d);
    expect(made.length).toBeGreaterThan(10);
    for (const d of made) expect(fitsSource(d, MINIMAL), d.template).toEqual([]);
    expect(measureChoices(MINIMAL)).toEqual(['responses', 'share:Branch=Leeds', 'share:Branch=York']);
  });

  it('never groups a tile by a multi-valued dimension (Topic): the server refuses it, it stays a tile filter', () => {
    const topic: BuilderField = { key: 'Topic', name: 'Topic', typeName: 'String', role: null, dimension: true, multiValued: true, values: ['Delivery', 'Staff'] };
    const withTopic: BuilderFields = { ...MINIMAL, fields: [MINIMAL.fields[0], topic, MINIMAL.fields[1]] };
    expect(measureChoices(withTopic)).toEqual(measureChoices(MINIMAL));
    for (const type of VISUAL_TYPES) expect(JSON.stringify(starterOf(type, withTopic, 'x')?.templateBindings.Query ?? null), type).not.toContain('Topic');
  });

  it('lists the measures a source offers and names what no longer fits', () => {
    const choices = measureChoices(responses);
    expect(choices).toEqual(expect.arrayContaining(['nps', 'stars', 'responses', 'average:Spend', 'share:Channel=Online']));
    // Its comments have a Sentiment (issue 49), so net sentiment is a measure of it; MINIMAL, without comments, has none (above).
    expect(choices).toContain('netSentiment');
    const table = starterOf('TableWithDeltaColumns', responses, 'regions')!;
    const { rowKey } = table.templateBindings.Query as { rowKey: string };
    const without = { ...responses, fields: responses.fields.filter((f) => f.key !== rowKey) };
    expect(fitsSource(table, without)).toEqual([`This tile reads "${rowKey}", which the data source no longer has.`]);
    expect(fitsSource(starterOf('Gauge', responses, 'g')!, MINIMAL)).toEqual(['This tile measures "nps", which needs an NPS score; the data source has none.']);
  });

  it('makes the server refuse a tile whose query its visual does not draw, naming the tile', () => {
    expect(acceptsQuery('Gauge', 'kpi')).toBe(true);
    expect(acceptsQuery('Gauge', 'trend')).toBe(false);
    const gauge: VisualDefinition = { name: 'wrong-gauge', width: 3, height: 2, template: 'Gauge', templateBindings: { Query: { kind: 'trend', measure: 'nps' } } };
    const parsed = dashboardDefinition.safeParse(wrap([gauge]));
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.map((i) => i.message)).toEqual(['The tile "wrong-gauge" (Gauge) cannot draw a "trend" query.']);
  });
});

describe('a tile whose measure changes', () => {
  it('takes the formats, the gauge range and the title of the new measure', () => {
    const gauge = starterOf('Gauge', responses, 'nps-gauge')!;
    expect(gauge.templateBindings.Query).toEqual({ kind: 'kpi', measure: 'nps' });
    const stars = followMeasure(gauge, 'nps', 'stars', responses);
    const rating = responses.fields.find((f) => f.role === 'score' && f.score?.kind === 'Rating')!;
    expect(stars).toMatchObject({ LowerBound: rating.score!.min, UpperBound: rating.score!.max, TextFormat: '.2f' });
    // Named as the settings' select names it (src/lib/visual-roles.ts measureName).
    expect(stars.Header).toBe('Average rating');
    // Back to a fraction: the range is the gauge's own again (undefined keys are dropped by the form).
    const back = followMeasure({ ...gauge, templateBindings: stars }, 'stars', 'nps', responses);
    expect([back.LowerBound, back.UpperBound, back.TextFormat, back.Header]).toEqual([undefined, undefined, undefined, 'NPS']);
    const line = starterOf('MultiLineChart', responses, 'trend')!;
    expect(followMeasure(line, 'nps', 'responses', responses)).toMatchObject({ YFormat: ',d', Header: 'Responses over time' });
  });
});
