import type { QueueTag } from './workflow';
import { CASES_MODULE, type PfModule } from './modules';

export { CASES_MODULE };

export interface QueueView {
  /** Summary 0 (a card list with paging) or Grid 1. */
  type: 0 | 1;
  summaryTemplate: string;
  detailTemplate: string;
  recordsPerPage: number;
  numberOfPrograms: number;
}

export interface Queue {
  name: string;
  tag: QueueTag;
  view: QueueView;
  smartDataModuleId: string;
  smartFilters: string[];
  smartFilterTags: string[];
  defaultSmartFilters: Array<{ filterKey: string; filterValue: string }>;
  favouritesModuleId: string;
  isSocial: boolean;
  hasExport: boolean;
  dateFilterType: string;
  defaultOrderBy: { fieldKey: string; operatorAsString: 'ASC' | 'DESC' };
}

const summary: QueueView = { type: 0, summaryTemplate: 'CaseCard', detailTemplate: 'CaseDetail', recordsPerPage: 20, numberOfPrograms: 1 };
const grid: QueueView = { type: 1, summaryTemplate: '', detailTemplate: 'CaseDetail', recordsPerPage: 100, numberOfPrograms: 1 };
const common = { smartDataModuleId: CASES_MODULE, smartFilters: ['Region', 'Country', 'Store', 'Channel', 'NPSGroup', 'Stars'], smartFilterTags: ['Core'], defaultSmartFilters: [], favouritesModuleId: 'favourites', isSocial: false, dateFilterType: 'DateTime' };

/** The four queues of the spec's tags (new cases first, then work in hand, then the closed, then all), and the caller's own open cases after New. */
export const QUEUES: readonly Queue[] = [
  { ...common, name: 'New', tag: 'Initial', view: summary, hasExport: false, defaultOrderBy: { fieldKey: 'ResponseDate', operatorAsString: 'DESC' } },
  { ...common, name: 'Mine', tag: 'Mine', view: summary, hasExport: false, defaultOrderBy: { fieldKey: 'ResolutionDueAt', operatorAsString: 'ASC' } },
  { ...common, name: 'Working', tag: 'InProgress', view: summary, hasExport: false, defaultOrderBy: { fieldKey: 'LastActionedAt', operatorAsString: 'DESC' } },
  { ...common, name: 'Closed', tag: 'Final', view: grid, hasExport: true, defaultOrderBy: { fieldKey: 'LastStateChangeAt', operatorAsString: 'DESC' } },
  { ...common, name: 'All', tag: 'All', view: grid, hasExport: true, defaultOrderBy: { fieldKey: 'ResponseDate', operatorAsString: 'DESC' } },
];

export const queueByName = (name: string): Queue | undefined => QUEUES.find((q) => q.name.toLowerCase() === name.toLowerCase());

/** A module's queues: the same four, over its own data (a review module's are social). */
export const queuesOf = (m: PfModule): Queue[] => QUEUES.map((q) => ({ ...q, smartDataModuleId: m.moduleId, isSocial: m.social }));
