import { request, type ApiTarget } from './client';
import type { BadRequest } from './errors';
import type { TextAnalysisProgress } from './text-topics';

/** Data sources (issue 44): the contract of /api/datasources, as docs/api.md describes it. */

export type ColumnRole = 'score' | 'driver' | 'verbatim' | 'dimension' | 'customer' | 'attribute';
export type ScoreKind = 'NPS' | 'Rating' | 'CSAT' | 'CES' | 'Sentiment';
export type TypeName = 'String' | 'Number' | 'DateTime';
export type SourceState = 'empty' | 'ready' | 'importing' | 'failed';
export type ImportState = 'running' | 'done' | 'failed' | 'cancelled';
export type ImportMode = 'append' | 'replace';

export const COLUMN_ROLES: readonly ColumnRole[] = ['score', 'driver', 'verbatim', 'dimension', 'customer', 'attribute'];
export const SCORE_KINDS: readonly ScoreKind[] = ['NPS', 'Rating', 'CSAT', 'CES', 'Sentiment'];

export interface Score {
  kind: ScoreKind;
  min?: number;
  max?: number;
}
export interface Hierarchy {
  name: string;
  level: number;
}

/** A column of a stored source. */
export interface SourceColumn {
  key: string;
  name: string;
  typeName: TypeName;
  role: ColumnRole;
  score?: Score;
  claimType?: string;
  hierarchy?: Hierarchy;
  hidden: boolean;
  /** Computed by the portal from the comments (Sentiment, Topic): shown, never edited. */
  derived?: 'text' | 'topic';
}

export interface DataSource {
  id: string;
  name: string;
  builtin: boolean;
  state: SourceState;
  rows: number;
  lastImportAt: string | null;
  roles: string[];
  dateKey: string | null;
  columns: SourceColumn[];
}

export interface Dependents {
  dashboards: Array<{ id: string; name: string }>;
  favourites: number;
  alerts: number;
}

/** A column as the preview proposes it (and `POST /api/datasources` takes it back). */
export interface ProposedColumn {
  key: string;
  name: string;
  typeName: TypeName;
  role: ColumnRole;
  score?: Score;
  hidden?: boolean;
  whole?: boolean;
  date?: { format: string; ambiguous?: boolean; candidates?: string[] };
  claimType?: string;
  hierarchy?: Hierarchy;
}

/** A definition: the preview's, as the user confirmed or changed it. */
export interface Definition {
  name: string;
  format?: string;
  encoding?: string;
  delimiter?: string;
  decimalSeparator?: string;
  sheet?: string;
  source?: string | null;
  headerRows?: number;
  idColumn: string | null;
  dateKey: string | null;
  columns: ProposedColumn[];
  roles?: string[];
  badValues?: 'refuse' | 'empty';
}

export type Cell = string | number | null;

export interface Preview {
  definition: Definition;
  rows: Array<Record<string, Cell>>;
  sampledRows: number;
  notes: string[];
}

export interface Refusal {
  line: number;
  column: string;
  reason: string;
}

export interface ImportSummary {
  importId: string;
  state: ImportState;
  mode: ImportMode;
  fileName: string | null;
  rowsRead: number;
  rowsWritten: number;
  rowsRefused: number;
  startedAt: string;
  finishedAt: string | null;
}

export interface ImportStatus extends ImportSummary {
  sourceId: string;
  refused: Refusal[];
  message?: string;
  /** The source's starter dashboard, once one is made. */
  dashboardId?: string | null;
}

export interface ColumnChange {
  key: string;
  name?: string;
  role?: ColumnRole;
  score?: Score;
  hidden?: boolean;
  /** null takes a claim type or hierarchy level away. */
  claimType?: string | null;
  hierarchy?: Hierarchy | null;
}
export interface SourceChange {
  name?: string;
  roles?: string[];
  columns?: ColumnChange[];
}

type Maybe<T> = Promise<T | BadRequest>;
const BASE = '/api/datasources';
const seg = encodeURIComponent;
const one = (id: string) => `${BASE}/${seg(id)}`;
const importPath = (id: string, importId: string) => `${one(id)}/imports/${seg(importId)}`;

export const listSources = (target?: ApiTarget): Maybe<DataSource[]> => request('GET', BASE, { target });
/** One source with what depends on it and, when it has a verbatim, how far the analysis of its comments has come (else null). */
export const getSource = (id: string, target?: ApiTarget): Maybe<DataSource & { dependents: Dependents; textAnalysis?: TextAnalysisProgress | null }> =>
  request('GET', one(id), { target });
export const createSource = (definition: Definition, target?: ApiTarget): Maybe<DataSource> => request('POST', BASE, { json: definition, target });
export const updateSource = (id: string, change: SourceChange, target?: ApiTarget): Maybe<DataSource> => request('PATCH', one(id), { json: change, target });
export const deleteSource = (id: string, target?: ApiTarget): Maybe<{ deleted: string }> => request('DELETE', one(id), { target });

/** Reads a file and proposes a definition; nothing is written. The file is the body (no time limit: it may be large). */
export const previewFile = (file: File, target?: ApiTarget): Maybe<Preview> =>
  request('POST', `${BASE}/preview?name=${seg(file.name)}`, { body: file, timeout: false, target });

/** Starts an import of `file` into the source: 202 with its id; then poll `getImport`. */
export const startImport = (id: string, file: File, mode: ImportMode, target?: ApiTarget): Maybe<{ importId: string }> =>
  request('POST', `${one(id)}/imports?mode=${mode}&name=${seg(file.name)}`, { body: file, timeout: false, target });

export const listImports = (id: string, target?: ApiTarget): Maybe<ImportSummary[]> => request('GET', `${one(id)}/imports`, { target });
export const getImport = (id: string, importId: string, target?: ApiTarget): Maybe<ImportStatus> => request('GET', importPath(id, importId), { target });
export const cancelImport = (id: string, importId: string, target?: ApiTarget): Maybe<{ state: 'cancelled' }> => request('DELETE', importPath(id, importId), { target });
/** Makes the source's starter dashboard from its roles (the score over time, by each level, the drivers, the latest comments). */
export const makeStarterDashboard = (id: string, target?: ApiTarget): Maybe<{ dashboardId: string; url: string }> => request('POST', `${one(id)}/dashboard`, { target });
/** The refused rows as CSV text (line, column, reason, value). */
export const refusedCsv = (id: string, importId: string, target?: ApiTarget): Maybe<string> => request('GET', `${importPath(id, importId)}/refused.csv`, { target });
