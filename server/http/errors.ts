import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { isBadText, isUnavailable, isUniqueViolation } from '../db/types';

/** An error the caller caused or may see: becomes `{ message, errors? }` with its status. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly errors?: Record<string, string[]>,
    /** Headers the answer carries (a 429's Retry-After). */
    readonly headers?: Record<string, string>,
    /** A word the client decides by (`conflict`: reload before saving again), beside the message. */
    readonly code?: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: Record<string, string[]>) => new ApiError(400, message, errors);
export const notFound = (message = 'Not found') => new ApiError(404, message);
export const forbidden = (message = 'You do not have permission to do this.') => new ApiError(403, message);
export const conflict = (message: string, errors?: Record<string, string[]>) => new ApiError(409, message, errors, undefined, 'conflict');
export const unauthorized = (message = 'Sign in to continue.') => new ApiError(401, message);
/** A limit reached: a 429 that says when to try again. */
export const tooManyRequests = (message: string, retryAfterSeconds: number) => new ApiError(429, message, undefined, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });

/**
 * Runs a write that a unique index may refuse (a name already taken, also by a racing request):
 * that refusal becomes `answer`, the same one a later request gets, never a 500.
 */
export async function unlessTaken<T>(write: () => Promise<T>, answer: () => ApiError): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw answer();
    throw error;
  }
}

/** Known errors keep their status and message; anything else is a 500 with a correlation id, logged once. */
export function onError(error: Error, c: Context) {
  if (error instanceof ApiError) {
    for (const [name, value] of Object.entries(error.headers ?? {})) c.header(name, value);
    return c.json({ message: error.message, ...(error.errors ? { errors: error.errors } : {}), ...(error.code ? { code: error.code } : {}) }, error.status);
  }
  // A malformed percent-encoding reached a decoder: the caller's address is at fault, not the server.
  if (error instanceof URIError) return c.json({ message: 'The address holds a malformed percent-encoding.' }, 400);
  if (error instanceof HTTPException) {
    return c.json({ message: error.message || 'Request failed' }, error.status);
  }
  if (isBadText(error)) return c.json({ message: 'A text value holds a character the database cannot store.' }, 400);
  if (isUnavailable(error)) {
    c.header('Retry-After', '2');
    return c.json({ message: 'The database is not reachable at this moment. Try again in a few seconds.' }, 503);
  }
  const id = crypto.randomUUID();
  console.error(`[${id}] ${c.req.method} ${c.req.path}:`, error);
  return c.json({ title: 'ServerError', message: 'Something went wrong on the server.', errorCode: id }, 500);
}
