import type { Context } from 'hono';
import { readBody, z } from '../http/validate';
import { parseFilter, type Filter } from './filter';
import { invalidPath, invalidSyntax, invalidValue, ScimError } from './errors';
import { PATCH_SCHEMA } from './schema';

export type Op = 'add' | 'replace' | 'remove';

/** A path of RFC 7644 section 3.5.2: `attribute`, `attribute.sub`, `attribute[filter].sub`, or an extension's `urn:…:attribute`. */
export interface Path {
  /** The top-level attribute, lower case (SCIM attribute names are case-insensitive); an extension's URN whole. */
  attribute: string;
  filter?: Filter;
  sub?: string;
}

/** One change, with its path parsed; a path-less op becomes one change per attribute of its value. */
export interface Change {
  op: Op;
  path: Path;
  value: unknown;
  /** From a resource body (POST, PUT, a path-less op) rather than a PATCH path. */
  fromBody?: boolean;
}

const PATH = /^([A-Za-z][\w-]*)(?:\[(.+)\])?(?:\.([A-Za-z][\w-]*))?$/;
/** Extension attributes (`urn:…:User:department`) are accepted and not stored. */
const EXTENSION = /^urn:[\w.:-]+$/i;

export function parsePath(path: string, filterable: readonly string[] = ['type', 'value', 'primary']): Path {
  if (EXTENSION.test(path)) return { attribute: path.toLowerCase() };
  const match = PATH.exec(path.trim());
  if (!match) throw invalidPath(`The path ${JSON.stringify(path.slice(0, 200))} is not valid.`);
  return { attribute: match[1].toLowerCase(), filter: match[2] ? parseFilter(match[2], filterable) : undefined, sub: match[3]?.toLowerCase() };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Values of a full resource (POST, PUT) or of a path-less op, as one change per attribute: `name.givenName` keys are paths too. */
export function changesOf(op: Op, value: Record<string, unknown>): Change[] {
  return Object.entries(value).map(([key, v]) => ({ op, path: parsePath(key), value: v, fromBody: true }));
}

/**
 * The operations of a PatchOp body, as Entra ID and Okta send them: `op` in any case ("Replace"),
 * with a path, or without one and an object value (`{"op":"replace","value":{"active":false}}`).
 */
export function readPatch(body: unknown): Change[] {
  if (!isObject(body)) throw invalidSyntax('The body must be a PatchOp object.');
  const schemas = body.schemas;
  if (!Array.isArray(schemas) || !schemas.includes(PATCH_SCHEMA)) throw invalidSyntax(`The body must name the schema ${PATCH_SCHEMA}.`);
  const ops = body.Operations ?? body.operations;
  if (!Array.isArray(ops) || ops.length === 0) throw invalidSyntax('Operations must be a non-empty array.');
  if (ops.length > 1000) throw invalidValue('A PATCH takes at most 1,000 operations.');
  return ops.flatMap((raw): Change[] => {
    if (!isObject(raw)) throw invalidSyntax('Each operation must be an object.');
    const op = String(raw.op ?? '').toLowerCase();
    if (op !== 'add' && op !== 'replace' && op !== 'remove') throw invalidSyntax(`The op ${JSON.stringify(raw.op)} is not add, replace or remove.`);
    if (raw.path !== undefined && typeof raw.path !== 'string') throw invalidPath('path must be a string.');
    if (raw.path) return [{ op, path: parsePath(raw.path), value: raw.value }];
    if (op === 'remove') throw new ScimError(400, 'A remove operation needs a path.', 'noTarget');
    if (!isObject(raw.value)) throw invalidValue(`An ${op} without a path needs an object value.`);
    return changesOf(op, raw.value);
  });
}

/** SCIM booleans; Entra ID sends "True" and "False" as strings. */
export function toBoolean(value: unknown, name: string): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' && /^(true|false)$/i.test(value)) return value.toLowerCase() === 'true';
  throw invalidValue(`${name} must be true or false.`);
}

/** A text value of at most `max` characters. */
export function toText(value: unknown, name: string, max: number): string {
  if (typeof value !== 'string') throw invalidValue(`${name} must be a string.`);
  if (value.length > max) throw invalidValue(`${name} is longer than ${max} characters.`);
  return value;
}

/** The entries of a multi-valued attribute: one value or an array of them. */
export const entries = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined || value === null ? [] : [value]);

/** Whether an entry of a multi-valued attribute matches a path's filter (`type eq "work"`, `value eq "id"`). */
export function matches(entry: unknown, filter: Filter): boolean {
  if (!isObject(entry)) return false;
  const key = Object.keys(entry).find((k) => k.toLowerCase() === filter.attribute.toLowerCase());
  return key !== undefined && String(entry[key]).toLowerCase() === filter.value.toLowerCase();
}

export { isObject };

/** A resource body (POST, PUT): a JSON object, else a 400 invalidSyntax. */
export async function readResource(c: Context): Promise<Record<string, unknown>> {
  const body = await readBody(c, z.unknown());
  if (!isObject(body)) throw invalidSyntax('The body must be a JSON object.');
  return body;
}
