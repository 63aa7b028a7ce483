import { Hono, type Context } from 'hono';
import { rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { Env } from '../context';
import { badRequest, notFound } from '../http/errors';
import { check, readBody, z } from '../http/validate';
import { columnByKey, moduleById, type SmartModule } from '../smartdata/schema';
import { countRecords, recordChunks } from '../smartdata/records';
import { analyticsData, measureByKey } from '../smartdata/analytics';
import { profileColumns, profileOf } from '../smartdata/profiles';
import type { SmartFilter } from '../smartdata/where';
import { writePivotWorkbook } from '../export/xlsx-pivot';
import { MAX_EXPORT_ROWS, writeRecordsWorkbook } from '../export/xlsx-records';
import type { ExportAbout } from '../export/about';
import { cancelExport, ownerOf, progressKey, readProgress, withProgress } from '../export/progress';
import type { ExportStore } from '../export/store';
import { analyticsBody, smartFilters } from './dataviewer';

const exportQuery = z.object({
  moduleId: z.string().min(1, 'moduleId is required').max(100),
  profile: z.string().min(1, 'profile is required').max(100),
  dateTime: z.string().max(40).default(''),
  author: z.string().max(200).optional(),
  hideRowTotals: z.enum(['true', 'false']).default('false'),
  hideColumnTotals: z.enum(['true', 'false']).default('false'),
  // Kept only by the records export (ownerOf), checked for both: no malformed input goes unread.
  progressKey: progressKey.optional(),
});

const recordsExportBody = z.object({
  ExportCols: z.array(z.string().min(1).max(100)).min(1, 'Choose at least one column to export.').max(100),
  SmartDataSelection: z.object({ smartFilters }).default({ smartFilters: [] }),
  SortBy: z.object({ fieldKey: z.string().max(100), operatorAsString: z.enum(['ASC', 'DESC']) }).nullable().default(null),
});

/** 'Region: North, South' lines from the filters, by column name; dates as from/to. */
export function describe(module: SmartModule, filters: SmartFilter[]): string[] {
  const byName = new Map<string, string[]>();
  for (const f of filters) {
    const name = columnByKey(module, f.filterKey)?.name ?? f.filterKey;
    const value = f.filterValueUpperBound != null ? `${f.filterValue ?? ''} to ${f.filterValueUpperBound}` : String(f.filterValue ?? '');
    byName.set(name, [...(byName.get(name) ?? []), value]);
  }
  return [...byName].map(([name, values]) => `${name}: ${values.join(', ')}`);
}

/** File names keep to letters, digits, '-' and '_'. */
const safe = (s: string) => s.replace(/[^A-Za-z0-9_-]+/g, '-').slice(0, 80);

function setUp(c: Context<Env>, store: ExportStore) {
  const q = check(exportQuery, c.req.query());
  const module = moduleById(c.var.deps.db, q.moduleId, c.var.user.roles);
  const profile = profileOf(module, q.profile);
  if (!profile.hasExport) throw badRequest(`The profile "${profile.name}" has no export.`);
  const dateTime = q.dateTime || c.var.deps.now().toISOString();
  // The file says who exported it: the signed-in user, whatever the query claims.
  const author = c.var.user.userName;
  const about = (title: string, filters: SmartFilter[]): ExportAbout => ({ title, author, dateTime, filters: describe(module, filters) });
  return { q, module, profile, about, run: exportRunner(c, store, dateTime) };
}

/**
 * Writes an export file into the store and answers its id; a failed write leaves no file behind.
 * Shared by the data viewer's exports and a queue's.
 */
export function exportRunner(c: Context<Env>, store: ExportStore, dateTime: string) {
  const { id, file } = store.reserve();
  return async (name: string, write: (file: string) => Promise<unknown>) => {
    try {
      await write(file);
    } catch (e) {
      await rm(file, { force: true });
      throw e;
    }
    await store.commit(id, file, name, c.var.user.id);
    return c.json({ exportId: id, name, dateTime });
  };
}

/** The export calls of spec part 2: each writes a workbook to the data directory and answers its id. */
export function exportRoutes(store: ExportStore) {
  return new Hono<Env>()
    .on('POST', ['/exporttoexcel', '/exporttoexcel/'], async (c) => {
      const body = await readBody(c, recordsExportBody);
      const { module, profile, about, run } = setUp(c, store);
      // Every input is checked here, before the workbook's file is opened: the rows are read lazily,
      // as the file is written, and a refusal found then once left a stream to fail on its own.
      const allowed = profileColumns(module, profile);
      const shown = (key: string, unknown: string) => allowed.find((col) => col.key.toLowerCase() === key.toLowerCase()) ?? (() => { throw badRequest(unknown); })();
      const columns = body.ExportCols.map((k) => shown(k, `Unknown column "${k}".`));
      const sort = body.SortBy ?? profile.defaultOrderBy;
      // Sorted only by a column the profile shows, as its grid is.
      const sortKey = shown(sort.fieldKey, `Unknown sort field "${sort.fieldKey}".`).key;
      const { smartFilters: filters } = body.SmartDataSelection;
      const claims = c.var.user.claims;
      const n = await countRecords(c.var.deps.db, module, { smartFilters: filters }, claims);
      if (n > MAX_EXPORT_ROWS) throw badRequest(`${n} records are more than a workbook holds (${MAX_EXPORT_ROWS}); narrow the filters.`);
      const order = { orderByFields: [sortKey], orderByOperator: sort.operatorAsString, smartFilters: filters };
      const chunks = withProgress(ownerOf(c), recordChunks(c.var.deps.db, module, order, claims, columns, n), n);
      return run(`records_${profile.name}`, (file) => writeRecordsWorkbook(file, columns, chunks, about(`Records (${profile.name})`, filters)));
    })
    // An export in writing: how far it has come, and its cancel (the export's own user only). A key
    // with no export in writing (not begun, ended, or another user's) answers `writing: false`.
    .get('/exportprogress/:key', async (c) => {
      const progress = await readProgress(c.var.deps.db, check(progressKey, c.req.param('key')), c.var.user.id);
      return c.json(progress ? { writing: true, ...progress } : { writing: false, written: 0, total: 0 });
    })
    .delete('/exportprogress/:key', async (c) => c.json({ cancelled: await cancelExport(c.var.deps.db, check(progressKey, c.req.param('key')), c.var.user.id) }))
    .on('POST', ['/analytics/exporttoexcel', '/analytics/exporttoexcel/'], async (c) => {
      const body = await readBody(c, analyticsBody);
      const { q, module, profile, about, run } = setUp(c, store);
      const data = await analyticsData(c.var.deps.db, module, body, c.var.user.claims);
      const measures = body.measureKeys.map((k) => measureByKey(module, k));
      const layout = {
        measures: measures.map((m) => ({ key: m.measureKey, name: m.measureName, format: m.format })),
        rowNames: body.rowDimensions.map((k) => columnByKey(module, k)!.name),
        hideRowTotals: q.hideRowTotals === 'true',
        hideColumnTotals: q.hideColumnTotals === 'true',
      };
      return run(`analytics_${profile.name}`, (file) => writePivotWorkbook(file, data, layout, about(`Analytics (${profile.name})`, body.smartFilters)));
    });
}

const downloadQuery = z.object({
  exportId: z.string().regex(/^[0-9a-f]{32}$/, 'exportId is not an export id.'),
  dateTime: z.string().max(40).default(''),
  name: z.string().max(100).default('export'),
});

/** GET /api/dataviewer/downloadexport: sends the file once, then removes it. The id is the credential (see ExportStore). */
export function downloadRoute(store: ExportStore) {
  return new Hono<Env>().on('GET', ['/downloadexport', '/downloadexport/'], async (c) => {
    const q = check(downloadQuery, c.req.query());
    const entry = await store.take(q.exportId);
    if (!entry) throw notFound('This export is no longer available: an export can be downloaded once, within an hour of making it.');
    const filename = `${safe(q.name || entry.name)}${q.dateTime ? `_${safe(q.dateTime)}` : ''}.xlsx`;
    return new Response(Readable.toWeb(Readable.from(entry.chunks)) as ReadableStream, {
      headers: {
        'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'content-disposition': `attachment; filename="${filename}"`,
        'content-length': String(entry.bytes),
        'cache-control': 'no-store',
      },
    });
  });
}
