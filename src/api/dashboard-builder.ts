import { request, type ApiTarget, type RequestOptions } from './client';
import type { BadRequest } from './errors';
import type { SmartFilter } from '../stores/filters';
import type { LayoutItem, VisualDefinition, VisualItem } from './visual-types';

/** The dashboard builder's contract (issue 46): /api/dashboards, shared by the server and the builder. */

type Maybe<T> = Promise<T | BadRequest>;
/** The builder's calls: a 5xx rejected to it (`inline`, its unsaved draft stays on screen), a preview aborted when overtaken. */
type CallOptions = Pick<RequestOptions, 'inline' | 'signal'>;
const seg = (s: string) => encodeURIComponent(s);

/** What a dashboard draws: its tiles and its named layouts (the body the builder edits). */
export interface DashboardBody {
  definitions: VisualDefinition[];
  layouts: Record<string, LayoutItem[]>;
}

/** Who a dashboard is shared with: a role or a group, to view or to edit. */
export interface DashboardShare {
  kind: 'role' | 'group';
  /** The role's name, or the group's id. */
  id: string;
  /** The role's or group's name, as shown (answers only). */
  name?: string;
  access: 'view' | 'edit';
}

/** One line of GET /api/dashboards. */
export interface DashboardSummary {
  id: string;
  name: string;
  description: string;
  moduleId: string;
  moduleName: string;
  /** Who made it; null for the portal's own (seeded, starter) dashboards. */
  ownerId: string | null;
  /** The published version's number; null while it is a draft never published. */
  publishedVersion: number | null;
  /** The draft holds changes not yet published. */
  hasDraft: boolean;
  updatedAt: string | null;
  /** Where it opens (its menu address, else /dashboard/{id}/). */
  url: string;
  mayEdit: boolean;
}

export interface DashboardVersion {
  version: number;
  publishedAt: string;
  publishedBy: string | null;
}

/** GET /api/dashboards/{id}: everything the builder needs. */
export interface DashboardDocument extends DashboardSummary {
  /** The draft (the published body when there are no unpublished changes). */
  draft: DashboardBody;
  /** What viewers see; null before the first publish. */
  published: DashboardBody | null;
  versions: DashboardVersion[];
  /** Every viewer with a dashboard role sees it (the portal's own dashboards). */
  everyone: boolean;
  shares: DashboardShare[];
  /** Sharing is the administrators' (GlobalAdmin, PortalAdmin). */
  mayShare: boolean;
}

/** A column of a source as the builder offers it (from the source's roles). */
export interface BuilderField {
  key: string;
  name: string;
  typeName: 'String' | 'Number' | 'DateTime';
  role: 'score' | 'driver' | 'verbatim' | 'dimension' | 'customer' | 'attribute' | null;
  /** A score's or driver's kind and scale. */
  score?: { kind: 'NPS' | 'Rating' | 'CSAT' | 'CES' | 'Sentiment'; min?: number; max?: number };
  /** Offered as a filter (can break a measure down). */
  dimension: boolean;
  /** A row may have several values (Topic): a tile's filter, never its axis, series or share (the server refuses them). */
  multiValued?: boolean;
  /** A level of the source's hierarchy (1 is the top). */
  hierarchy?: { name: string; level: number };
  /** Up to 50 of its values, most frequent first (dimensions only): for "share of a value" and tile filters. */
  values?: string[];
}

/** GET /api/dashboards/fields/{moduleId}: the words the builder's tile settings are made of. */
export interface BuilderFields {
  moduleId: string;
  name: string;
  dateKey: string;
  /** A reviews source: its review tiles can be offered. */
  reviews: boolean;
  fields: BuilderField[];
}

/** The JSON file of GET /api/dashboards/{id}/export and POST /api/dashboards/import (schema: /api/dashboards/schema.json). */
export interface DashboardFile {
  $schema?: string;
  schemaVersion: 1;
  name: string;
  description: string;
  dataSource: { id: string; name: string; columns: Array<{ key: string; name: string; typeName: string; role: string | null }> };
  dashboard: DashboardBody;
}

export const listDashboards = (target?: ApiTarget): Maybe<{ items: DashboardSummary[] }> => request('GET', '/api/dashboards', { target });
export const createDashboard = (body: { name: string; description?: string; moduleId: string; dashboard?: DashboardBody }, target?: ApiTarget): Maybe<DashboardDocument> =>
  request('POST', '/api/dashboards', { json: body, target });
export const getDashboard = (id: string, target?: ApiTarget, call?: CallOptions): Maybe<DashboardDocument> => request('GET', `/api/dashboards/${seg(id)}`, { target, ...call });
/** Autosave, rename and sharing: only the fields given change. `draftOf` is the draft's `updatedAt` it was edited from (a stale one gets a 409). */
export const updateDashboard = (
  id: string,
  body: { name?: string; description?: string; draft?: DashboardBody; everyone?: boolean; shares?: DashboardShare[]; draftOf?: string | null },
  target?: ApiTarget,
  call?: CallOptions,
): Maybe<DashboardDocument> => request('PUT', `/api/dashboards/${seg(id)}`, { json: body, target, ...call });
export const deleteDashboard = (id: string, target?: ApiTarget): Maybe<{ deleted: true }> => request('DELETE', `/api/dashboards/${seg(id)}`, { target });
/** Publishes the draft; `draftOf` names the draft the publisher saw (a newer one is a 409, not published unseen). */
export const publishDashboard = (id: string, body: { draftOf?: string | null } = {}, target?: ApiTarget, call?: CallOptions): Maybe<DashboardDocument> =>
  request('POST', `/api/dashboards/${seg(id)}/publish`, { json: body, target, ...call });
/** Makes an older version the published one again (a new version, a copy of it); the draft is dropped. */
export const restoreDashboardVersion = (id: string, version: number, target?: ApiTarget, call?: CallOptions): Maybe<DashboardDocument> =>
  request('POST', `/api/dashboards/${seg(id)}/versions/${version}/restore`, { json: {}, target, ...call });
/** A copy (a draft of the caller's); into another source with the same roles, its columns matched by key, then by name. */
export const duplicateDashboard = (id: string, body: { name: string; moduleId?: string }, target?: ApiTarget): Maybe<DashboardDocument> =>
  request('POST', `/api/dashboards/${seg(id)}/duplicate`, { json: body, target });
export const exportDashboard = (id: string, target?: ApiTarget): Maybe<DashboardFile> => request('GET', `/api/dashboards/${seg(id)}/export`, { target });
/** A file into this portal: onto `moduleId` (else the source of the file's id), its columns matched by key, then by name. */
export const importDashboard = (body: { file: DashboardFile; moduleId?: string; name?: string }, target?: ApiTarget): Maybe<DashboardDocument> =>
  request('POST', '/api/dashboards/import', { json: body, target });
export const builderFields = (moduleId: string, target?: ApiTarget, call?: CallOptions): Maybe<BuilderFields> => request('GET', `/api/dashboards/fields/${seg(moduleId)}`, { target, ...call });
/** One tile drawn from a definition not saved yet (the gallery's and the settings' live previews), under the caller's claims. */
export const previewTile = (body: { moduleId: string; visual: VisualDefinition; smartFilters: SmartFilter[] }, target?: ApiTarget, call?: CallOptions): Maybe<VisualItem> =>
  request('POST', '/api/dashboards/preview', { json: body, target, ...call });
