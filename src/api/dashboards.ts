import type { FeedRequest } from './review-types';
import { request, type ApiTarget } from './client';
import { $config } from '../stores/config';
import { languageCode } from '../elements/texts';
import type { BadRequest } from './errors';
import type { SmartFilter } from '../stores/filters';
import type { LayoutItem, SingleVisualResponse, VisualsResponse } from './visual-types';
import type { Edits } from '../dashboard/editor/edits';

type Maybe<T> = Promise<T | BadRequest>;
const seg = (s: string) => encodeURIComponent(s);

/** The dashboard's filter data source: its module, tags, date key and named layouts. */
export interface DashboardSource {
  smartDataModuleId: string;
  smartFilterTags: string[];
  dateFilterKey: string;
  dashboardId: string;
  name: string;
  layouts: string[];
  /** The layouts' names to show, in the request's language, by key. */
  layoutLabels?: Record<string, string>;
  /** The custom date range's rules of the data source (spec part 2 section 5). */
  allowNullDates?: boolean;
  ignoreRangeValidation?: boolean;
  defaultRangeDays?: number | null;
  /** The caller may change it in the builder (the server's rule; never under an embed token). */
  mayEdit?: boolean;
}

const askSource = (id: string, target?: ApiTarget): Maybe<DashboardSource> => request('POST', `/api/dataviz/smartFilterDataSource/${seg(id)}`, { json: {}, target });

/** Sources asked for before their dashboard rendered, each taken once, and only while fresh. */
const early = new Map<string, { at: number; answer: Maybe<DashboardSource> }>();
const EARLY_FOR_MS = 10_000;
// By the language the server answers in (en-US and en alike), as the dashboard asks again only for a new one.
const sourceKey = (id: string, target?: ApiTarget) => JSON.stringify([target?.apiBase ?? $config.get().apiBase, languageCode($config.get().locale), id]);

/**
 * Asks for a dashboard's source as its page opens (the host, before the element's code is in):
 * the source is the first of the dashboard's two calls in a row, so its round trip overlaps the
 * download instead of following it.
 */
export function prefetchDashboardSource(id: string): void {
  const answer = askSource(id);
  answer.catch(() => undefined); // whoever takes it sees the failure
  early.set(sourceKey(id), { at: Date.now(), answer });
}

/**
 * The answer the host asked for early, without taking it (asking now if it has not): the host
 * watches it for an unknown dashboard while the element takes the same answer, one call for both.
 */
export function earlyDashboardSource(id: string): Maybe<DashboardSource> {
  const asked = early.get(sourceKey(id));
  if (asked && Date.now() - asked.at < EARLY_FOR_MS) return asked.answer;
  prefetchDashboardSource(id);
  return early.get(sourceKey(id))!.answer;
}

export function dashboardSource(id: string, target?: ApiTarget): Maybe<DashboardSource> {
  const key = sourceKey(id, target);
  const asked = early.get(key);
  early.delete(key);
  return asked && Date.now() - asked.at < EARLY_FOR_MS ? asked.answer : askSource(id, target);
}

export const dashboardVisuals = (id: string, layout: string, filters: SmartFilter[], target?: ApiTarget): Maybe<VisualsResponse> =>
  request('POST', `/api/dataviz/visuals/${seg(id)}/${seg(layout)}`, { json: { smartFilters: filters }, target });

/** Edit mode's save (PortalAdmin and GlobalAdmin): the layout as edited and the changed settings. */
export const saveDashboardLayout = (id: string, layout: string, body: { layout: LayoutItem[]; changes: Edits }, target?: ApiTarget): Maybe<{ saved: boolean }> =>
  request('POST', `/api/dataviz/layout/${seg(id)}/${seg(layout)}`, { json: body, target });
export const singleVisual = (moduleId: string, visual: string, filters: SmartFilter[], target?: ApiTarget, feed?: FeedRequest): Maybe<SingleVisualResponse> =>
  request('POST', `/api/dashboard/visuals/${seg(moduleId)}/${seg(visual)}`, { json: { smartFilters: filters, ...(feed ? { feed } : {}) }, target });
