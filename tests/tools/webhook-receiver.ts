/**
 * A local HTTPS receiver of webhook deliveries for the tests: a self-signed certificate made with
 * the `openssl` CLI in `certDir` (cert.pem, key.pem: give the portal cert.pem as WEBHOOK_CA_FILE),
 * HTTPS on 127.0.0.1 that records each request (method, path, headers, body) and answers 200, or
 * 500 for the next N requests when told so. A plain-HTTP control port serves GET /received (the
 * records as JSON), POST /fail?count=N[&status=500][&path=/only/this] and POST /reset.
 *
 * In-process: `await startWebhookReceiver({ certDir })`. Standalone (Playwright's webServer):
 * `tsx tests/tools/webhook-receiver.ts` with env HTTPS_PORT (default 8443), CONTROL_PORT (8444)
 * and CERT_DIR (.tmp/webhook-cert).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
  /** The status this receiver answered. */
  status: number;
  at: string;
}

export interface WebhookReceiver {
  /** https://127.0.0.1:<port> */
  httpsOrigin: string;
  /** http://127.0.0.1:<port> (the control port) */
  controlOrigin: string;
  /** The certificate to trust (WEBHOOK_CA_FILE). */
  caFile: string;
  received: ReceivedRequest[];
  /** The next `count` requests are answered with `status` (500). */
  /** The next `count` requests (to `path` only, when given) are answered with `status`. */
  failNext: (count: number, status?: number, path?: string) => void;
  reset: () => void;
  close: () => Promise<void>;
}

/** A self-signed certificate for localhost and 127.0.0.1, made once per directory. */
export function ensureCertificate(certDir: string): { cert: string; key: string } {
  const cert = join(certDir, 'cert.pem');
  const key = join(certDir, 'key.pem');
  if (existsSync(cert) && existsSync(key)) return { cert, key };
  mkdirSync(certDir, { recursive: true });
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
  } catch {
    throw new Error('The webhook receiver needs the openssl command line tool to make its certificate.');
  }
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '30', '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1'],
    { stdio: 'ignore' },
  );
  return { cert, key };
}

const readAll = (req: IncomingMessage) =>
  new Promise<string>((done, fail) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => done(Buffer.concat(chunks).toString('utf8')));
    req.on('error', fail);
  });

const listen = (server: Server, port: number) =>
  new Promise<number>((done, fail) => {
    server.once('error', fail);
    server.listen(port, '127.0.0.1', () => done((server.address() as AddressInfo).port));
  });

export async function startWebhookReceiver(options: { certDir: string; httpsPort?: number; controlPort?: number }): Promise<WebhookReceiver> {
  const { cert, key } = ensureCertificate(resolve(options.certDir));
  const received: ReceivedRequest[] = [];
  const failing: { count: number; status: number; path?: string } = { count: 0, status: 500 };

  const https = createHttpsServer({ cert: readFileSync(cert), key: readFileSync(key) }, (req, res) => {
    void readAll(req).then((body) => {
      const fails = failing.count > 0 && (failing.path === undefined || failing.path === req.url);
      const status = fails ? (failing.count--, failing.status) : 200;
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')]));
      received.push({ method: req.method ?? '', path: req.url ?? '', headers, body, status, at: new Date().toISOString() });
      res.writeHead(status, { 'content-type': 'text/plain' });
      res.end(status === 200 ? 'ok' : 'failing as told');
    });
  });
  const control = createHttpServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const answer = (value: unknown) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(value));
    };
    if (req.method === 'POST' && url.pathname === '/fail') {
      failNext(Number(url.searchParams.get('count') ?? 1), Number(url.searchParams.get('status') ?? 500), url.searchParams.get('path') ?? undefined);
      return answer({ failing: failing.count });
    }
    if (req.method === 'POST' && url.pathname === '/reset') return answer((reset(), { received: 0 }));
    if (url.pathname === '/received') return answer(received);
    answer({ ok: true });
  });
  const failNext = (count: number, status = 500, path?: string) => Object.assign(failing, { count, status, path });
  const reset = () => {
    received.length = 0;
    failing.count = 0;
  };
  const httpsPort = await listen(https as unknown as Server, options.httpsPort ?? 0);
  const controlPort = await listen(control, options.controlPort ?? 0);
  const close = async () => {
    await Promise.all([https, control].map((s) => new Promise<void>((done) => (s.closeAllConnections(), s.close(() => done())))));
  };
  return { httpsOrigin: `https://127.0.0.1:${httpsPort}`, controlOrigin: `http://127.0.0.1:${controlPort}`, caFile: cert, received, failNext, reset, close };
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const receiver = await startWebhookReceiver({
    certDir: process.env.CERT_DIR ?? '.tmp/webhook-cert',
    httpsPort: Number(process.env.HTTPS_PORT ?? 8443),
    controlPort: Number(process.env.CONTROL_PORT ?? 8444),
  });
  console.log(`Webhook receiver on ${receiver.httpsOrigin} (certificate ${receiver.caFile}); control on ${receiver.controlOrigin}/received`);
}
