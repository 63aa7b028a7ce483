import { z } from 'zod';
import type { Db } from '../db';
import type { Principal } from '../auth/tokens';
import { badRequest } from '../http/errors';
import { sourcesOf } from '../datasources/registry';
import type { DashboardBody, DashboardFile } from '../../src/api/dashboard-builder';
import { mapOnto } from './copy';
import { dashboardBody, MAX_DASHBOARD_BYTES, readDocument } from './store';
import { createDashboard, dashboardName } from './write';
import { sourceFor } from './access';

export const FILE_SCHEMA_PATH = '/api/dashboards/schema.json';
export const DASHBOARD_IMPORT_PATH = '/api/dashboards/import';
/** The requests that carry a whole dashboard (create, save, import): one size limit for all of them (server/app.ts). */
export const carriesDashboard = (path: string) => path === DASHBOARD_IMPORT_PATH || (/^\/api\/dashboards(\/[^/]+)?$/.test(path) && path !== '/api/dashboards/preview');
/** A dashboard file is at most as large as a dashboard (server/app.ts limits the request by it). */
export const MAX_FILE_BYTES = MAX_DASHBOARD_BYTES;

const text = (max: number) => z.string().max(max);

/** The file of an export and an import (version 1): what the server checks, published as JSON Schema. */
export const dashboardFile = z.object({
  $schema: text(300).optional(),
  schemaVersion: z.literal(1, { message: 'schemaVersion must be 1.' }),
  name: dashboardName,
  description: text(500).default(''),
  dataSource: z.object({
    id: text(100),
    name: text(200),
    columns: z.array(z.object({ key: text(100), name: text(200), typeName: text(20), role: text(20).nullable() })).max(2000),
  }),
  dashboard: dashboardBody,
});

/**
 * The file's JSON Schema (GET /api/dashboards/schema.json). The checks across fields (a visual
 * draws its kinds of query, tile names are unique, the size) are not in it: an import answers those.
 */
export const fileJsonSchema = () => z.toJSONSchema(dashboardFile, { io: 'input', unrepresentable: 'any' });

/** POST /api/dashboards/import. */
export const importBody = z.object({ file: z.unknown(), moduleId: text(100).optional(), name: dashboardName.optional() });

/** GET /api/dashboards/{id}/export: what the caller sees of it (an editor its draft), with its source's columns. */
export async function exportDashboard(db: Db, user: Principal, id: string): Promise<{ dashboardId: string; file: DashboardFile }> {
  const doc = await readDocument(db, user, id);
  const source = sourcesOf(db).get(doc.moduleId);
  const columns = (source?.columns ?? []).filter((c) => !c.isHidden).map((c) => ({ key: c.key, name: c.name, typeName: c.typeName, role: c.role ?? null }));
  const file: DashboardFile = {
    $schema: FILE_SCHEMA_PATH,
    schemaVersion: 1,
    name: doc.name,
    description: doc.description,
    dataSource: { id: doc.moduleId, name: doc.moduleName, columns },
    dashboard: doc.draft, // what the caller sees: an editor's draft, a viewer's published body
  };
  return { dashboardId: doc.id, file };
}

/** A file as a new draft of the caller's: onto `moduleId`, else the source of the file's id; columns by key, then by name. */
export async function importDashboard(db: Db, user: Principal, input: z.infer<typeof importBody>, now: Date): Promise<string> {
  const parsed = dashboardFile.safeParse(input.file);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw badRequest(`This is not a dashboard file: ${issue.path.length ? `${issue.path.join('.')}: ` : ''}${issue.message}`);
  }
  const file = parsed.data;
  // A source of the file's id the caller may not read is answered as one the portal lacks.
  const target = input.moduleId
    ? sourceFor(db, user, input.moduleId)
    : sourceFor(db, user, file.dataSource.id, `This portal has no data source "${file.dataSource.id}" for you: choose one to import the dashboard onto.`);
  const body = mapOnto(file.dashboard as DashboardBody, file.dataSource.columns, target);
  return createDashboard(db, user, { name: input.name ?? file.name, description: file.description, module: target, body }, now);
}
