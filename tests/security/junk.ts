// The junk-input generator shared by the security suite (bounded) and `npm run fuzz` (longer): for
// every route the server registers, hostile path segments, query values and bodies.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Hono } from 'hono';
import { BUILTIN_SOURCES } from '../../server/datasources/builtin';
import { PF_MODULES } from '../../server/processflow/modules';

export interface RouteInfo {
  method: string;
  path: string;
}

export interface Probe {
  method: string;
  path: string;
  /** The body as sent (not always JSON). */
  raw?: string;
  what: string;
}

/** Names every plain object answers from its prototype: as a sort field, filter key or id they must be unknown, not inherited. */
export const PROTOTYPE_KEYS = ['constructor', '__proto__', 'toString', 'hasOwnProperty'];

/** The last and the first day a JavaScript Date holds: far past the years 1-9999 the engines' timestamps hold. */
export const EXTREME_DATES = ['275760-09-13', '-271821-04-20'];

/** Injection-shaped and out-of-range values: SQL, script, path traversal, NUL, prototype names, huge numbers and dates, broken Unicode. */
export const HOSTILE = [
  "' OR '1'='1' --",
  '"; DROP TABLE users; --',
  '<script>alert(1)</script>',
  'a\u0000b',
  '../../../../etc/passwd',
  '__proto__',
  'constructor',
  '9223372036854775808',
  '-1',
  '1e309',
  '\uD800',
  'x'.repeat(3000),
  ...EXTREME_DATES,
];

/** Values of every JSON type, each wrong somewhere. */
const WRONG_TYPES: unknown[] = [12345, -1, 1e308, 'text', "' OR 1=1 --", '\u0000', true, null, [], [null, 'x', 3], {}, { $gt: '' }, { __proto__: { admin: true } }];

/** Malformed and wrongly shaped bodies. */
const MALFORMED = ['{', '{"a":', '[', 'nul', 'undefined', '{"a":1,}', '\u0000', '[]', '"text"', '123', 'null', 'true', '{}', '{"zzz_unknown":1}'];

/** Every routes' API paths and methods, from the app itself (a new route is covered with no change here). */
export function routesOf(app: Hono<never>): RouteInfo[] {
  const seen = new Map<string, RouteInfo>();
  for (const r of app.routes) {
    if (r.method === 'ALL' || !/^\/(api|reporting)\//.test(r.path) || r.path.includes('*')) continue;
    seen.set(`${r.method} ${r.path}`, { method: r.method, path: r.path });
  }
  return [...seen.values()];
}

/** The field names the server's validators know (every `name: z.` in server/), read from its sources. */
export function fieldNames(dir = 'server'): string[] {
  const names = new Set<string>();
  const walk = (d: string) => {
    for (const f of readdirSync(d)) {
      const p = join(d, f);
      if (statSync(p).isDirectory()) walk(p);
      else if (p.endsWith('.ts')) for (const m of readFileSync(p, 'utf8').matchAll(/(\w+): z\./g)) names.add(m[1]);
    }
  };
  walk(dir);
  return [...names].sort();
}

/** Percent-encoded; a lone surrogate becomes the bytes of one (invalid UTF-8), as a hostile client sends it. */
const encode = (value: string) => {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
};
const fill = (path: string, value: (param: string) => string) => path.replace(/:(\w+)(\{[^}]*\})?\??/g, (_, name: string) => encode(value(name)));
const PLAIN: Record<string, string> = { moduleId: 'responses', profile: 'default', dashboardId: 'overview', id: '1', queueName: 'All' };
const plain = (name: string) => PLAIN[name] ?? '1';
/** Every module a moduleId can name besides responses: smart-data modules and the process flow's. */
const OTHER_MODULES = [...new Set([...BUILTIN_SOURCES.map((m) => m.moduleId), ...PF_MODULES.keys()])].filter((m) => m !== 'responses');

/** The probes of one route: each path parameter hostile in turn, hostile query values, then junk bodies. */
export function probesOf(route: RouteInfo, fields: string[], pick: <T>(xs: readonly T[]) => T = (xs) => xs[0]): Probe[] {
  const { method } = route;
  const probes: Probe[] = [];
  const params = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
  for (const param of params) {
    for (const h of HOSTILE) probes.push({ method, path: fill(route.path, (n) => (n === param ? h : plain(n))), raw: '{}', what: `path :${param} = ${JSON.stringify(h).slice(0, 40)}` });
  }
  const base = fill(route.path, plain);
  // The same junk against every module a moduleId can name (their schemas differ).
  for (const other of route.path.includes(':moduleId') ? OTHER_MODULES : []) {
    const path = fill(route.path, (n) => (n === 'moduleId' ? other : plain(n)));
    probes.push({ method, path, raw: method === 'GET' ? undefined : JSON.stringify(Object.fromEntries(fields.map((f, j) => [f, WRONG_TYPES[j % WRONG_TYPES.length]]))), what: `module ${other}` });
    for (const profile of ['default', 'comments']) probes.push({ method, path: fill(route.path, (n) => (n === 'moduleId' ? other : n === 'profile' ? profile : plain(n))), raw: '{}', what: `module ${other}, profile ${profile}` });
    // Their sort fields too (a case queue's sort looked case fields up in a plain object).
    if (method !== 'GET') for (const key of PROTOTYPE_KEYS) probes.push({ method, path, raw: JSON.stringify({ orderByFields: [key] }), what: `module ${other}, sort by ${key}` });
  }
  const queryKeys = ['skip', 'top', 'sort', 'id', 'moduleId', 'profile', 'exportId', 'dateTime', 'filterKey', 'q', 'search', 'page', 'recipient', 'dateFilterDimension'];
  for (const h of HOSTILE.slice(0, 8)) probes.push({ method, path: `${base}?${queryKeys.map((k) => `${k}=${encode(h)}`).join('&')}`, raw: '{}', what: `query = ${JSON.stringify(h).slice(0, 40)}` });
  if (method === 'GET' || method === 'HEAD') return probes;
  for (const raw of MALFORMED) probes.push({ method, path: base, raw, what: `body ${JSON.stringify(raw).slice(0, 30)}` });
  // Every field the server knows, each given a wrong type; and each hostile string everywhere.
  for (let i = 0; i < WRONG_TYPES.length; i++) {
    const body = Object.fromEntries(fields.map((f, j) => [f, WRONG_TYPES[(i + j) % WRONG_TYPES.length]]));
    probes.push({ method, path: base, raw: JSON.stringify(body), what: `fields of wrong types #${i}` });
  }
  for (const h of HOSTILE) probes.push({ method, path: base, raw: JSON.stringify(Object.fromEntries(fields.map((f) => [f, h]))), what: `fields = ${JSON.stringify(h).slice(0, 40)}` });
  // Filters and sorts with hostile keys, as every data call takes them.
  const filter = { filterKey: pick(HOSTILE), filterValue: pick(WRONG_TYPES), filterValueUpperBound: pick(WRONG_TYPES), filterDataType: pick(HOSTILE) };
  probes.push({ method, path: base, raw: JSON.stringify({ smartFilters: [filter], orderByFields: [pick(HOSTILE)], orderByOperator: pick(HOSTILE), skip: pick(WRONG_TYPES), top: pick(WRONG_TYPES) }), what: 'hostile filter and sort' });
  // Each alone in an otherwise sound body, so that it is what the route meets: prototype names as sort field and filter key, extreme period bounds.
  for (const key of PROTOTYPE_KEYS) {
    probes.push({ method, path: base, raw: JSON.stringify({ orderByFields: [key], smartFilters: [] }), what: `sort by ${key}` });
    probes.push({ method, path: base, raw: JSON.stringify({ smartFilters: [{ filterKey: key, filterValue: 'x' }] }), what: `filter by ${key}` });
  }
  for (const date of EXTREME_DATES) {
    const period = { filterKey: 'ResponseDate', filterDataType: 'DateTime', filterValue: '2025-01-01', filterValueUpperBound: date };
    probes.push({ method, path: base, raw: JSON.stringify({ smartFilters: [period] }), what: `period to ${date}` });
  }
  return probes;
}

/** Spec part 1's test endpoint that throws on purpose: its 500 is the point; it still must not leak. */
export const THROWS_ON_PURPOSE = 'GET /api/dummy/exception';

/** What an answer must never show: a stack trace or the SQL engine's own words. */
export const LEAK = /\n\s+at [\w.<>]+ \(|\.ts:\d+:\d+|node_modules|Parser Error|Binder Error|Catalog Error|Conversion Error|syntax error at or near|\bSELECT\b.+\bFROM\b|duplicate key value|relation "[^"]+" does not exist/i;

/** One probe of random make (npm run fuzz): hostile values in random places, random fields of random types. */
export function randomProbe(route: RouteInfo, fields: string[], random: () => number): Probe {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)];
  const value = (): unknown => (random() < 0.5 ? pick(HOSTILE) : random() < 0.8 ? pick(WRONG_TYPES) : [value(), value()]);
  const path = fill(route.path, (n) => (random() < 0.5 ? pick(HOSTILE) : plain(n)));
  const query = Array.from({ length: Math.floor(random() * 4) }, () => `${pick(fields)}=${encode(String(pick(HOSTILE)))}`).join('&');
  const body = random() < 0.15 ? pick(MALFORMED) : JSON.stringify(Object.fromEntries(Array.from({ length: 1 + Math.floor(random() * 8) }, () => [pick(fields), value()])));
  return { method: route.method, path: query ? `${path}?${query}` : path, raw: body, what: 'random' };
}

/** A small seeded generator (Park-Miller), so a failing fuzz run can be repeated. */
export const seeded = (seed: number) => () => (seed = (seed * 48271) % 2147483647) / 2147483647;
