import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';

/**
 * POSTs that only read (queries sent as bodies): retried on another process when the first one
 * dies mid-answer, like GETs. Other POSTs write, and a write is never sent twice.
 */
export const READ_ONLY_POSTS = ['/api/smartdata/', '/api/dataviz/visuals/', '/api/dataviz/smartFilterDataSource/', '/api/dashboard/visuals/', '/api/dataviewer/data/', '/api/dataviewer/cards/', '/api/dataviewer/schema/', '/api/dataviewer/analytics/data/'];

export interface Backend {
  name: string;
  port: number;
}

/** HAProxy's configuration: one front on `port`, round robin over `backends`, each health-checked every 500 ms. */
export function haproxyConfig(host: string, port: number, backends: Backend[], socket: string): string {
  return `global
  maxconn 4096
  stats socket ${socket} mode 600 level admin

defaults
  mode http
  timeout connect 2s
  timeout client 120s
  timeout server 120s
  option forwardfor
  # A refused connection is tried again, on another process (redispatch on every retry).
  retries 3
  option redispatch 1
  # A process that dies mid-answer: reads are tried again elsewhere, writes are not.
  retry-on conn-failure empty-response response-timeout

frontend portal
  bind ${host}:${port}
  default_backend api

backend api
  balance roundrobin
  acl read_only_post path_beg ${READ_ONLY_POSTS.join(' ')}
  http-request disable-l7-retry if METH_POST !read_only_post
  http-request disable-l7-retry if METH_PUT || METH_DELETE || { method PATCH }
  option httpchk GET /api/health
  http-check expect status 200
  # A busy process answers its check late, not never: 2 s before a check fails, three to go down.
  timeout check 2s
  default-server inter 500ms fall 3 rise 2
${backends.map((b) => `  server ${b.name} 127.0.0.1:${b.port} check`).join('\n')}
`;
}

/** Debian's haproxy, installed with apt-get when missing and this is root; else a clear error. */
export function haproxyBinary(): string {
  for (const path of ['/usr/sbin/haproxy', '/usr/bin/haproxy', '/usr/local/sbin/haproxy']) if (existsSync(path)) return path;
  if (process.getuid?.() !== 0) throw new Error('HAProxy is not installed: run "apt-get install haproxy" (Debian) as root, then start the cluster again.');
  console.log("Installing Debian's haproxy");
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', 'haproxy'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  return haproxyBinary();
}

/** Starts HAProxy in the foreground (-db) with a configuration written to `dir`. */
export function startHaproxy(dir: string, host: string, port: number, backends: Backend[]): { child: ChildProcess; socket: string } {
  const socket = join(dir, 'haproxy.sock');
  const config = join(dir, 'haproxy.cfg');
  writeFileSync(config, haproxyConfig(host, port, backends, socket));
  execFileSync(haproxyBinary(), ['-c', '-q', '-f', config]);
  const child = spawn(haproxyBinary(), ['-db', '-f', config], { stdio: ['ignore', 'ignore', 'inherit'] });
  return { child, socket };
}

/** The servers' states as HAProxy sees them ('UP', 'DOWN', ...), from its stats socket. */
export function serverStates(socket: string): Promise<Record<string, string>> {
  return new Promise((resolve, reject) => {
    let text = '';
    const conn = connect(socket, () => conn.write('show stat\n'));
    conn.on('data', (d) => (text += String(d)));
    conn.on('error', reject);
    conn.on('end', () => {
      const [head, ...rows] = text.trim().split('\n');
      const cols = head.replace(/^# /, '').split(',');
      const states: Record<string, string> = {};
      for (const row of rows.map((r) => r.split(','))) {
        if (row[cols.indexOf('pxname')] !== 'api' || ['FRONTEND', 'BACKEND'].includes(row[cols.indexOf('svname')])) continue;
        states[row[cols.indexOf('svname')]] = row[cols.indexOf('status')].split(' ')[0];
      }
      resolve(states);
    });
  });
}
