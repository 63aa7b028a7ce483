import { request, type ApiTarget } from './client';
import type { BadRequest } from './errors';
import type { SmartFilter } from '../stores/filters';

export interface DimensionValue {
  dimensionValue: string;
  count: number;
  dimensionLabel: string;
}
export interface Dimension {
  filterName: string;
  filterKey: string;
  filterDataType: string;
  filterDimensionStatus?: 'RequiresFiltering' | 'FullyReturned';
  totalFilterDimension?: number;
  filterDimensionValues: DimensionValue[];
}
export interface FiltersAnswer {
  moduleId: string;
  recordCount: number;
  smartFilters: Dimension[];
}
type Maybe<T> = Promise<T | BadRequest>;
const path = (moduleId: string) => encodeURIComponent(moduleId);
/** Where the filter calls live: the smart data's, or the process flow's over its cases. */
export const SMART_DATA_ROOT = '/api/smartdata';
/** The process flow's smart-data calls: over its cases (filters, raw values), under its roles. */
export const PROCESS_FLOW_DATA = '/api/processflow/smartdata';
/** A queue's filter calls: counted over that queue's cases, as its list shows them. */
export const queueData = (queueName: string) => `${PROCESS_FLOW_DATA}/queue/${encodeURIComponent(queueName)}`;

export const smartFilters = (moduleId: string, filters: SmartFilter[], tags: string[], target?: ApiTarget, root = SMART_DATA_ROOT): Maybe<FiltersAnswer> =>
  request('POST', `${root}/filters/${path(moduleId)}`, { json: { smartFilters: filters, smartDataTags: tags }, target });
export const dimensionValues = (moduleId: string, filters: SmartFilter[], key: string, contains: string, target?: ApiTarget, root = SMART_DATA_ROOT): Maybe<Dimension> =>
  request('POST', `${root}/filter/${path(moduleId)}`, { json: { smartFilters: filters, filterDimensionSelection: { filterKey: key, DimensionValueContains: contains } }, target });
export const lastRecordedDate = (moduleId: string, dateKey: string, target?: ApiTarget, root = SMART_DATA_ROOT): Maybe<{ lastRecordedDate: string | null }> =>
  request('GET', `${root}/lastRecordedDate/${path(moduleId)}?${new URLSearchParams({ dateFilterDimension: dateKey })}`, { target });
