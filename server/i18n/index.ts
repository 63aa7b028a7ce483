import type { Context, MiddlewareHandler } from 'hono';
import { CONTENT_DE, MEASURE_NAMES_DE, MESSAGES_DE } from './de';

export type Lang = 'en' | 'de';

/** The request's language (its Accept-Language): German when it asks for German first, else English. */
export function requestLang(c: Context): Lang {
  const first = (c.req.header('accept-language') ?? '').split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('de') ? 'de' : 'en';
}

/** A server message in the language; one without a translation stays English. */
export function localiseMessage(lang: Lang, message: string): string {
  if (lang !== 'de') return message;
  for (const [pattern, german] of MESSAGES_DE) if (pattern.test(message)) return message.replace(pattern, german);
  return message;
}

/** A name of the seeded content (menu item, tile title, layout) in the language; others as they are. */
// Own keys only: a name like "constructor" is a name, not Object's.
export const localiseName = (lang: Lang, name: string): string => (lang === 'de' && Object.hasOwn(CONTENT_DE, name) ? CONTENT_DE[name] : name);

const MEASURE_NAMES_EN = { average: 'Average {}', share: '{} share' } as const;

/** A measure's name made from a column's name or a value ("Average Spend", "Online share"), in the language. */
export function localiseMeasureName(lang: Lang, kind: keyof typeof MEASURE_NAMES_EN, part: string): string {
  return (lang === 'de' ? MEASURE_NAMES_DE : MEASURE_NAMES_EN)[kind].replace('{}', () => localiseName(lang, part));
}

const ERROR_BODY_LIMIT = 64 * 1024;

/**
 * Error answers (and refused sign-ins) say their message, and their field errors, in the request's
 * language: one place for every route, as all of them answer `{ message, errors? }`.
 */
export const localiseErrors: MiddlewareHandler = async (c, next) => {
  await next();
  const lang = requestLang(c);
  if (lang === 'en' || c.res.status < 400 || !(c.res.headers.get('content-type') ?? '').includes('application/json')) return;
  const text = await c.res.clone().text();
  if (text.length > ERROR_BODY_LIMIT) return;
  let body: { message?: unknown; errors?: Record<string, unknown> };
  try {
    body = JSON.parse(text);
  } catch {
    return;
  }
  if (typeof body.message === 'string') body.message = localiseMessage(lang, body.message);
  if (body.errors && typeof body.errors === 'object') {
    for (const [k, v] of Object.entries(body.errors)) if (Array.isArray(v)) body.errors[k] = v.map((m) => (typeof m === 'string' ? localiseMessage(lang, m) : m));
  }
  const headers = new Headers(c.res.headers);
  headers.delete('content-length');
  c.res = new Response(JSON.stringify(body), { status: c.res.status, headers });
};
