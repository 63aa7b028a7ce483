import { Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';

export interface AppOptions {
  /** The `vite build` output: elements/, host/, demo/. */
  distDir: string;
}

/** No inline scripts or styles anywhere: elements adopt constructable stylesheets. */
export const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'self'";

/** The portal server: static elements, demo pages and the host app with history fallback. */
export function createApp({ distDir }: AppOptions): Hono {
  const app = new Hono();
  const root = relative(process.cwd(), distDir) || '.';

  app.use('*', async (c, next) => {
    await next();
    c.header('X-Content-Type-Options', 'nosniff');
    if (c.res.headers.get('content-type')?.startsWith('text/html')) {
      c.header('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    }
  });

  app.all('/api/*', (c) => c.json({ message: `No API route for ${c.req.method} ${c.req.path}` }, 404));

  app.get('/demo', (c) => c.redirect('/demo/'));
  app.use('/demo/*', serveStatic({ root, rewriteRequestPath: (p) => (p.endsWith('/') ? `${p}index.html` : p) }));
  app.use('/elements/*', serveStatic({ root }));
  app.use('/host/*', serveStatic({ root }));

  // Every other GET is a portal route: the host page decides what to show (including Page Not Found).
  const hostPage = join(distDir, 'host', 'index.html');
  app.get('*', async (c) => {
    if (/\.[a-z0-9]+$/i.test(c.req.path)) return c.text('Not found', 404);
    return c.html(await readFile(hostPage, 'utf8'));
  });
  return app;
}
