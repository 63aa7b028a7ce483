import type { VisualDefinition } from '../../src/api/visual-types';
import type { DashboardBody } from '../../src/api/dashboard-builder';
import { ApiError, badRequest } from '../http/errors';
import { columnByKey, type SmartModule } from '../smartdata/schema';
import { measureOf } from './measures';
import { isReviewSource } from '../reviews/tiles';

/** Maps a column key a tile names to the one it names now (or throws). */
type KeyMap = (key: string, tile: string) => string;

/** Query fields that hold one column key, and those that hold a list of them. */
const KEY_FIELDS = new Set(['seriesKey', 'axisKey', 'rowKey', 'filterKey']);
const KEY_LISTS = new Set(['fields']);
/** A measure naming a column: `average:{key}`, `share:{key}={value}`. */
const COLUMN_MEASURE = /^([a-zA-Z]+):([^=]+)(=.*)?$/s;

const mapMeasure = (m: unknown, f: (k: string) => string) => {
  const match = typeof m === 'string' ? COLUMN_MEASURE.exec(m) : null;
  return match ? `${match[1]}:${f(match[2])}${match[3] ?? ''}` : m;
};

/** A query (or a tab, a filter) with every column key it names mapped. */
function mapQuery(q: Record<string, unknown>, f: (k: string) => string): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(q).map(([name, v]) => {
      if (KEY_FIELDS.has(name) && typeof v === 'string') return [name, f(v)];
      if (KEY_LISTS.has(name) && Array.isArray(v)) return [name, v.map((k) => (typeof k === 'string' ? f(k) : k))];
      if (name === 'tabs' && Array.isArray(v)) return [name, v.map((t) => mapQuery(t as Record<string, unknown>, f))];
      if (name === 'measure') return [name, mapMeasure(v, f)];
      if (name === 'measures' && Array.isArray(v)) return [name, v.map((m) => mapMeasure(m, f))];
      return [name, v];
    }),
  );
}

/** A tile with every column key it names (its query, extra series, filters, displayed fields) mapped. */
export function mapTileKeys(def: VisualDefinition, map: KeyMap): VisualDefinition {
  const f = (k: string) => map(k, def.name);
  const b = def.templateBindings;
  const bindings: Record<string, unknown> = { ...b, Query: mapQuery(b.Query as Record<string, unknown>, f) };
  if (b.ExtraSeries) bindings.ExtraSeries = Object.fromEntries(Object.entries(b.ExtraSeries).map(([k, q]) => [k, mapQuery(q as Record<string, unknown>, f)]));
  if (b.Filters) bindings.Filters = b.Filters.map((x) => mapQuery(x, f));
  if (Array.isArray(b.DisplayFields)) bindings.DisplayFields = b.DisplayFields.map((d: unknown) => (d && typeof d === 'object' && typeof (d as { Field?: unknown }).Field === 'string' ? { ...d, Field: f((d as { Field: string }).Field) } : d));
  return { ...def, templateBindings: bindings as VisualDefinition['templateBindings'] };
}

export const mapBodyKeys = (body: DashboardBody, map: KeyMap): DashboardBody => ({ ...body, definitions: body.definitions.map((d) => mapTileKeys(d, map)) });

/** The words of a tile's missing column, as the builder shows them on the tile. */
export const missingColumn = (tile: string, key: string, source: string, name?: string) =>
  `The tile "${tile}" reads "${key}"${name && name !== key ? ` (${name})` : ''}, which the data source "${source}" does not have.`;

/**
 * Every column a body's tiles name is a visible column of `module`, every measure (of the query and
 * the extra series) one it can compute, and a review tile is on a source of reviews: a 400 naming
 * the tile and what is wrong otherwise.
 */
export function checkBodyColumns(module: SmartModule, body: DashboardBody): void {
  for (const def of body.definitions) {
    mapTileKeys(def, (key, tile) => {
      if (!columnByKey(module, key)) throw badRequest(missingColumn(tile, key, module.name));
      return key;
    });
    const b = def.templateBindings;
    const queries = [b.Query, ...Object.values(b.ExtraSeries ?? {})] as Array<{ kind: string; measure?: unknown; measures?: unknown }>;
    if (queries.some((q) => q.kind === 'review') && !isReviewSource(module)) throw badRequest(`The tile "${def.name}" shows reviews; the data source "${module.name}" holds none.`);
    for (const m of queries.flatMap((q) => [q.measure, ...(Array.isArray(q.measures) ? q.measures : [])])) {
      if (typeof m !== 'string') continue;
      try {
        measureOf(module, m as Parameters<typeof measureOf>[1]);
      } catch (error) {
        if (error instanceof ApiError) throw badRequest(`The tile "${def.name}": ${error.message}`);
        throw error;
      }
    }
  }
}
