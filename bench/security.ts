// `npm run bench:security`: how long a wrong sign-in and a reset request take for a known and an
// unknown user name over HTTP, so the timing tells no one which accounts exist. Prints medians.
import { request } from 'node:http';
import { startPortal, seedFresh } from './setup';
import { median } from './stats';

const DIR = '.tmp/bench-security';
const ROUNDS = 40;

/** One POST from its own loopback address (a fresh client each time, so no lock or throttle is met). */
function post(base: string, path: string, body: unknown, from: string): Promise<{ status: number; ms: number }> {
  const url = new URL(path, base);
  const payload = JSON.stringify(body);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(
      { host: url.hostname, port: url.port, path: url.pathname, method: 'POST', localAddress: from, agent: false, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

await seedFresh(DIR, 1000, new Date());
const portal = await startPortal(DIR);
try {
  let client = 0;
  const next = () => `127.0.${2 + Math.floor(client / 250)}.${(client++ % 250) + 2}`;
  const measure = async (label: string, path: string, body: (i: number) => unknown) => {
    const times: number[] = [];
    for (let i = 0; i < ROUNDS; i++) times.push((await post(portal.base, path, body(i), next())).ms);
    return { label, median: median(times) };
  };
  const rows = [
    await measure('wrong password, known user', '/api/identity/token', () => ({ username: 'portaluser@demo.cx', password: 'not-the-password' })),
    await measure('wrong password, unknown user', '/api/identity/token', (i) => ({ username: `nobody${i}@demo.cx`, password: 'not-the-password' })),
    await measure('reset request, known user', '/api/identity/requestResetpassword', () => ({ username: 'portaluser@demo.cx' })),
    await measure('reset request, unknown user', '/api/identity/requestResetpassword', (i) => ({ username: `nobody${i}@demo.cx` })),
  ];
  console.log(`\n${ROUNDS} requests each, one client address per request (medians; a wrong password waits 1 s on purpose):`);
  for (const r of rows) console.log(`  ${r.label.padEnd(30)} ${fmt(r.median)}`);
  console.log(`  sign-in difference known - unknown: ${fmt(rows[0].median - rows[1].median)}; reset: ${fmt(rows[2].median - rows[3].median)}`);
} finally {
  portal.stop();
}
