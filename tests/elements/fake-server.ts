import { setFetch } from '../../src/api/client';

/** One call an element made, as the server saw it. */
export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: string;
}

/** A JSON answer (204: none). */
export const json = (body: unknown, status = 200) => new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Answers the elements' calls by `route(method, path, call)` (404 where it has none), recording every call. */
export function server(route: (method: string, path: string, call: Call) => Response | undefined): Call[] {
  const calls: Call[] = [];
  setFetch(async (input, init) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url, location.href);
    const call = { method: request.method, path: url.pathname, query: url.searchParams, body: request.body ? await request.text() : '' };
    calls.push(call);
    return route(call.method, call.path, call) ?? json({ message: 'Not found.' }, 404);
  });
  return calls;
}

/** Sends the elements' calls to the network again. */
export const realFetch = () => setFetch((input, init) => fetch(input, init));
