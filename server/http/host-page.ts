import { createHash } from 'node:crypto';

/**
 * The CSP sources that allow a page's inline styles, each by its SHA-256: the host page carries
 * its small stylesheet inline (vite.config.ts, inlineHostStyles), and no other inline style runs.
 */
export function inlineStyleSources(html: string): string[] {
  return [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => `'sha256-${createHash('sha256').update(m[1], 'utf8').digest('base64')}'`);
}
