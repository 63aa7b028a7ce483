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

export const smartFilters = (moduleId: string, filters: SmartFilter[], tags: string[], target?: ApiTarget): Maybe<FiltersAnswer> =>
  request('POST', `/api/smartdata/filters/${path(moduleId)}`, { json: { smartFilters: filters, smartDataTags: tags }, target });
export const dimensionValues = (moduleId: string, filters: SmartFilter[], key: string, contains: string, target?: ApiTarget): Maybe<Dimension> =>
  request('POST', `/api/smartdata/filter/${path(moduleId)}`, { json: { smartFilters: filters, filterDimensionSelection: { filterKey: key, DimensionValueContains: contains } }, target });
export const lastRecordedDate = (moduleId: string, dateKey: string, target?: ApiTarget): Maybe<{ lastRecordedDate: string | null }> =>
  request('GET', `/api/smartdata/lastRecordedDate/${path(moduleId)}?${new URLSearchParams({ dateFilterDimension: dateKey })}`, { target });
