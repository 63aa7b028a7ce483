import { request } from './client';
import type { BadRequest } from './errors';
import type { AnalyticsData, AnalyticsQuery, MeasureInfo, RecordsQuery } from './types';

type Maybe<T> = Promise<T | BadRequest>;
const seg = encodeURIComponent;

export interface SchemaColumn {
  name: string;
  key: string;
  typeName: 'String' | 'Number' | 'DateTime';
  isHidden: boolean;
  isCleaned: boolean;
}
export interface ViewerProfile {
  name: string;
  detailsLink: string;
  defaultOrderBy: { fieldKey: string; operatorAsString: 'ASC' | 'DESC' };
  recordIdField: string;
  hasExport: boolean;
}

export const viewerProfiles = (moduleId: string): Maybe<ViewerProfile[]> => request('GET', `/api/dataviewer/profiles/${seg(moduleId)}`);
export const viewerSchema = (moduleId: string, profile: string): Maybe<SchemaColumn[]> => request('POST', `/api/dataviewer/schema/${seg(moduleId)}/${seg(profile)}`, { json: {} });
export const viewerRecords = (moduleId: string, profile: string, q: RecordsQuery): Maybe<{ data: Array<Record<string, unknown>>; recordCount: number }> =>
  request('POST', `/api/dataviewer/data/${seg(moduleId)}/${seg(profile)}`, { json: q });

export const analyticsParameters = (moduleId: string, profile: string): Maybe<{ measureDefinitions: MeasureInfo[]; dimensions: Array<{ filterKey: string; filterName: string }> }> =>
  request('GET', `/api/dataviewer/analytics/parameters/${seg(moduleId)}/${seg(profile)}`);
export const analyticsData = (moduleId: string, profile: string, q: AnalyticsQuery): Maybe<AnalyticsData> =>
  request('POST', `/api/dataviewer/analytics/data/${seg(moduleId)}/${seg(profile)}`, { json: q });
