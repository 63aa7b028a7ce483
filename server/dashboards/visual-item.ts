import type { VisualDefinition, VisualItem, VisualQuery, Block, Series } from '../../src/api/visual-types';
import { seriesFor, type SeriesInput } from './series';
import { reviewTile } from '../reviews/tiles';

/** How a query's series are read: on their own (`seriesFor`), or from rows read with other tiles' (server/dashboards/one-scan.ts). */
type SeriesReader = (input: SeriesInput, query: VisualQuery) => Promise<Record<string, Series>>;

/** Computes a visual's block from its definition: header texts plus its named series, under the caller's filters and claims. */
export async function visualItem(caller: SeriesInput, def: VisualDefinition, read: SeriesReader = seriesFor): Promise<VisualItem> {
  const b = def.templateBindings;
  // The visual's own fixed filters (a detractors-only list) narrow the caller's, never widen them.
  const input = b.Filters?.length ? { ...caller, filters: [...caller.filters, ...b.Filters] } : caller;
  const extra = Object.entries(b.ExtraSeries ?? {});
  const [main, ...more] = await Promise.all([read(input, b.Query), ...extra.map(([, q]) => read(input, q))]);
  const named = Object.assign({}, main, ...more.map((s, i) => ({ [extra[i][0]]: s.data })));
  const review = b.Query.kind === 'review' ? await reviewTile(input, b.Query.tile, input.feed, b.Query.pageSize) : undefined;
  const primary = {
    header: { content: b.Header ?? '' },
    subHeader: { content: b.SubHeader ?? '' },
    heroLabel: { content: typeof b.HeroLabel === 'string' ? b.HeroLabel : '' },
    ...named,
    ...(review ? { review } : {}),
  } as Block;
  const total = review && 'count' in review ? review.count : (main.data?.currentRecordCount ?? 0);
  return { name: def.name, template: def.template, totalRecordCount: total, primary };
}
