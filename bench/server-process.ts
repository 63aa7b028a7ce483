// The API alone, on a DuckDB file, for bench/server.ts: PORT and DATA_DIR from the environment.
import { serve } from '@hono/node-server';
import { createApp } from '../server/app';
import { openDb } from '../server/db';

const db = await openDb();
const app = createApp({ deps: { db, secret: 'bench-secret', now: () => new Date() } });
serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' }, () => console.log('ready'));
