import type { Context } from 'hono';
import { z, type ZodType } from 'zod';
import { badRequest } from './errors';
import { nestedTooDeeply, TOO_DEEP } from './json-depth';

/** NUL is text no field means: PostgreSQL refuses it in a string, so it is refused at the edge on both engines. */
export const NUL_REFUSED = 'The request holds a NUL character (U+0000), which no field accepts.';
/** A NUL itself, or JSON's escape of one. */
const hasNul = (text: string) => text.includes('\u0000') || /\\u0000/i.test(text);

/** A 400 for a NUL character anywhere in the address (path or query, once decoded). */
export async function refuseNul(c: Context, next: () => Promise<void>) {
  let address: string;
  try {
    address = decodeURIComponent(c.req.url.replace(/\+/g, ' '));
  } catch {
    address = c.req.url; // malformed escapes are the route's to refuse
  }
  if (address.includes('\u0000')) throw badRequest(NUL_REFUSED);
  await next();
}

/** Reads the JSON body (or form body) and checks it against `schema`; any problem is a 400 naming the field. */
export async function readBody<T>(c: Context, schema: ZodType<T>): Promise<T> {
  let raw: unknown;
  const type = c.req.header('content-type') ?? '';
  if (type.includes('application/x-www-form-urlencoded') || type.includes('multipart/form-data')) {
    let form: Record<string, unknown>;
    try {
      form = await c.req.parseBody();
    } catch {
      throw badRequest('The request body could not be read as a form.');
    }
    raw = Object.fromEntries(Object.entries(form).map(([k, v]) => [k, typeof v === 'string' ? v : '']));
    if (Object.entries(raw as Record<string, string>).some(([k, v]) => hasNul(k) || hasNul(v))) throw badRequest(NUL_REFUSED);
  } else {
    const text = await c.req.text();
    if (text.trim() === '') raw = {};
    else {
      if (nestedTooDeeply(text)) throw badRequest(TOO_DEEP);
      if (hasNul(text)) throw badRequest(NUL_REFUSED);
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
  // No prototype: a field named __proto__ or constructor is just a key here.
  const errors: Record<string, string[]> = Object.create(null);
  for (const issue of result.error.issues) {
    const key = issue.path.join('.') || '';
    (errors[key] ??= []).push(issue.message);
  }
  const first = result.error.issues[0];
  const where = first.path.length ? `${first.path.join('.')}: ` : '';
  throw badRequest(`${where}${first.message}`, errors);
}

export { z };
