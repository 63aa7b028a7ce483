import { request, type ApiTarget } from './client';
import type { BadRequest } from './errors';
import { $config } from '../stores/config';
import { SMART_DATA_ROOT } from './smartdata';
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
  /** The source's verbatim (issue 49): its words are highlighted with the sentiment and topics they made. */
  isVerbatim?: boolean;
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
  /** The custom date range's rules (spec part 2 section 5): an empty range allowed, no 6-week limit, a default range not to exceed. */
  allowNullDates?: boolean;
  ignoreRangeValidation?: boolean;
  defaultRangeDays?: number | null;
}
export type Records = { data: Array<Record<string, unknown>>; recordCount: number };
export interface ExportAnswer {
  exportId: string;
  name: string;
  dateTime: string;
}

export const viewerProfiles = (moduleId: string, target?: ApiTarget): Maybe<ViewerProfile[]> => request('GET', `/api/dataviewer/profiles/${seg(moduleId)}`, { target });
export const viewerSchema = (moduleId: string, profile: string, target?: ApiTarget): Maybe<SchemaColumn[]> => request('POST', `/api/dataviewer/schema/${seg(moduleId)}/${seg(profile)}`, { json: {}, target });
export const viewerRecords = (moduleId: string, profile: string, q: RecordsQuery, target?: ApiTarget): Maybe<Records> =>
  request('POST', `/api/dataviewer/data/${seg(moduleId)}/${seg(profile)}`, { json: q, target });
export const viewerCards = (moduleId: string, profile: string, q: { smartFilters: SmartFilterInput[]; limit: number; orderByFields: string[]; orderByOperator: 'ASC' | 'DESC' }, target?: ApiTarget): Maybe<Records> =>
  request('POST', `/api/dataviewer/cards/${seg(moduleId)}/${seg(profile)}`, { json: q, target });
export const viewerSource = (moduleId: string, target?: ApiTarget): Maybe<ViewerSource> => request('GET', `/api/dashboard/datasource/${seg(moduleId)}`, { target });
/** A profanity-cleaned value's raw text; `root` is where the module's smart-data calls live (the process flow's for cases). */
export const rawValue = (moduleId: string, field: string, recordId: string | number, target?: ApiTarget, root = SMART_DATA_ROOT): Maybe<{ rawValue: string | null }> =>
  request('GET', `${root}/rawdata/${seg(moduleId)}?cleanedFieldName=${seg(field)}&recordId=${seg(String(recordId))}`, { target });

const exportQuery = (moduleId: string, profile: string, author: string, dateTime: string) =>
  `?dateTime=${seg(dateTime)}&author=${seg(author)}&moduleId=${seg(moduleId)}&profile=${seg(profile)}`;
export const exportRecords = (moduleId: string, profile: string, author: string, dateTime: string, body: { ExportCols: string[]; SmartDataSelection: { smartFilters: SmartFilterInput[] }; SortBy: { fieldKey: string; operatorAsString: 'ASC' | 'DESC' } | null }, progressKey: string, target?: ApiTarget): Maybe<ExportAnswer> =>
  request('POST', `/api/dataviewer/exporttoexcel/${exportQuery(moduleId, profile, author, dateTime)}&progressKey=${seg(progressKey)}`, { json: body, target });
/** How far the records export under `progressKey` has come (`writing` false before it starts and after it ends). */
export const exportProgress = (progressKey: string, target?: ApiTarget): Maybe<{ writing: boolean; written: number; total: number }> =>
  request('GET', `/api/dataviewer/exportprogress/${seg(progressKey)}`, { target });
/** Stops the records export under `progressKey` at its next chunk: its call then answers 409. */
export const cancelExport = (progressKey: string, target?: ApiTarget): Maybe<{ cancelled: boolean }> => request('DELETE', `/api/dataviewer/exportprogress/${seg(progressKey)}`, { target });
export const exportAnalytics = (moduleId: string, profile: string, author: string, dateTime: string, totals: { hideRowTotals: boolean; hideColumnTotals: boolean }, body: AnalyticsQuery, target?: ApiTarget): Maybe<ExportAnswer> =>
  request('POST', `/api/dataviewer/analytics/exporttoexcel/${exportQuery(moduleId, profile, author, dateTime)}&hideRowTotals=${totals.hideRowTotals}&hideColumnTotals=${totals.hideColumnTotals}`, { json: body, target });
/** Where the browser goes to fetch a prepared export (its id is the credential: no header needed). */
export const downloadAddress = (e: ExportAnswer, target?: ApiTarget) =>
  `${target?.apiBase ?? $config.get().apiBase}/api/dataviewer/downloadexport/?exportId=${seg(e.exportId)}&dateTime=${seg(e.dateTime)}&name=${seg(e.name)}`;

export const analyticsParameters = (moduleId: string, profile: string, target?: ApiTarget): Maybe<{ measureDefinitions: MeasureInfo[]; dimensions: Array<{ filterKey: string; filterName: string }>; defaultPivot: { measures: string[]; rows: string[]; columns: string[] } }> =>
  request('GET', `/api/dataviewer/analytics/parameters/${seg(moduleId)}/${seg(profile)}`, { target });
export const analyticsData = (moduleId: string, profile: string, q: AnalyticsQuery, target?: ApiTarget): Maybe<AnalyticsData> =>
  request('POST', `/api/dataviewer/analytics/data/${seg(moduleId)}/${seg(profile)}`, { json: q, target });
