import { serve } from '@hono/node-server';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { createApp } from './app';

const distDir = resolve(process.env.DIST_DIR ?? 'dist');
if (!existsSync(resolve(distDir, 'host', 'index.html'))) {
  console.error(`No build found in ${distDir}: run "npm run build" first (npm start does).`);
  process.exit(1);
}

const port = Number(process.env.PORT ?? 8080);
const server = serve({ fetch: createApp({ distDir }).fetch, port, hostname: process.env.HOST ?? '0.0.0.0' }, (info) => {
  console.log(`CX portal on http://localhost:${info.port}/  (demo pages: http://localhost:${info.port}/demo/)`);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => server.close(() => process.exit(0)));
}
