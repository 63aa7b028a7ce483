import type { BuilderField, BuilderFields } from '../api/dashboard-builder';
import type { MeasureKey } from '../api/visual-types';
import { ENGLISH_WORDS, type Words } from './visual-words';

/** What a source's columns' roles give a tile to measure and to break down by (the builder's words, from GET /api/dashboards/fields). */

type ScoreKind = NonNullable<BuilderField['score']>['kind'];

/** The score kinds each score measure reads, in the server's order (server/dashboards/measures.ts). */
export const SCORE_MEASURES = { nps: ['NPS'], stars: ['Rating', 'CSAT', 'CES'], netSentiment: ['Sentiment'] } as const satisfies Record<string, readonly ScoreKind[]>;
export type ScoreMeasure = keyof typeof SCORE_MEASURES;

/** The first score of these kinds, in the order given. */
export function scoreField(fields: BuilderFields, kinds: readonly ScoreKind[]): BuilderField | undefined {
  for (const kind of kinds) {
    const found = fields.fields.find((f) => f.role === 'score' && f.score?.kind === kind);
    if (found) return found;
  }
  return undefined;
}

/** The score measure a source is read by first (NPS, else its rating, else net sentiment); null without a score. */
export function mainScore(fields: BuilderFields): { key: ScoreMeasure; field: BuilderField } | null {
  for (const key of Object.keys(SCORE_MEASURES) as ScoreMeasure[]) {
    const field = scoreField(fields, SCORE_MEASURES[key]);
    if (field) return { key, field };
  }
  return null;
}

/** Measures on a -1..1 scale (shown as percentages); an average reads on its column's scale. */
export const isFraction = (m: MeasureKey) => m === 'nps' || m === 'netSentiment' || m.startsWith('share:');

/** The dimensions a tile may break a measure down by: the hierarchy's levels top first, then the others (a multi-valued one never). */
export function dimensionsOf(fields: BuilderFields): BuilderField[] {
  const dims = fields.fields.filter((f) => f.dimension && !f.multiValued && f.typeName !== 'DateTime');
  const levels = dims.filter((f) => f.hierarchy).sort((a, b) => a.hierarchy!.level - b.hierarchy!.level);
  return [...levels, ...dims.filter((f) => !f.hierarchy && f.role === 'dimension'), ...dims.filter((f) => !f.hierarchy && f.role !== 'dimension')];
}

/** A dimension to split categories by (stacks, lines): one of few values other than `axis`, the fewest first. */
export function seriesDimension(fields: BuilderFields, axis: BuilderField | undefined): BuilderField | undefined {
  const others = dimensionsOf(fields).filter((f) => f.key !== axis?.key && f.role !== 'score');
  const few = others.filter((f) => (f.values?.length ?? 0) > 1 && (f.values?.length ?? 0) <= 10).sort((a, b) => a.values!.length - b.values!.length);
  return few[0] ?? others[0];
}

/**
 * The measures a tile may show for a source: NPS with an NPS score, the average rating with a
 * rating, CSAT or CES, net sentiment with a sentiment, the responses always, the average of each
 * Number column, and the share of each value of each dimension.
 */
export function measureChoices(fields: BuilderFields): MeasureKey[] {
  const scores = (Object.keys(SCORE_MEASURES) as ScoreMeasure[]).filter((k) => scoreField(fields, SCORE_MEASURES[k]));
  const averages = fields.fields.filter((f) => f.typeName === 'Number').map((f): MeasureKey => `average:${f.key}`);
  const shares = dimensionsOf(fields).flatMap((f) => (f.values ?? []).map((v): MeasureKey => `share:${f.key}=${v}`));
  return [...scores, 'responses', ...averages, ...shares];
}

/** A measure's parts: the column an average or a share reads, and a share's value. */
export function measureParts(m: MeasureKey): { column?: string; value?: string } {
  if (m.startsWith('average:')) return { column: m.slice('average:'.length) };
  if (!m.startsWith('share:')) return {};
  const rest = m.slice('share:'.length);
  const at = rest.indexOf('=');
  return { column: rest.slice(0, at), value: rest.slice(at + 1) };
}

/**
 * A measure's name in `words` (English by default), for the settings' select and the titles alike:
 * the fixed ones by key ("NPS", "Average rating"), an average by its column's name, a share by its value.
 */
export function measureName(m: MeasureKey, fields: BuilderFields, words: Words = ENGLISH_WORDS): string {
  const { column = '', value = '' } = measureParts(m);
  if (m.startsWith('average:')) return words('form.measures.average', { column: fields.fields.find((f) => f.key === column)?.name ?? column });
  if (m.startsWith('share:')) return words('form.measures.share', { value });
  return words(`form.measures.${m}`);
}
