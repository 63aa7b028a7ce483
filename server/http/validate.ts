import type { Context } from 'hono';
import { z, type ZodType } from 'zod';
import { badRequest } from './errors';

/** Reads the JSON body (or form body) and checks it against `schema`; any problem is a 400 naming the field. */
export async function readBody<T>(c: Context, schema: ZodType<T>): Promise<T> {
  let raw: unknown;
  const type = c.req.header('content-type') ?? '';
  if (type.includes('application/x-www-form-urlencoded') || type.includes('multipart/form-data')) {
    raw = Object.fromEntries(Object.entries(await c.req.parseBody()).map(([k, v]) => [k, typeof v === 'string' ? v : '']));
  } else {
    const text = await c.req.text();
    if (text.trim() === '') raw = {};
    else {
      try {
        raw = JSON.parse(text);
      } catch {
        throw badRequest('The request body is not valid JSON.');
      }
    }
  }
  return check(schema, raw);
}

/** Checks any value (query, params) against a schema. */
export function check<T>(schema: ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.') || '';
    (errors[key] ??= []).push(issue.message);
  }
  const first = result.error.issues[0];
  const where = first.path.length ? `${first.path.join('.')}: ` : '';
  throw badRequest(`${where}${first.message}`, errors);
}

export { z };
