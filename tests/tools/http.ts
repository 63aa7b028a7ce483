// Calls to a running portal over real HTTP, shared by the suites (security, cluster, faults) and the
// benchmarks: node:http rather than fetch, so a caller can come from its own loopback address.
import { request, type Agent, type IncomingMessage } from 'node:http';
import { DEMO_PASSWORD } from '../../server/seed/people';

/* eslint-disable @typescript-eslint/no-explicit-any -- response bodies are read field by field by callers */
export interface Reply {
  status: number;
  /** The answer as JSON when it is JSON, else its text. */
  body: any;
  text: string;
  bytes: Buffer;
  headers: Record<string, string | string[] | undefined>;
  /** Set-Cookie lines of the answer. */
  cookies: string[];
}
/* eslint-enable @typescript-eslint/no-explicit-any */

export interface CallOptions {
  body?: unknown;
  /** A form body (application/x-www-form-urlencoded). */
  form?: Record<string, string>;
  raw?: string;
  token?: string;
  /** The client's own address: any 127.0.0.0/8 address is a different client on loopback. */
  from?: string;
  headers?: Record<string, string>;
  /** A keep-alive agent of the caller's; by default a connection per request. */
  agent?: Agent;
}

/** One request to `base` (http://host:port); resolves with the whole answer, rejects when the connection fails. */
export function call(base: string, method: string, path: string, { body, form, raw, token, from, headers = {}, agent }: CallOptions = {}): Promise<Reply> {
  const url = new URL(base);
  const payload = raw ?? (form ? new URLSearchParams(form).toString() : body === undefined ? undefined : JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        method,
        path,
        localAddress: from,
        // Without an agent, a connection per request: each is its own client, and an early answer (413) cannot spoil the next.
        agent: agent ?? false,
        headers: {
          'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(payload !== undefined ? { 'content-length': Buffer.byteLength(payload) } : {}),
          ...headers,
        },
      },
      (res) => readReply(res).then(resolve, reject),
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** The whole answer of a response: its body as JSON when it is JSON, else as text. */
export function readReply(res: IncomingMessage): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('error', reject);
    res.on('end', () => {
      const bytes = Buffer.concat(chunks);
      const text = bytes.toString('utf8');
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // not JSON: keep the text
      }
      resolve({ status: res.statusCode ?? 0, body: parsed, text, bytes, headers: res.headers, cookies: res.headers['set-cookie'] ?? [] });
    });
  });
}

/** Signs in with a password; the answer's access and refresh tokens, or an error with the answer's text. */
export async function signIn(base: string, username: string, password = DEMO_PASSWORD, from?: string): Promise<{ access: string; refresh: string }> {
  const res = await call(base, 'POST', '/api/identity/token', { body: { username, password }, from });
  if (res.status !== 200) throw new Error(`sign-in of ${username} failed: ${res.status} ${res.text}`);
  return { access: res.body.content.access_token, refresh: res.body.content.refresh_token };
}
