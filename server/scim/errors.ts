import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ApiError, onError } from '../http/errors';
import { isUniqueViolation } from '../db/types';

export const SCIM_CONTENT_TYPE = 'application/scim+json; charset=utf-8';
export const ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';

/** RFC 7644 section 3.12's scimType values this server uses. */
export type ScimType = 'invalidFilter' | 'invalidSyntax' | 'invalidPath' | 'invalidValue' | 'uniqueness' | 'noTarget' | 'mutability' | 'tooMany';

/** A SCIM error: its answer is the error schema, with the status as a string (RFC 7644 section 3.12). */
export class ScimError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly scimType?: ScimType,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const invalidFilter = (message: string) => new ScimError(400, message, 'invalidFilter');
export const invalidSyntax = (message: string) => new ScimError(400, message, 'invalidSyntax');
export const invalidValue = (message: string) => new ScimError(400, message, 'invalidValue');
export const invalidPath = (message: string) => new ScimError(400, message, 'invalidPath');
export const uniqueness = (message: string) => new ScimError(409, message, 'uniqueness');
export const noSuch = (kind: 'User' | 'Group', id: string) => new ScimError(404, `No ${kind} with id ${id}.`);

/** A SCIM answer: JSON in SCIM's media type. */
export function scimJson(c: Context, body: unknown, status: ContentfulStatusCode = 200, headers: Record<string, string> = {}) {
  return c.body(JSON.stringify(body), status, { 'Content-Type': SCIM_CONTENT_TYPE, ...headers });
}

const errorBody = (status: number, detail: string, scimType?: ScimType) => ({ schemas: [ERROR_SCHEMA], status: String(status), ...(scimType ? { scimType } : {}), detail });

/** Every error under /scim/v2 in the SCIM error schema: the portal's own errors keep their status and message. */
export async function scimOnError(error: Error, c: Context) {
  if (error instanceof ScimError) return scimJson(c, errorBody(error.status, error.message, error.scimType), error.status, error.headers);
  if (error instanceof ApiError) return scimJson(c, errorBody(error.status, error.message, error.status === 400 ? 'invalidSyntax' : undefined), error.status, error.headers ?? {});
  // A unique index refused a write a racing request won (checked above for the sequential case).
  if (isUniqueViolation(error)) return scimJson(c, errorBody(409, 'The value is already taken.', 'uniqueness'), 409);
  const answer = await onError(error, c);
  const { message } = (await answer.clone().json()) as { message: string };
  return scimJson(c, errorBody(answer.status, message), answer.status as ContentfulStatusCode, Object.fromEntries(answer.headers));
}
