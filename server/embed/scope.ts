/** What a scoped (embed) access token may read: these elements, over these modules and dashboards. */
export interface EmbedScope {
  elements: string[];
  modules: string[];
  dashboards: string[];
}

type Family = { pattern: RegExp; names: 'module' | 'dashboard' };

const smartData: Family = { pattern: /^\/api\/smartdata\/(?:filters|filter|lastRecordedDate)\/([^/]+)/, names: 'module' };
const dataSource: Family = { pattern: /^\/api\/dashboard\/datasource\/([^/]+)$/, names: 'module' };
const viewer: Family[] = [
  { pattern: /^\/api\/dataviewer\/(?:data|cards|schema|analytics\/parameters|analytics\/data)\/([^/]+)\//, names: 'module' },
  { pattern: /^\/api\/dataviewer\/profiles\/([^/]+)$/, names: 'module' },
  dataSource,
  smartData,
];

/** The calls each embeddable element makes, and which path segment names the module or dashboard. */
export const ELEMENT_CALLS: ReadonlyMap<string, readonly Family[]> = new Map([
  ['cx-visual', [{ pattern: /^\/api\/dashboard\/visuals\/([^/]+)\//, names: 'module' }, dataSource, smartData]],
  ['cx-dashboard', [{ pattern: /^\/api\/dataviz\/(?:visuals|smartFilterDataSource)\/([^/]+)/, names: 'dashboard' }, smartData]],
  ['cx-smart-filter-bar', [smartData, dataSource]],
  ['cx-records-viewer', viewer],
  ['cx-card-viewer', viewer],
  ['cx-analytics-viewer', viewer],
]);

/** Calls every element may make whatever its scope: telemetry, and the claim filters (the token's own claim types and values, for a filter bar). */
const ALWAYS = [/^\/api\/telemetry$/, /^\/api\/filter$/];

/**
 * True when a scoped token may make this call: the path belongs to one of its elements and names
 * one of its modules or dashboards. Everything else (users, settings of the user, other modules,
 * exports) is out of reach.
 */
export function scopeAllows(scope: EmbedScope, path: string): boolean {
  if (ALWAYS.some((re) => re.test(path))) return true;
  for (const element of scope.elements) {
    for (const family of ELEMENT_CALLS.get(element) ?? []) {
      const match = family.pattern.exec(path);
      if (!match) continue;
      const name = decodeSegment(match[1]);
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
