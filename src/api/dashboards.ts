import type { FeedRequest } from './review-types';
import { request, type ApiTarget } from './client';
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
}

export const dashboardSource = (id: string, target?: ApiTarget): Maybe<DashboardSource> => request('POST', `/api/dataviz/smartFilterDataSource/${seg(id)}`, { json: {}, target });

export const dashboardVisuals = (id: string, layout: string, filters: SmartFilter[], target?: ApiTarget): Maybe<VisualsResponse> =>
  request('POST', `/api/dataviz/visuals/${seg(id)}/${seg(layout)}`, { json: { smartFilters: filters }, target });

/** Edit mode's save (PortalAdmin and GlobalAdmin): the layout as edited and the changed settings. */
export const saveDashboardLayout = (id: string, layout: string, body: { layout: LayoutItem[]; changes: Edits }, target?: ApiTarget): Maybe<{ saved: boolean }> =>
  request('POST', `/api/dataviz/layout/${seg(id)}/${seg(layout)}`, { json: body, target });
export const singleVisual = (moduleId: string, visual: string, filters: SmartFilter[], target?: ApiTarget, feed?: FeedRequest): Maybe<SingleVisualResponse> =>
  request('POST', `/api/dashboard/visuals/${seg(moduleId)}/${seg(visual)}`, { json: { smartFilters: filters, ...(feed ? { feed } : {}) }, target });
