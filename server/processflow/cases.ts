import type { Db, Queryable } from '../db';
import type { Claim } from '../identity/users';
import { badRequest } from '../http/errors';
import { columnByKey, readExpr, RESPONSES_MODULE } from '../smartdata/schema';
import { buildWhere, type Where } from '../smartdata/where';
import type { SmartFilter } from '../../src/stores/filters';
import { CASE_FIELDS, caseProperties, type CaseFieldKey } from './fields';
import { CASES_MODULE, QUEUES, type Queue } from './queues';
import { STATES_OF_TAG, type QueueTag } from './workflow';

const R = RESPONSES_MODULE;
const RESPONSE_FIELDS = R.columns.filter((c) => !c.isHidden);
const FROM = 'cases c JOIN responses r ON r.id = c.source_object_id';
const SELECT = ['c.*', ...RESPONSE_FIELDS.map((c) => `${readExpr(c)} AS "r_${c.key}"`)].join(', ');

/**
 * The cases of a queue tag that the filters and the caller's claims let through (claims on the
 * case's response). `joined` says whether the conditions read the response: without it, counts
 * and pages read the cases alone.
 */
function scan(tag: QueueTag, filters: SmartFilter[], claims: Claim[] | null): Where & { joined: boolean } {
  const w = buildWhere(R, filters, claims);
  const joined = w.parts.length > 0;
  w.add(`c.module_id = ${w.bind(CASES_MODULE)}`);
  if (tag !== 'All') w.add(`c.state IN (${STATES_OF_TAG[tag].map((s) => w.bind(s)).join(', ')})`);
  return Object.assign(w, { joined });
}

/** A case row with its response as one record: the response's fields, the case's, and its tags. */
function toRecord(row: Record<string, unknown>, tags: string[]): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (const c of RESPONSE_FIELDS) {
    const v = row[`r_${c.key}`];
    record[c.key] = v instanceof Date ? v.toISOString().slice(0, 19) : (v ?? null);
  }
  return { ...record, ...caseProperties(row), Tags: tags };
}

async function tagsOf(q: Queryable, ids: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (!ids.length) return out;
  const rows = await q.query<{ pfo_id: string; tag_value: string }>(
    `SELECT pfo_id, tag_value FROM case_tags WHERE pfo_id IN (${ids.map((_, i) => `$${i + 1}`).join(', ')}) ORDER BY tag_value`,
    ids,
  );
  for (const r of rows) out.set(r.pfo_id, [...(out.get(r.pfo_id) ?? []), r.tag_value]);
  return out;
}

/** A sort key: a case field, the response date (kept on the case) or another response field (a 400 for anything else). */
function sortColumn(key: string): { sql: string; response: boolean } {
  if (key in CASE_FIELDS) return { sql: `c.${CASE_FIELDS[key as CaseFieldKey]}`, response: false };
  const col = columnByKey(R, key);
  if (!col) throw badRequest(`Unknown sort field "${key}".`);
  if (col.key === R.dateKey) return { sql: 'c.answered_at', response: false };
  return { sql: col.column, response: true };
}

export interface Selection {
  skip: number;
  top: number;
  orderByFields: string[];
  orderByOperator: 'ASC' | 'DESC';
  smartFilters: SmartFilter[];
}

/**
 * One page of a queue: its record count and its cases in order (the response id breaks ties).
 * The page's cases are found over the narrow sort column first, then only they are read in full
 * with their responses: a deep page does not read every wide row before it.
 */
export async function queuePage(db: Db, queue: Queue, s: Selection, claims: Claim[] | null) {
  const w = scan(queue.tag, s.smartFilters, claims);
  const sorts = (s.orderByFields.length ? s.orderByFields : [queue.defaultOrderBy.fieldKey]).map(sortColumn);
  const from = w.joined || sorts.some((x) => x.response) ? FROM : 'cases c';
  const dir = s.orderByOperator;
  const keys = sorts.map((x, i) => `${x.sql} AS s${i}`).join(', ');
  const order = (prefix: string) => [...sorts.map((_, i) => `${prefix}s${i} ${dir}`), `${prefix}sid ${dir}`].join(', ');
  const countParams = [...w.params];
  const limit = w.bind(s.top);
  const offset = w.bind(s.skip);
  const [[count], rows] = await Promise.all([
    db.query<{ n: number }>(`SELECT count(*) AS n FROM ${w.joined ? FROM : 'cases c'} ${w.sql}`, countParams),
    db.query(
      `WITH page AS (SELECT c.pfo_id AS pid, c.source_object_id AS sid, ${keys} FROM ${from} ${w.sql} ORDER BY ${order('')} LIMIT ${limit} OFFSET ${offset})
       SELECT ${SELECT} FROM page p JOIN cases c ON c.pfo_id = p.pid JOIN responses r ON r.id = c.source_object_id ORDER BY ${order('p.')}`,
      w.params,
    ),
  ]);
  const tags = await tagsOf(db, rows.map((r) => String(r.pfo_id)));
  return { recordCount: Number(count.n), data: rows.map((r) => toRecord(r, tags.get(String(r.pfo_id)) ?? [])) };
}

/** Each queue's count under the filters and claims (one scan, counted by state). */
export async function queueCounts(db: Db, filters: SmartFilter[], claims: Claim[] | null) {
  const w = scan('All', filters, claims);
  const rows = await db.query<{ state: string; n: number }>(`SELECT c.state AS state, count(*) AS n FROM ${w.joined ? FROM : 'cases c'} ${w.sql} GROUP BY c.state`, w.params);
  const byState = new Map(rows.map((r) => [r.state, Number(r.n)]));
  return QUEUES.map((q) => ({ tag: q.tag, name: q.name, count: STATES_OF_TAG[q.tag].reduce((n, s) => n + (byState.get(s) ?? 0), 0) }));
}

/** The case of a response, when the caller's claims reach its response; undefined otherwise (a 404, never a 403). */
export async function findCase(q: Queryable, sourceObjectId: number, claims: Claim[] | null) {
  const w = scan('All', [], claims);
  w.add(`c.source_object_id = ${w.bind(sourceObjectId)}`);
  const [row] = await q.query(`SELECT ${SELECT} FROM ${FROM} ${w.sql}`, w.params);
  if (!row) return undefined;
  const tags = await tagsOf(q, [String(row.pfo_id)]);
  return { row, record: toRecord(row, tags.get(String(row.pfo_id)) ?? []) };
}

/** The same by the case's own id (history, actions). */
export async function findCaseById(q: Queryable, pfoId: string, claims: Claim[] | null) {
  const [hit] = await q.query<{ source_object_id: number }>('SELECT source_object_id FROM cases WHERE pfo_id = $1', [pfoId]);
  return hit ? findCase(q, Number(hit.source_object_id), claims) : undefined;
}

/** A case's history, oldest first. */
export async function historyOf(q: Queryable, pfoId: string) {
  const rows = await q.query('SELECT * FROM case_history WHERE pfo_id = $1 ORDER BY version', [pfoId]);
  return rows.map(historyRecord);
}

export function historyRecord(r: Record<string, unknown>) {
  return {
    historyId: r.history_id,
    processFlowObjectId: r.pfo_id,
    actionType: Number(r.action_type),
    actionName: r.action_name,
    fromState: r.from_state,
    toState: r.to_state,
    comment: r.comment,
    properties: r.properties ? JSON.parse(String(r.properties)) : {},
    userId: r.user_id,
    userName: r.user_name,
    actionedAt: r.actioned_at instanceof Date ? r.actioned_at.toISOString().slice(0, 19) : r.actioned_at,
    version: Number(r.version),
  };
}

/** The response fields as schema fields, with the case fields after them (spec part 3, schema field). */
export function schemaFields() {
  const response = RESPONSE_FIELDS.map((c, i) => ({
    name: c.name, key: c.key, templateKey: c.key, typeName: c.typeName, displayFormat: c.typeName === 'DateTime' ? 'YYYY-MM-DDTHH:mm:ss' : '',
    isHidden: false, isCollection: false, weight: i, templateSections: [c.smartDataTags?.includes('PF_Driver') ? 'drivers' : c.smartDataTags?.includes('PF_Custom') ? 'verbatim' : 'details'],
    smartDataTags: c.smartDataTags ?? [],
  }));
  const cases = (Object.keys(CASE_FIELDS) as CaseFieldKey[]).map((key, i) => ({
    name: key.replace(/([a-z])([A-Z])/g, '$1 $2'), key, templateKey: key, typeName: /At$/.test(key) ? 'DateTime' : key === 'LastActionType' || key === 'SourceObjectId' ? 'Number' : 'String',
    displayFormat: /At$/.test(key) ? 'YYYY-MM-DDTHH:mm:ss' : '', isHidden: /UserId$|ObjectId$/.test(key), isCollection: false, weight: 100 + i, templateSections: ['header'], smartDataTags: [],
  }));
  return [...response, ...cases];
}

/** The tags in use on the cases the caller may see, most used first (the suggestions of the tag input). */
export async function tagSuggestions(db: Db, claims: Claim[] | null) {
  const w = scan('All', [], claims);
  const rows = await db.query<{ tag_value: string; n: number }>(
    `SELECT t.tag_value AS tag_value, count(*) AS n FROM case_tags t JOIN ${FROM} ON c.pfo_id = t.pfo_id ${w.sql} GROUP BY t.tag_value ORDER BY count(*) DESC, t.tag_value LIMIT 200`,
    w.params,
  );
  return rows.map((r) => ({ TagId: r.tag_value, TagLevelOne: r.tag_value, InputSource: 'UserDefined', Category: 'UserDefined', count: Number(r.n) }));
}

/** A queue's cases in order, a chunk at a time (for exports: memory stays at one chunk). */
export async function* queueChunks(db: Db, queue: Queue, filters: SmartFilter[], claims: Claim[] | null, chunk = 5000) {
  const order = { orderByFields: [queue.defaultOrderBy.fieldKey], orderByOperator: queue.defaultOrderBy.operatorAsString, smartFilters: filters };
  for (let skip = 0; ; skip += chunk) {
    const { data } = await queuePage(db, queue, { ...order, skip, top: chunk }, claims);
    if (data.length) yield data;
    if (data.length < chunk) return;
  }
}

/** The columns of a queue's workbook: the response's fields, then the case's state, people and tags. */
export function exportColumns() {
  const text = (key: string, name: string, typeName: 'String' | 'DateTime' = 'String') => ({ key, name, column: key, typeName });
  return [
    ...RESPONSE_FIELDS,
    text('State', 'State'), text('AllocatedToUserName', 'Assigned to'), text('LastActionName', 'Last action'), text('LastActionedAt', 'Last action at', 'DateTime'),
    text('LastActionedByUserName', 'Last action by'), text('TagList', 'Tags'),
  ];
}
