import type { SmartModule } from '../smartdata/schema';
import { CASE_OUTCOMES_SOURCE } from '../datasources/builtin/case-outcomes';

/** What a scoped (embed) access token may read: these elements, over these modules and dashboards. */
export interface EmbedScope {
  elements: string[];
  modules: string[];
  dashboards: string[];
}

/**
 * A call of an element: the path, and where it names its module or dashboard (a path segment, or a
 * query parameter), or 'body' when the module is in the request's body, which the route checks
 * with `scopedSource` once it has read it.
 */
type Family = { pattern: RegExp; names: 'module' | 'dashboard' | 'body'; query?: string };

export const SCOPE_REFUSED = 'This embed token may not read this: it is scoped to other elements, modules or dashboards.';

const smartData: Family = { pattern: /^\/api\/smartdata\/(?:filters|filter|lastRecordedDate)\/([^/]+)/, names: 'module' };
const dataSource: Family = { pattern: /^\/api\/dashboard\/datasource\/([^/]+)$/, names: 'module' };
/** The highlighted words of the comments an element shows (issue 49: records, a case, a review feed tile): the source is the body's sourceId. */
const highlights: Family = { pattern: /^\/api\/text\/highlights$/, names: 'body' };
/** The topic-impact tile's figures (issue 49); the taxonomy itself stays the administrators'. */
const topicImpact: Family = { pattern: /^\/api\/datasources\/([^/]+)\/topics\/impact$/, names: 'module' };
const tile: Family[] = [{ pattern: /^\/api\/dashboard\/visuals\/([^/]+)\//, names: 'module' }, dataSource, smartData, highlights, topicImpact];
const viewer: Family[] = [
  { pattern: /^\/api\/dataviewer\/(?:data|cards|schema|analytics\/parameters|analytics\/data)\/([^/]+)\//, names: 'module' },
  { pattern: /^\/api\/dataviewer\/profiles\/([^/]+)$/, names: 'module' },
  dataSource,
  smartData,
  highlights,
];
/** A case module's queues, cases, their history (not its CSV export) and the actions on them, the queue's filter bar, and the colleagues to assign to. */
const cases: Family[] = [
  { pattern: /^\/api\/processflow\/([^/]+)\/(?:queues|queuecounts|queue\/[^/]+\/[^/]+|processFlowObject\/[^/]+\/[^/]+|processFlowObjectHistory\/[^/]+|processFlowObject\/action\/[^/]+|markread\/[^/]+|getTags|bulkaction|emailpreview\/[^/]+)$/, names: 'module' },
  { pattern: /^\/api\/processflow\/smartdata\/(?:queue\/[^/]+\/)?(?:filters|filter|lastRecordedDate)\/([^/]+)/, names: 'module' },
  { pattern: /^\/api\/processflow\/(?:validUserAllocations|validMentionableUsers)$/, names: 'module', query: 'moduleId' },
];

/** The calls each embeddable element makes, and which path segment (or query parameter) names the module or dashboard. */
export const ELEMENT_CALLS: ReadonlyMap<string, readonly Family[]> = new Map([
  ['cx-visual', tile],
  ['cx-dashboard', [{ pattern: /^\/api\/dataviz\/(?:visuals|smartFilterDataSource)\/([^/]+)/, names: 'dashboard' }, smartData, highlights, topicImpact]],
  ['cx-smart-filter-bar', [smartData, dataSource]],
  // The review tiles, the like-for-like report and the demo wall are single visuals of their module.
  ...['cx-review-feed', 'cx-review-ratings', 'cx-review-replies', 'cx-review-updates', 'cx-like-for-like', 'cx-demo-wall'].map((tag) => [tag, tile] as const),
  ['cx-data-viewer', viewer],
  ['cx-records-viewer', viewer],
  ['cx-card-viewer', viewer],
  ['cx-analytics-viewer', viewer],
  ['cx-queue', cases],
  ['cx-record-detail', [...cases, highlights]],
]);

/**
 * Calls every element may make whatever its scope: telemetry, the claim filters (the token's own
 * claim types and values, for a filter bar), and whether favourites are available (they are not).
 */
const ALWAYS = [/^\/api\/telemetry$/, /^\/api\/filter$/, /^\/api\/favourites\/available\/Favourites$/];

/**
 * True when a scoped token may make this call: the path belongs to one of its elements and names
 * one of its modules or dashboards. Everything else (users, settings of the user, other modules,
 * exports) is out of reach.
 */
export function scopeAllows(scope: EmbedScope, path: string, query: (key: string) => string | undefined = () => undefined): boolean {
  if (ALWAYS.some((re) => re.test(path))) return true;
  for (const element of scope.elements) {
    for (const family of ELEMENT_CALLS.get(element) ?? []) {
      const match = family.pattern.exec(path);
      if (!match) continue;
      if (family.names === 'body') return true;
      const name = family.query ? query(family.query) : decodeSegment(match[1]);
      if (name === undefined) continue;
      if (family.names === 'module' ? scope.modules.includes(name) : scope.dashboards.some((d) => d.toLowerCase() === name.toLowerCase())) return true;
    }
  }
  return false;
}

/** The case outcomes' column of a case's module. */
const CASE_TYPE = CASE_OUTCOMES_SOURCE.columns.find((c) => c.key === 'CaseType')!;

/**
 * The source a call naming it in its body (the highlights) reads for this token: any for an unscoped
 * token, a module of the scope as it is, and the case outcomes (a case's comment, for the case's
 * page) only for a case page's scope, narrowed to the rows of its case modules; undefined otherwise.
 */
export function scopedSource(scope: EmbedScope | undefined, module: SmartModule): SmartModule | undefined {
  if (!scope || scope.modules.includes(module.moduleId)) return module;
  if (module.moduleId !== CASE_OUTCOMES_SOURCE.moduleId || !scope.elements.includes('cx-record-detail')) return undefined;
  // A scope's modules that are no case module match no case.
  return { ...module, rows: [...[module.rows ?? []].flat(), { column: CASE_TYPE.column, value: scope.modules }] };
}

function decodeSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}
