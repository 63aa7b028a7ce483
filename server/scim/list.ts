import type { Context } from 'hono';
import type { Env } from '../context';
import type { Param } from '../db';
import { invalidValue } from './errors';
import { parseFilter } from './filter';
import { MAX_COUNT } from './schema';

/** RFC 7644 section 3.4.2.4: 1-based `startIndex` (below 1 counts as 1) and `count` (cut to MAX_COUNT; 0 asks only for the total). */
export function paging(c: Context<Env>): { startIndex: number; count: number; offset: number } {
  const number = (name: string, fallback: number) => {
    const raw = c.req.query(name);
    if (raw === undefined || raw === '') return fallback;
    if (!/^-?\d{1,9}$/.test(raw)) throw invalidValue(`${name} must be an integer.`);
    return Number(raw);
  };
  const startIndex = Math.max(1, number('startIndex', 1));
  const count = Math.min(MAX_COUNT, Math.max(0, number('count', 100)));
  return { startIndex, count, offset: startIndex - 1 };
}

/** The base address of SCIM resources, from the configured public origin (never the request's Host). */
export const scimBase = (c: Context<Env>) => `${c.var.deps.publicOrigin}/scim/v2`;

/** Leaves out what `excludedAttributes` names (Entra ID asks for groups without `members`); id and schemas always stay. */
export function excluding<T extends Record<string, unknown>>(c: Context<Env>, resource: T): T {
  const names = (c.req.query('excludedAttributes') ?? '').split(',').map((n) => n.trim().toLowerCase()).filter((n) => n && n !== 'id' && n !== 'schemas');
  if (!names.length) return resource;
  return Object.fromEntries(Object.entries(resource).filter(([k]) => !names.includes(k.toLowerCase()))) as T;
}

/** A list query: what it reads from, and the SQL condition (on `$1`) of each attribute it can be filtered by. */
export interface ListQuery {
  columns: string;
  from: string;
  order: string;
  filters: Record<string, string>;
}

/** One page of a list, by `filter`, `startIndex` and `count`, with the total the filter matches. */
export async function listPage<R>(c: Context<Env>, query: ListQuery): Promise<{ rows: R[]; total: number; startIndex: number }> {
  const { db } = c.var.deps;
  const { startIndex, count, offset } = paging(c);
  const raw = c.req.query('filter');
  const filter = raw === undefined ? undefined : parseFilter(raw, Object.keys(query.filters));
  const where = filter ? `WHERE ${query.filters[filter.attribute]}` : '';
  const params: Param[] = filter ? [filter.value] : [];
  const [{ total }] = await db.query<{ total: number }>(`SELECT count(*) AS total FROM ${query.from} ${where}`, params);
  const rows = count === 0 ? [] : await db.query<R & Record<string, unknown>>(`SELECT ${query.columns} FROM ${query.from} ${where} ORDER BY ${query.order} LIMIT ${count} OFFSET ${offset}`, params);
  return { rows, total: Number(total), startIndex };
}
