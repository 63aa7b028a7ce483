/**
 * The HTTP error catalogue of spec part 1 section 8, as a pure decision so each row is testable:
 * what the client does with a failed response.
 */

export interface BadRequest {
  contain_error: true;
  message?: string;
  errors?: Record<string, string[]>;
  [key: string]: unknown;
}

export type ErrorAction =
  | { kind: 'pass'; body: BadRequest }
  | { kind: 'navigate'; to: string }
  | { kind: 'reject'; quiet: boolean }
  | { kind: 'ignore' };

export interface FailureContext {
  status: number;
  /** The parsed JSON body, or the raw text when it was not JSON, or undefined when empty. */
  body: unknown;
  /** The request loads a script (static asset): a 5xx is rejected quietly. */
  isScript?: boolean;
  /** The user has moved to another page since the request started: a 5xx is ignored. */
  navigatedAway?: boolean;
  /** The caller shows a 5xx itself (work on screen that a move to /error would lose): rejected to it. */
  inline?: boolean;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Where a 5xx sends the user: /error with the code from the body's title, or from the raw body. */
export function errorPageFor(body: unknown): string {
  if (isObject(body) && typeof body.title === 'string') {
    const params = new URLSearchParams({ errorCode: body.title });
    const description = body.message ?? body.description ?? body.detail;
    if (typeof description === 'string') params.set('description', description);
    if (typeof body.errorCode === 'string') params.set('reference', body.errorCode);
    return `/error?${params}`;
  }
  if (typeof body === 'string' && body.trim()) return `/error?${new URLSearchParams({ errorCode: body.trim().slice(0, 200) })}`;
  return '/error';
}

export function decide({ status, body, isScript, navigatedAway, inline }: FailureContext): ErrorAction {
  // 409 (a name that is taken) is about the input as much as a 400, with field errors to show: passed on the same way.
  if (status === 400 || status === 409) {
    const base = isObject(body) ? body : { message: typeof body === 'string' ? body : undefined };
    return { kind: 'pass', body: { ...base, contain_error: true } };
  }
  if (status === 401) {
    const loggedIn = isObject(body) && (body.isLoggedIn === true || body.loggedIn === true);
    return { kind: 'navigate', to: loggedIn ? '/401' : '/login' };
  }
  if (status >= 500) {
    if (isScript) return { kind: 'reject', quiet: true };
    if (inline) return { kind: 'reject', quiet: false };
    if (navigatedAway) return { kind: 'ignore' };
    return { kind: 'navigate', to: errorPageFor(body) };
  }
  return { kind: 'reject', quiet: false };
}
