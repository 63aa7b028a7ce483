import { createHmac } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { request, type RequestOptions } from 'node:https';
import type { LookupFunction } from 'node:net';
import { rootCertificates } from 'node:tls';
import { hostOf, resolvePublic, urlProblem } from './address';

/** How long an attempt may take, connection to last byte read. */
export const ATTEMPT_TIMEOUT_MS = 10_000;
/** How much of a receiver's answer the log keeps. */
export const ANSWER_BYTES = 2048;

export interface SendResult {
  /** The HTTP status, or null when no answer came (the error says why). */
  status: number | null;
  error: string | null;
  /** The first 2 KB of the answer's body. */
  answer: string | null;
}

/** `sha256=<hex>` of HMAC-SHA256(secret, `${timestamp}.${body}`): what X-CX-Signature carries. */
export const signatureOf = (secret: string, timestamp: number, body: string) => `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;

// WEBHOOK_CA_FILE: a PEM of extra certificate authorities (a receiver with its own CA), read at
// the first delivery that needs it and kept, next to the default ones.
let trusted: { file: string; ca: Promise<string[]> } | undefined;
function trustedCas(env: NodeJS.ProcessEnv): Promise<string[]> | undefined {
  const file = env.WEBHOOK_CA_FILE;
  if (!file) return undefined;
  if (trusted?.file !== file) trusted = { file, ca: readFile(file, 'utf8').then((pem) => [...rootCertificates, pem]) };
  return trusted.ca;
}

/**
 * The connection goes to an address checked here, at connection time: a name that resolved to a
 * public address when saved may resolve to a private one now (DNS rebinding).
 */
const checkedLookup = (env: NodeJS.ProcessEnv): LookupFunction => (hostname, options, callback) => {
  resolvePublic(hostname, env).then(
    (addresses) => {
      const usable = options.family ? addresses.filter((a) => a.family === options.family) : addresses;
      if (!usable.length) return callback(Object.assign(new Error(`No address of ${hostname}.`), { code: 'ENOTFOUND' }), '', 0);
      if (options.all) return (callback as unknown as (e: null, a: typeof usable) => void)(null, usable);
      callback(null, usable[0].address, usable[0].family);
    },
    (error: Error) => callback(Object.assign(error, { code: 'EREFUSED' }), '', 0),
  );
};

/**
 * POSTs `body` to `url` signed with `secret`: one attempt, no redirect followed (a 3xx is an
 * answer like any other that is not 2xx), at most ATTEMPT_TIMEOUT_MS, the answer kept to its first
 * ANSWER_BYTES. Never throws: a failure is in the result.
 */
export async function postSigned(
  url: string,
  body: string,
  headers: { event: string; deliveryId: string; secret: string; timestamp: number },
  env: NodeJS.ProcessEnv = process.env,
): Promise<SendResult> {
  const failed = (error: string): SendResult => ({ status: null, error, answer: null });
  const problem = urlProblem(url);
  if (problem) return failed(problem);
  const target = new URL(url);
  const host = hostOf(target);
  try {
    // An address literal is never looked up by the socket: checked here.
    await resolvePublic(host, env);
  } catch (error) {
    return failed((error as Error).message);
  }
  let ca: string[] | undefined;
  try {
    ca = await trustedCas(env);
  } catch (error) {
    return failed(`WEBHOOK_CA_FILE could not be read: ${(error as Error).message}`);
  }
  const options: RequestOptions = {
    method: 'POST',
    host,
    port: target.port || 443,
    path: `${target.pathname}${target.search}`,
    agent: false,
    lookup: checkedLookup(env),
    ...(ca ? { ca } : {}),
    headers: {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      'user-agent': 'CX-Portal-Webhooks/1',
      'x-cx-event': headers.event,
      'x-cx-delivery': headers.deliveryId,
      'x-cx-timestamp': String(headers.timestamp),
      'x-cx-signature': signatureOf(headers.secret, headers.timestamp, body),
    },
  };
  return new Promise<SendResult>((resolve) => {
    let done = false;
    const finish = (result: SendResult) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      req.destroy();
      resolve(result);
    };
    const req = request(options, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const end = () => finish({ status: res.statusCode ?? null, error: null, answer: Buffer.concat(chunks).subarray(0, ANSWER_BYTES).toString('utf8') });
      res.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        if (size >= ANSWER_BYTES) end();
      });
      res.on('end', end);
      res.on('error', end);
    });
    const timer = setTimeout(() => finish(failed(`No answer within ${ATTEMPT_TIMEOUT_MS / 1000} s.`)), ATTEMPT_TIMEOUT_MS);
    req.on('error', (error: NodeJS.ErrnoException) => finish(failed(error.message || error.code || 'The connection failed.')));
    req.end(body);
  });
}
