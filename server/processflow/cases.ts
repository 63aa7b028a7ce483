import { dataTime, type Db, type Queryable } from '../db';
import type { Claim } from '../identity/users';
import { badRequest } from '../http/errors';
import { columnByKey, readExpr, type Column, type SmartModule } from '../smartdata/schema';
import { buildWhere, type Where } from '../smartdata/where';
import { orderBy, seekPage, type SortKey } from '../smartdata/position-index';
import type { SmartFilter } from '../../src/stores/filters';
import { CASE_FIELDS, caseProperties, type CaseFieldKey } from './fields';
import { QUEUES, type Queue } from './queues';
import { pfModule, type PfModule } from './modules';
import { OPEN, STATES_OF_TAG, type QueueTag } from './workflow';
import { endOfDay } from '../caserules/calendar';
import { portalTimeZone } from '../portal-time';

/** What a module's case rows are read as: its source's visible fields, and the SELECT that reads each once. */
interface Shape {
  fields: Column[];
  select: string;
}
const shapes = new Map<string, Shape>();
function shapeOf(m: PfModule): Shape {
  let shape = shapes.get(m.moduleId);
  if (!shape) {
    const fields = m.view.columns.filter((c) => !c.isHidden);
    // The case's own columns and the source's fields, each read once (a row's values cost most in their conversion to JavaScript).
    const select = [...Object.values(CASE_FIELDS), 'version', 'tag_list'].map((col) => `c.${col}`).concat(fields.map((c) => `${readExpr(c)} AS "r_${c.key}"`)).join(', ');
    shapes.set(m.moduleId, (shape = { fields, select }));
  }
  return shape;
}
const FROM = 'cases c';

/**
 * A module's view narrowed to a queue tag's cases: the view's rows condition keeps the module's
 * cases apart from the other modules' in the table, and the states keep the queue's.
 */
export function queueView(m: PfModule, tag: QueueTag): SmartModule {
  if (tag === 'All') return m.view;
  return { ...m.view, rows: [...[m.view.rows ?? []].flat(), { column: 'state', value: STATES_OF_TAG[tag] }] };
}

/** The cases of a queue tag that the filters and the caller's claims let through: one table, its own copy of the response. */
const scan = (m: PfModule, tag: QueueTag, filters: SmartFilter[], claims: Claim[] | null): Where => buildWhere(queueView(m, tag), filters, claims);

/** A case row with its response as one record: the response's fields, the case's, and its tags. */
function toRecord(m: PfModule, row: Record<string, unknown>): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (const c of shapeOf(m).fields) {
    const v = row[`r_${c.key}`];
    record[c.key] = dataTime(v) ?? null;
  }
  return { ...record, ...caseProperties(row), Tags: tagsOfRow(row) };
}

/** The case's tags, kept on the case as one text (a tag may not hold a comma). */
const tagsOfRow = (row: Record<string, unknown>): string[] => (row.tag_list ? String(row.tag_list).split(',') : []);

/** A sort key: a case field or a field of the response (anything else is a 400). */
function sortColumn(m: PfModule, key: string): string {
  // Own keys only: 'constructor' or 'toString' is in every object, and is no case field.
  if (Object.hasOwn(CASE_FIELDS, key)) return `c.${CASE_FIELDS[key as CaseFieldKey]}`;
  const col = columnByKey(m.view, key);
  if (!col) throw badRequest(`Unknown sort field "${key}".`);
  return `c.${col.column}`;
}

export interface Selection {
  skip: number;
  top: number;
  orderByFields: string[];
  orderByOperator: 'ASC' | 'DESC';
  smartFilters: SmartFilter[];
  /** Only the open cases past a deadline, or with one before the day is out. */
  due?: 'overdue' | 'today';
}

/** Who is asking, and when: "My cases" are theirs, and "overdue" is as of now. */
export interface Viewer {
  userId: string;
  now: Date;
}

/**
 * The queue's own narrowing beyond its states: the caller's cases for My cases, and the deadline
 * filters (a first response is due only until someone responds; the resolution until it closes).
 */
function narrow(w: Where, queue: Queue, s: Pick<Selection, 'due'>, viewer: Viewer | undefined): void {
  if (queue.tag === 'Mine') w.add(`c.allocated_to_user_id = ${w.bind(viewer?.userId ?? '')}`);
  if (!s.due || !viewer) return;
  const by = w.bind(s.due === 'overdue' ? viewer.now : endOfDay(viewer.now, portalTimeZone()));
  w.add(`c.state IN (${OPEN.map((x) => w.bind(x)).join(', ')})`);
  w.add(`((c.first_responded_at IS NULL AND c.first_response_due_at < CAST(${by} AS TIMESTAMP)) OR c.resolution_due_at < CAST(${by} AS TIMESTAMP))`);
}

/**
 * Reads a page's cases in full, given in order by the narrow query. DuckDB reads columns, so 100
 * scattered rows cost a scan: when the page's rows lie close together (the seed writes cases in
 * date order, so a page of the default orders is one short range) it reads that row-id range and
 * keeps the page's rows. Otherwise, and on PostgreSQL, it reads them by key; a row that moved in
 * between is read by its key too.
 */
async function fullRows(db: Db, m: PfModule, page: Array<{ pid: string; rid?: number }>) {
  if (!page.length) return [];
  const ids = page.map((p) => p.pid);
  const SELECT = shapeOf(m).select;
  const byKey = (keys: string[]) => db.query(`SELECT ${SELECT} FROM ${FROM} WHERE c.pfo_id IN (${keys.map((_, i) => `$${i + 1}`).join(', ')})`, keys);
  const rids = page.map((p) => Number(p.rid));
  const [low, high] = [Math.min(...rids), Math.max(...rids)];
  let rows = db.engine === 'duckdb' && high - low < NEAR ? await db.query(`SELECT ${SELECT} FROM ${FROM} WHERE c.rowid BETWEEN $1 AND $2`, [low, high]) : await byKey(ids);
  const found = new Map(rows.map((r) => [String(r.pfo_id), r]));
  if (ids.some((id) => !found.has(id))) rows = await byKey(ids);
  for (const r of rows) found.set(String(r.pfo_id), r);
  return ids.map((id) => found.get(id)).filter((r): r is Record<string, unknown> => !!r);
}
/** Rows this close (by row id) are read as one range: a few of DuckDB's 2,048-row vectors. */
const NEAR = 4096;

/**
 * One page of a queue: its record count and its cases in order (the response id breaks ties).
 * The page is found over the narrow sort columns (through the position index when one serves the
 * set, so a deep page costs what the first does), then only its rows are read in full.
 */
export async function queuePage(db: Db, m: PfModule, queue: Queue, s: Selection, claims: Claim[] | null, viewer?: Viewer) {
  const w = scan(m, queue.tag, s.smartFilters, claims);
  narrow(w, queue, s, viewer);
  const fields = s.orderByFields.length ? s.orderByFields : [queue.defaultOrderBy.fieldKey];
  const desc = s.orderByOperator === 'DESC';
  const keys: SortKey[] = [...fields.map((f) => ({ expr: sortColumn(m, f), desc })), { expr: 'c.source_object_id', desc }];
  const select = `c.pfo_id AS pid${db.engine === 'duckdb' ? ', c.rowid AS rid' : ''}`;
  // The count, and a fingerprint of the set's state: any action moves its case's last action time.
  const [count] = await db.query<{ n: number; v: string | null }>(`SELECT count(*) AS n, CAST(max(c.last_actioned_at) AS VARCHAR) AS v FROM ${FROM} ${w.sql}`, w.params);
  const recordCount = Number(count.n);
  const fingerprint = `${recordCount}|${count.v}`;
  let page = await seekPage(db, { select, from: FROM, where: w, keys, skip: s.skip, top: s.top, fingerprint });
  // A page short of what the count promises was read from samples of a set that changed since.
  if (!page || page.length < Math.min(s.top, recordCount - s.skip)) {
    const q = w.clone();
    page = await db.query(`SELECT ${select} FROM ${FROM} ${q.sql} ORDER BY ${orderBy(keys)} LIMIT ${q.bind(s.top)} OFFSET ${q.bind(s.skip)}`, q.params);
  }
  const rows = await fullRows(db, m, page as Array<{ pid: string; rid?: number }>);
  return { recordCount, data: rows.map((r) => toRecord(m, r)) };
}

/** Each queue's count under the filters and claims (one scan, counted by state; the caller's own by owner too). */
export async function queueCounts(db: Db, m: PfModule, filters: SmartFilter[], claims: Claim[] | null, userId = '') {
  const w = scan(m, 'All', filters, claims);
  const mine = w.bind(userId);
  const rows = await db.query<{ state: string; n: number; mine: number }>(
    `SELECT c.state AS state, count(*) AS n, count(*) FILTER (WHERE c.allocated_to_user_id = ${mine}) AS mine FROM ${FROM} ${w.sql} GROUP BY c.state`,
    w.params,
  );
  const byState = new Map(rows.map((r) => [r.state, r]));
  const count = (tag: QueueTag) => STATES_OF_TAG[tag].reduce((n, s) => n + Number((tag === 'Mine' ? byState.get(s)?.mine : byState.get(s)?.n) ?? 0), 0);
  return QUEUES.map((q) => ({ tag: q.tag, name: q.name, count: count(q.tag) }));
}

/** The case of a response, when the caller's claims reach its response; undefined otherwise (a 404, never a 403). */
export async function findCase(q: Queryable, m: PfModule, sourceObjectId: number, claims: Claim[] | null) {
  const w = scan(m, 'All', [], claims);
  w.add(`c.source_object_id = ${w.bind(sourceObjectId)}`);
  const [row] = await q.query(`SELECT ${shapeOf(m).select} FROM ${FROM} ${w.sql}`, w.params);
  return row ? { row, record: toRecord(m, row), module: m } : undefined;
}

/** The same by the case's own id (history, actions). */
export async function findCaseById(q: Queryable, pfoId: string, claims: Claim[] | null) {
  const [hit] = await q.query<{ source_object_id: number; module_id: string }>('SELECT source_object_id, module_id FROM cases WHERE pfo_id = $1', [pfoId]);
  const m = hit && pfModule(hit.module_id);
  return m ? findCase(q, m, Number(hit.source_object_id), claims) : undefined;
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
    actionedAt: dataTime(r.actioned_at),
    version: Number(r.version),
  };
}

/** The response fields as schema fields, with the case fields after them (spec part 3, schema field). */
export function schemaFields(m: PfModule) {
  const response = shapeOf(m).fields.map((c, i) => ({
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
export async function tagSuggestions(db: Db, m: PfModule, claims: Claim[] | null) {
  const w = scan(m, 'All', [], claims);
  const rows = await db.query<{ tag_value: string; n: number }>(
    `SELECT t.tag_value AS tag_value, count(*) AS n FROM case_tags t JOIN ${FROM} ON c.pfo_id = t.pfo_id ${w.sql} GROUP BY t.tag_value ORDER BY count(*) DESC, t.tag_value LIMIT 200`,
    w.params,
  );
  return rows.map((r) => ({ TagId: r.tag_value, TagLevelOne: r.tag_value, InputSource: 'UserDefined', Category: 'UserDefined', count: Number(r.n) }));
}

/** A queue's cases in order, a chunk at a time (for exports: memory stays at one chunk). */
export async function* queueChunks(db: Db, m: PfModule, queue: Queue, filters: SmartFilter[], claims: Claim[] | null, viewer?: Viewer, chunk = 5000) {
  const order = { orderByFields: [queue.defaultOrderBy.fieldKey], orderByOperator: queue.defaultOrderBy.operatorAsString, smartFilters: filters };
  for (let skip = 0; ; skip += chunk) {
    const { data } = await queuePage(db, m, queue, { ...order, skip, top: chunk }, claims, viewer);
    if (data.length) yield data;
    if (data.length < chunk) return;
  }
}

/** The columns of a queue's workbook: the response's fields, then the case's state, people and tags. */
export function exportColumns(m: PfModule) {
  const text = (key: string, name: string, typeName: 'String' | 'DateTime' = 'String') => ({ key, name, column: key, typeName });
  return [
    ...shapeOf(m).fields,
    text('State', 'State'), text('AllocatedToUserName', 'Assigned to'), text('LastActionName', 'Last action'), text('LastActionedAt', 'Last action at', 'DateTime'),
    text('LastActionedByUserName', 'Last action by'), text('TagList', 'Tags'),
  ];
}
