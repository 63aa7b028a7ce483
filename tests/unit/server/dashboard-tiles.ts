import type { VisualDefinition, VisualQuery } from '../../../src/api/visual-types';
import { visualItem } from '../../../server/dashboards/visual-item';
import type { SeriesInput } from '../../../server/dashboards/series';
import { recordCount } from '../../../server/smartdata/counts';
import { periodsFor, withPeriod } from '../../../server/smartdata/periods';

export const tile = (name: string, Query: VisualQuery, more: Partial<VisualDefinition['templateBindings']> = {}): VisualDefinition => ({ name, width: 6, height: 3, template: 'Line', templateBindings: { Query, ...more } });

/** Tiles beyond the seeded ones: compared periods, buckets, top N with "Others", sorts, shares, own filters, a set asked in two orders. */
export const EXTRA: VisualDefinition[] = [
  tile('kpi-last-year', { kind: 'kpi', measure: 'nps', compare: 'lastYear' }),
  tile('trend-last-year', { kind: 'trend', measure: 'nps', seriesKey: 'Region', compare: 'lastYear' }),
  tile('trend-previous', { kind: 'trend', measure: 'responses', compare: 'previous' }, { ExtraSeries: { dataMonths: { kind: 'trend', measure: 'stars', bucket: 'month' } } }),
  tile('stack-top', { kind: 'breakdown', measure: 'responses', axisKey: 'Channel', seriesKey: 'NPSGroup', top: 2, others: true }),
  tile('stack-sorted', { kind: 'breakdown', measure: 'nps', axisKey: 'Segment', seriesKey: 'Region', sort: 'value-asc' }),
  tile('share', { kind: 'breakdown', measure: 'share:Channel=Online', axisKey: 'Region', sort: 'value-desc', top: 2, others: true }),
  tile('share-kpi', { kind: 'kpi', measure: 'share:NPSGroup=Promoter' }),
  tile('table-last-year', { kind: 'table', rowKey: 'Store', measures: ['responses', 'nps', 'average:Spend'], top: 5, others: true, compare: 'lastYear' }),
  tile('detractors', { kind: 'breakdown', measure: 'responses', axisKey: 'Channel' }, { Filters: [{ filterKey: 'NPSGroup', filterValue: 'Detractor' }] }),
  tile('detractor-trend', { kind: 'trend', measure: 'responses', seriesKey: 'Channel' }, { Filters: [{ filterKey: 'NPSGroup', filterValue: 'Detractor' }] }),
  tile('same-twice', { kind: 'breakdown', measure: 'responses', axisKey: 'Channel', seriesKey: 'Channel' }),
  tile('other-order', { kind: 'breakdown', measure: 'stars', axisKey: 'NPSGroup', seriesKey: 'Channel' }),
  tile('sentiment', { kind: 'breakdown', measure: 'netSentiment', axisKey: 'Sentiment' }),
];

/** The answer as before issue 50: the record count on its own, then every tile on its own. */
export async function perTile(i: SeriesInput, definitions: VisualDefinition[]) {
  const current = periodsFor(i.filters, i.module.dateKey, i.now).current;
  const [total, ...visuals] = await Promise.all([recordCount(i.db, i.module, withPeriod(i.filters, i.module.dateKey, current), i.claims), ...definitions.map((d) => visualItem(i, d))]);
  return { total, visuals };
}

/** Numbers rounded to 12 significant digits: sums over the same rows in another order may differ in the last bits. */
export const rounded = (x: unknown) => JSON.parse(JSON.stringify(x), (_, v) => (typeof v === 'number' ? Number(v.toPrecision(12)) : v));
