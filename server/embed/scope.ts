/** What a scoped (embed) access token may read: these elements, over these modules and dashboards. */
export interface EmbedScope {
  elements: string[];
  modules: string[];
  dashboards: string[];
}

/** A call of an element: the path, and where it names its module or dashboard (a path segment, or a query parameter). */
type Family = { pattern: RegExp; names: 'module' | 'dashboard'; query?: string };

const smartData: Family = { pattern: /^\/api\/smartdata\/(?:filters|filter|lastRecordedDate)\/([^/]+)/, names: 'module' };
const dataSource: Family = { pattern: /^\/api\/dashboard\/datasource\/([^/]+)$/, names: 'module' };
const tile: Family[] = [{ pattern: /^\/api\/dashboard\/visuals\/([^/]+)\//, names: 'module' }, dataSource, smartData];
const viewer: Family[] = [
  { pattern: /^\/api\/dataviewer\/(?:data|cards|schema|analytics\/parameters|analytics\/data)\/([^/]+)\//, names: 'module' },
  { pattern: /^\/api\/dataviewer\/profiles\/([^/]+)$/, names: 'module' },
  dataSource,
  smartData,
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
  ['cx-dashboard', [{ pattern: /^\/api\/dataviz\/(?:visuals|smartFilterDataSource)\/([^/]+)/, names: 'dashboard' }, smartData]],
  ['cx-smart-filter-bar', [smartData, dataSource]],
  // The review tiles, the like-for-like report and the demo wall are single visuals of their module.
  ...['cx-review-feed', 'cx-review-ratings', 'cx-review-replies', 'cx-review-updates', 'cx-like-for-like', 'cx-demo-wall'].map((tag) => [tag, tile] as const),
  ['cx-data-viewer', viewer],
  ['cx-records-viewer', viewer],
  ['cx-card-viewer', viewer],
  ['cx-analytics-viewer', viewer],
  ['cx-queue', cases],
  ['cx-record-detail', cases],
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
      const name = family.query ? query(family.query) : decodeSegment(match[1]);
      if (name === undefined) continue;
      if (family.names === 'module' ? scope.modules.includes(name) : scope.dashboards.some((d) => d.toLowerCase() === name.toLowerCase())) return true;
    }
  }
  return false;
}

function decodeSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}
