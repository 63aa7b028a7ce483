// A minimal static file server for benchmarks: maps URL prefixes to folders, on a free port.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';

const TYPES = { '.js': 'text/javascript', '.html': 'text/html', '.css': 'text/css', '.json': 'application/json', '.svg': 'image/svg+xml' };

/** @param {Record<string, string>} mounts URL prefix -> folder; @param {Record<string, string>} pages path -> HTML */
export function serveStatic(mounts, pages = {}) {
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    if (pages[path]) return send(res, 200, '.html', pages[path]);
    const prefix = Object.keys(mounts).find((p) => path.startsWith(p));
    if (!prefix) return send(res, 404, '.txt', 'not found');
    const file = normalize(join(mounts[prefix], path.slice(prefix.length)));
    if (!file.startsWith(normalize(mounts[prefix]))) return send(res, 403, '.txt', 'forbidden');
    try {
      send(res, 200, extname(file), await readFile(file));
    } catch {
      send(res, 404, '.txt', 'not found');
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, port: server.address().port })));
}

function send(res, status, ext, body) {
  res.writeHead(status, { 'content-type': TYPES[ext] ?? 'text/plain' });
  res.end(body);
}
