import { request, isBadRequest, type ApiTarget } from './client';

/** A claim filter node (spec part 2, "Claim filter node"): one per claim type the user has. */
export interface ClaimFilterNode {
  label: string;
  name: string;
  filterName: string;
  fields: string[];
  Selection: string[];
  defaultValue: string;
}

/** A store the user may see, with its region (GET /reporting/api/filter/stores). */
export interface StoreNode {
  name: string;
  region: string;
}

export const claimFilters = (target?: ApiTarget) => request<ClaimFilterNode[]>('GET', '/api/filter', { target });
export const filterStores = (target?: ApiTarget) => request<StoreNode[]>('GET', '/reporting/api/filter/stores', { target });

/** A claim filter ready for the bar: its values and, for stores, their region beside the name. */
export interface ClaimFilter {
  key: string;
  name: string;
  values: { value: string; label: string }[];
}

// Spec part 1 section 7: GET /api/filter is cached (per portal and user; claims change only with a new session).
const cache = new Map<string, Promise<ClaimFilter[]>>();

async function load(target?: ApiTarget): Promise<ClaimFilter[]> {
  const nodes = await claimFilters(target);
  if (isBadRequest(nodes)) throw new Error(nodes.message);
  const stores = nodes.some((n) => n.fields.includes('Store')) ? await filterStores(target) : [];
  const regionOf = new Map((isBadRequest(stores) ? [] : stores).map((s) => [s.name, s.region]));
  return nodes.map((n) => ({
    key: n.fields[0] ?? n.name,
    name: n.label,
    values: n.Selection.map((v) => ({ value: v, label: regionOf.has(v) ? `${v} (${regionOf.get(v)})` : v })),
  }));
}

/** The user's claim filters, asked once per portal, user and language (the server names them in it). */
export function claimFiltersOf(userKey: string, target?: ApiTarget): Promise<ClaimFilter[]> {
  const key = `${target?.apiBase ?? ''}|${userKey}|${target?.lang ?? ''}`;
  let answer = cache.get(key);
  if (!answer) {
    answer = load(target);
    cache.set(key, answer);
    answer.catch(() => cache.delete(key));
  }
  return answer;
}
