import { request } from './client';
import type { BadRequest } from './errors';
import { $config } from '../stores/config';
import type { AnalyticsData, AnalyticsQuery, CardViewModel, MeasureInfo, RecordsQuery, SmartFilterInput } from './types';

export type { CardTemplate } from './types';

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
  defaultSmartFilters: Array<{ filterKey: string; filterValue: string }>;
  smartFilterTags: string[];
  recordIdField: string;
  hasExport: boolean;
  cardViewerViewModel: CardViewModel;
}
/** The data source flags the data page reads (spec part 2: smart filter data source). */
export interface ViewerSource {
  showRecordViewerLink: boolean;
  showCardViewerLink: boolean;
  dateFilterKey: string;
}
export type Records = { data: Array<Record<string, unknown>>; recordCount: number };
export interface ExportAnswer {
  exportId: string;
  name: string;
  dateTime: string;
}

export const viewerProfiles = (moduleId: string): Maybe<ViewerProfile[]> => request('GET', `/api/dataviewer/profiles/${seg(moduleId)}`);
export const viewerSchema = (moduleId: string, profile: string): Maybe<SchemaColumn[]> => request('POST', `/api/dataviewer/schema/${seg(moduleId)}/${seg(profile)}`, { json: {} });
export const viewerRecords = (moduleId: string, profile: string, q: RecordsQuery): Maybe<Records> =>
  request('POST', `/api/dataviewer/data/${seg(moduleId)}/${seg(profile)}`, { json: q });
export const viewerCards = (moduleId: string, profile: string, q: { smartFilters: SmartFilterInput[]; limit: number; orderByFields: string[]; orderByOperator: 'ASC' | 'DESC' }): Maybe<Records> =>
  request('POST', `/api/dataviewer/cards/${seg(moduleId)}/${seg(profile)}`, { json: q });
export const viewerSource = (moduleId: string): Maybe<ViewerSource> => request('GET', `/api/dashboard/datasource/${seg(moduleId)}`);
export const rawValue = (moduleId: string, field: string, recordId: string | number): Maybe<{ rawValue: string | null }> =>
  request('GET', `/api/smartdata/rawdata/${seg(moduleId)}?cleanedFieldName=${seg(field)}&recordId=${seg(String(recordId))}`);

const exportQuery = (moduleId: string, profile: string, author: string, dateTime: string) =>
  `?dateTime=${seg(dateTime)}&author=${seg(author)}&moduleId=${seg(moduleId)}&profile=${seg(profile)}`;
export const exportRecords = (moduleId: string, profile: string, author: string, dateTime: string, body: { ExportCols: string[]; SmartDataSelection: { smartFilters: SmartFilterInput[] }; SortBy: { fieldKey: string; operatorAsString: 'ASC' | 'DESC' } | null }): Maybe<ExportAnswer> =>
  request('POST', `/api/dataviewer/exporttoexcel/${exportQuery(moduleId, profile, author, dateTime)}`, { json: body });
export const exportAnalytics = (moduleId: string, profile: string, author: string, dateTime: string, totals: { hideRowTotals: boolean; hideColumnTotals: boolean }, body: AnalyticsQuery): Maybe<ExportAnswer> =>
  request('POST', `/api/dataviewer/analytics/exporttoexcel/${exportQuery(moduleId, profile, author, dateTime)}&hideRowTotals=${totals.hideRowTotals}&hideColumnTotals=${totals.hideColumnTotals}`, { json: body });
/** Where the browser goes to fetch a prepared export (its id is the credential: no header needed). */
export const downloadAddress = (e: ExportAnswer) =>
  `${$config.get().apiBase}/api/dataviewer/downloadexport/?exportId=${seg(e.exportId)}&dateTime=${seg(e.dateTime)}&name=${seg(e.name)}`;

export const analyticsParameters = (moduleId: string, profile: string): Maybe<{ measureDefinitions: MeasureInfo[]; dimensions: Array<{ filterKey: string; filterName: string }> }> =>
  request('GET', `/api/dataviewer/analytics/parameters/${seg(moduleId)}/${seg(profile)}`);
export const analyticsData = (moduleId: string, profile: string, q: AnalyticsQuery): Maybe<AnalyticsData> =>
  request('POST', `/api/dataviewer/analytics/data/${seg(moduleId)}/${seg(profile)}`, { json: q });
