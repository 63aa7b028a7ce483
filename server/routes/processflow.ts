import { Hono, type Context } from 'hono';
import { localiseMessage, requestLang } from '../i18n';
import type { Env } from '../context';
import { notFound } from '../http/errors';
import { readBody, z } from '../http/validate';
import { recordsBody } from './dataviewer';
import { smartDataRoutesOver } from './smartdata';
import { exportColumns, findCase, findCaseById, historyOf, queueChunks, queueCounts, queuePage, queueView, schemaFields, tagSuggestions } from '../processflow/cases';
import { badRequest } from '../http/errors';
import { check } from '../http/validate';
import { describe, exportRunner } from './exports';
import { smartFilters } from './dataviewer';
import type { ExportStore } from '../export/store';
import { MAX_EXPORT_ROWS, writeRecordsWorkbook } from '../export/xlsx-records';
import { valuesOf } from '../smartdata/records';
import { actorOf, performAction, processFlowObject } from '../processflow/actions';
import { closingOf } from '../processflow/closing';
import { caseWorkRoutes } from './case-work';
import { allocationsByRole, byName, colleaguesFor } from '../processflow/people';
import { QUEUES, queueByName, queuesOf } from '../processflow/queues';
import { CASES_MODULE, pfModule, type PfModule } from '../processflow/modules';
import { permittedActionGroups, type CaseState } from '../processflow/workflow';
import { localiseFields, localiseGroups, localiseHistory } from '../processflow/localise';

/** A process-flow module by id (cases, reviews); a 404 for any other. */
function moduleNamed(id: string): PfModule {
  const m = pfModule(id);
  if (!m) throw notFound(`No process-flow module "${id}".`);
  return m;
}
const caseModule = (c: Context<Env>) => moduleNamed(c.req.param('moduleId') ?? '');

function queueOf(c: Context<Env>) {
  const m = caseModule(c);
  const queue = queueByName(c.req.param('queueName') ?? '');
  if (!queue) throw notFound(`No queue "${c.req.param('queueName')}".`);
  return { m, queue };
}

/** A case the caller may see, by its response id; a 404 for one outside their claims, as for one that does not exist. */
async function caseOf(c: Context<Env>) {
  const m = caseModule(c);
  const id = Number(c.req.param('sourceObjectId'));
  const found = Number.isSafeInteger(id) ? await findCase(c.var.deps.db, m, id, c.var.user.claims) : undefined;
  if (!found) throw notFound('No such case.');
  return found;
}

/**
 * The colleagues who may open the case that `?moduleId&sourceObjectId` name (404 for one the caller
 * cannot open), or without a case every case the caller may open.
 */
async function colleaguesOf(c: Context<Env>) {
  const { db } = c.var.deps;
  const m = moduleNamed(c.req.query('moduleId') ?? CASES_MODULE);
  const given = c.req.query('sourceObjectId');
  if (given === undefined) return colleaguesFor(db, { module: m, callerClaims: c.var.user.claims });
  const id = Number(given);
  const found = given !== '' && Number.isSafeInteger(id) ? await findCase(db, m, id, c.var.user.claims) : undefined;
  if (!found) throw notFound('No such case.');
  return colleaguesFor(db, found);
}

/** The queue page's body: the records' selection, and the deadline filters (issue 45). */
const queueBody = recordsBody.extend({ due: z.enum(['overdue', 'today']).optional() });
const viewerOf = (c: Context<Env>) => ({ userId: c.var.user.id, now: c.var.deps.now() });

const actionBody = z.object({
  actionName: z.string().min(1, 'Choose an action.').max(100),
  actionProperties: z.string().max(20_000).optional(),
  comment: z.string().max(10_000).optional(),
  isSocial: z.boolean().optional(),
});

const exportQuery = z.object({ moduleId: z.string().min(1, 'moduleId is required').max(100), queue: z.string().min(1, 'queue is required').max(100), dateTime: z.string().max(40).default(''), author: z.string().max(200).optional() });

/**
 * A queue's cases as an .xlsx (spec part 3: POST /api/processflow/exporttoexcel, then GET
 * downloadexport with the id), for a queue that allows it; the same store and download as the
 * data viewer's exports.
 */
export function queueExportRoutes(store: ExportStore) {
  return new Hono<Env>().on('POST', ['/exporttoexcel', '/exporttoexcel/'], async (c) => {
    const q = check(exportQuery, c.req.query());
    const m = moduleNamed(q.moduleId);
    const queue = queueByName(q.queue);
    if (!queue) throw notFound(`No queue "${q.queue}".`);
    if (!queue.hasExport) throw badRequest(`The queue "${queue.name}" has no export.`);
    const body = await readBody(c, z.object({ SmartDataSelection: z.object({ smartFilters }).default({ smartFilters: [] }) }));
    const filters = body.SmartDataSelection.smartFilters;
    const { db } = c.var.deps;
    const { recordCount } = await queuePage(db, m, queue, { skip: 0, top: 1, orderByFields: [], orderByOperator: 'ASC', smartFilters: filters }, c.var.user.claims, viewerOf(c));
    if (recordCount > MAX_EXPORT_ROWS) throw badRequest(`${recordCount} records are more than a workbook holds (${MAX_EXPORT_ROWS}); narrow the filters.`);
    const dateTime = q.dateTime || c.var.deps.now().toISOString();
    const about = { title: `${m.view.name} (${queue.name})`, author: c.var.user.userName, dateTime, filters: describe(m.view, filters) };
    // Tags as one cell of text.
    const columns = exportColumns(m);
    async function* rows() {
      for await (const chunk of queueChunks(db, m, queue!, filters, c.var.user.claims, viewerOf(c))) yield valuesOf(columns, chunk.map((r) => ({ ...r, TagList: (r.Tags as string[]).join(', ') })));
    }
    return exportRunner(c, store, dateTime)(`${m.moduleId}_${queue.name}`, (file) => writeRecordsWorkbook(file, columns, rows(), about));
  });
}


/**
 * A queue's filter bar (`/smartdata/queue/New/filters/cases`): its counts are that queue's cases,
 * so "North (12)" in New leads to 12 cases.
 */
const queueData = new Hono<Env>();
for (const queue of QUEUES) queueData.route(`/${queue.name}`, smartDataRoutesOver((id) => queueView(moduleNamed(id), queue.tag)));

/** The process-flow calls of spec part 3 section 7 (PortalAdmin and PortalUser; claims on every case). */
export const processFlowRoutes = new Hono<Env>()
  .route('/smartdata/queue', queueData)
  // The queue's filter bar counts cases (not the responses behind them), under these roles only.
  .route(
    '/smartdata',
    smartDataRoutesOver((id) => moduleNamed(id).view),
  )
  .route('/', caseWorkRoutes)
  .get('/validUserAllocations', async (c) => c.json(allocationsByRole(await colleaguesOf(c))))
  .get('/validMentionableUsers', async (c) => c.json((await colleaguesOf(c)).map(byName)))
  .get('/getSourceObjectTags/:id', async (c) => {
    const id = Number(c.req.param('id'));
    // The spec's path names no module: the survey cases', unless ?moduleId names another.
    const m = moduleNamed(c.req.query('moduleId') ?? CASES_MODULE);
    const found = Number.isSafeInteger(id) ? await findCase(c.var.deps.db, m, id, c.var.user.claims) : undefined;
    if (!found) throw notFound('No such case.');
    return c.json(found.record.Tags);
  })
  .get('/schema/:moduleId/:queueName/:pf', (c) => c.json(localiseFields(requestLang(c), schemaFields(queueOf(c).m))))
  .get('/:moduleId/queues', (c) => c.json(queuesOf(caseModule(c))))
  .get('/:moduleId/queuecounts', async (c) => c.json(await queueCounts(c.var.deps.db, caseModule(c), [], c.var.user.claims, c.var.user.id)))
  .post('/:moduleId/queue/:queueName/:pf', async (c) => {
    const { m, queue } = queueOf(c);
    const body = await readBody(c, queueBody);
    const viewer = viewerOf(c);
    // The server's time: the page counts each case's clock from it, not from the browser's.
    return c.json({ ...(await queuePage(c.var.deps.db, m, queue, body, c.var.user.claims, viewer)), now: viewer.now.toISOString() });
  })
  .get('/:moduleId/processFlowObject/:sourceObjectId/:pf', async (c) => {
    const { row, record, module: m } = await caseOf(c);
    const queues = queuesOf(m);
    const queue = queues.find((q) => q.tag !== 'All' && c.req.param('pf') === q.name) ?? queues[queues.length - 1];
    const lang = requestLang(c);
    const actor = actorOf(c.var.user);
    return c.json({
      view: queue.view, processFlowObject: processFlowObject(row, record, m.social),
      permittedActionGroups: localiseGroups(lang, permittedActionGroups(String(row.state) as CaseState, m.social, actor.mayReopen)), schemaFields: localiseFields(lang, schemaFields(m)),
      closing: await closingOf(c.var.deps.db, m), now: c.var.deps.now().toISOString(),
    });
  })
  .get('/:moduleId/processFlowObjectHistory/:pfoId', async (c) => {
    const m = caseModule(c);
    const found = await findCaseById(c.var.deps.db, c.req.param('pfoId'), c.var.user.claims);
    if (!found || found.module !== m) throw notFound('No such case.');
    return c.json(localiseHistory(requestLang(c), await historyOf(c.var.deps.db, c.req.param('pfoId'))));
  })
  .post('/:moduleId/processFlowObject/action/:pfoId', async (c) => {
    const m = caseModule(c);
    const body = await readBody(c, actionBody);
    const answer = await performAction(c.var.deps.db, actorOf(c.var.user), m, c.req.param('pfoId'), body, c.var.deps.now(), c.var.deps.publicOrigin);
    // Validation results are an answer, not an error: they are said in the request's language here.
    const lang = requestLang(c);
    if ('validationResults' in answer) answer.validationResults = answer.validationResults.map((r) => ({ messages: r.messages.map((m) => localiseMessage(lang, m)) }));
    else answer.actionHistoryRecord = localiseHistory(lang, [answer.actionHistoryRecord])[0];
    return c.json(answer);
  })
  .post('/:moduleId/markread/:sourceObjectId', async (c) => {
    const { row } = await caseOf(c);
    const { db, now } = c.var.deps;
    await db.query(
      `INSERT INTO case_reads (pfo_id, user_id, read_at) VALUES ($1, $2, CAST($3 AS TIMESTAMP))
       ON CONFLICT (pfo_id, user_id) DO UPDATE SET read_at = excluded.read_at`,
      [String(row.pfo_id), c.var.user.id, now()],
    );
    return c.json({ read: true });
  })
  .post('/:moduleId/getTags', async (c) => c.json(await tagSuggestions(c.var.deps.db, caseModule(c), c.var.user.claims)));
