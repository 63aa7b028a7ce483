import type { SmartModule } from '../smartdata/schema';
import { PLACE_COLUMNS } from '../datasources/builtin/places';
import { RESPONSES_SOURCE as RESPONSES_MODULE } from '../datasources/builtin/responses';

/**
 * The process-flow modules: survey cases over the responses, and public reviews (a reply to a
 * review is a social action of its case). Both keep their source's fields on the case row.
 */
export interface PfModule {
  moduleId: string;
  /** The source's fields as the case rows hold them. */
  view: SmartModule;
  /** Objects answered in public through a review provider (the Reply action needs a social sign-in). */
  social: boolean;
}

export const CASES_MODULE = 'cases';
export const REVIEW_CASES_MODULE = 'reviews';

/**
 * The responses module as the cases hold it: the same fields, read from the case's own copy (the
 * response's id and date under the case's names; the customer's e-mail stays with the response).
 */
export const CASE_VIEW: SmartModule = {
  ...RESPONSES_MODULE,
  moduleId: CASES_MODULE,
  table: 'cases',
  idColumn: 'source_object_id',
  rows: { column: 'module_id', value: CASES_MODULE },
  columns: RESPONSES_MODULE.columns
    .filter((c) => c.key !== 'CustomerEmail')
    .map((c) => (c.key === 'Id' ? { ...c, column: 'source_object_id' } : c.key === RESPONSES_MODULE.dateKey ? { ...c, column: 'answered_at' } : c)),
};

/** A review's case: the review's store, rating, text and author in the case row's columns. */
export const REVIEW_CASE_VIEW: SmartModule = {
  moduleId: REVIEW_CASES_MODULE,
  name: 'Reviews',
  table: 'cases',
  idColumn: 'source_object_id',
  rows: { column: 'module_id', value: REVIEW_CASES_MODULE },
  dateKey: 'ResponseDate',
  ignoreClaims: false,
  columns: [
    { key: 'Id', name: 'Review id', column: 'source_object_id', typeName: 'Number' },
    { key: 'ResponseDate', name: 'Review date', column: 'answered_at', typeName: 'DateTime' },
    ...PLACE_COLUMNS,
    { key: 'Channel', name: 'Source', column: 'channel', typeName: 'String', dimension: true, smartDataTags: ['Core'] },
    { key: 'Stars', name: 'Star rating', column: 'stars', typeName: 'Number', dimension: true, smartDataTags: ['Core'] },
    { key: 'Verbatim', name: 'Review', column: 'verbatim', typeName: 'String', searchable: true, smartDataTags: ['PF_Custom'] },
    { key: 'CustomerName', name: 'Reviewer', column: 'customer_name', typeName: 'String', searchable: true },
  ],
};

export const PF_MODULES: ReadonlyMap<string, PfModule> = new Map([
  [CASES_MODULE, { moduleId: CASES_MODULE, view: CASE_VIEW, social: false }],
  [REVIEW_CASES_MODULE, { moduleId: REVIEW_CASES_MODULE, view: REVIEW_CASE_VIEW, social: true }],
]);

/** A module by its id in any case, or undefined. */
export const pfModule = (id: string): PfModule | undefined => PF_MODULES.get(id.toLowerCase());
