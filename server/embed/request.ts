import { z } from 'zod';
import { readJwt, signJwt } from '../auth/jwt';
import { ELEMENT_CALLS } from './scope';

/** EMBED_SECRET checked at start-up: signed embedding needs a secret of at least 32 characters. */
export function embedSecret(value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (value.length < 32) throw new Error('EMBED_SECRET must be at least 32 characters long.');
  return value;
}

/** A partner's signed request lives at most this long: it is minted for one page load. */
export const MAX_REQUEST_SECONDS = 600;
export const AUDIENCE = 'cx-portal';

const name = z.string().min(1).max(100);

/**
 * The payload of a partner's embed request: an HS256 JWT signed with EMBED_SECRET by the partner's
 * server (never in the browser). `sub` names a portal user (their role and claims apply, narrowed
 * by `claims`); without it the request is for the partner's service identity, which sees what
 * `claims` allows. `elements`, `modules` and `dashboards` are all the token will read.
 */
const requestPayload = z.object({
  iss: name,
  aud: z.literal(AUDIENCE, { message: `aud must be "${AUDIENCE}"` }),
  sub: z.string().min(1).max(256).optional(),
  jti: name,
  iat: z.number().int(),
  exp: z.number().int(),
  claims: z.array(z.tuple([z.string().min(1).max(64), z.string().min(1).max(256)])).max(200).default([]),
  elements: z
    .array(z.string().refine((e) => ELEMENT_CALLS.has(e), { error: (issue) => `${String(issue.input)} cannot be embedded by a signed request: elements may be ${[...ELEMENT_CALLS.keys()].join(', ')}` }))
    .min(1, 'Name at least one element.')
    .max(20),
  modules: z.array(name).max(20).default([]),
  dashboards: z.array(name).max(50).default([]),
});

export type EmbedRequest = z.infer<typeof requestPayload>;

/** Signs an embed request (what a partner's server does; used by the demo partner and the tests). */
export function signEmbedRequest(payload: Omit<EmbedRequest, 'aud' | 'claims' | 'modules' | 'dashboards'> & Partial<EmbedRequest>, secret: string): string {
  return signJwt({ aud: AUDIENCE, ...payload }, secret);
}

/**
 * The verified request, or why it is refused: 401 when it is not the partner's (signature, expiry),
 * 400 when it is but asks for what cannot be granted (an element, a field), so the partner can fix it.
 */
export function verifyEmbedRequest(token: string, secret: string, now: Date): { request: EmbedRequest } | { error: string; status: 400 | 401 } {
  const read = readJwt(token, secret);
  if ('error' in read) return { status: 401, error: read.error === 'signature' ? 'The embed request is not signed with the portal’s embed secret.' : 'The embed request is not a signed HS256 token.' };
  const parsed = requestPayload.safeParse(read.payload);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { status: 400, error: `The embed request is malformed: ${issue.path.join('.') || 'payload'}: ${issue.message}` };
  }
  const r = parsed.data;
  const seconds = now.getTime() / 1000;
  if (r.exp <= seconds) return { status: 401, error: 'The embed request has expired.' };
  if (r.exp - r.iat > MAX_REQUEST_SECONDS || r.iat > seconds + 60) return { status: 400, error: `An embed request may live at most ${MAX_REQUEST_SECONDS / 60} minutes.` };
  return { request: r };
}
