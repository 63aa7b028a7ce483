// Files made in the tests, previewed as the route does (server/datasources/preview.ts).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, vi } from 'vitest';
import type { Harness } from './harness';
import { previewLimits, type PreviewLimits } from '../../../server/datasources/limits';
import { previewFile } from '../../../server/datasources/preview';
import type { Preview } from '../../../server/datasources/definition';

/** A temporary folder for files a test writes; `done` removes it. */
export async function scratch() {
  const dir = await mkdtemp(join(tmpdir(), 'cx-ds-test-'));
  return { dir, path: (name: string) => join(dir, name), done: () => rm(dir, { recursive: true, force: true }) };
}

/** The preview of `content` uploaded as `name` (null: no name given). */
export async function previewOf(name: string | null, content: string | Buffer, options: { contentType?: string; limits?: Partial<PreviewLimits> } = {}): Promise<Preview> {
  const { path, done } = await scratch();
  const file = path('upload');
  await writeFile(file, content);
  try {
    return await previewFile({ path: file, name, contentType: options.contentType ?? null, size: Buffer.byteLength(content), discard: done }, previewLimits(options.limits));
  } finally {
    await done();
  }
}

/** A previewed column by its name. */
export const columnNamed = (preview: Preview, name: string) => {
  const column = preview.definition.columns.find((c) => c.name === name);
  if (!column) throw new Error(`no column ${name} in ${preview.definition.columns.map((c) => c.name).join(', ')}`);
  return column;
};

/** Rows of a CSV from arrays (quoted where needed). */
export const csv = (rows: Array<Array<string | number>>, delimiter = ',') =>
  rows.map((r) => r.map((v) => (/[",;\n\t]/.test(String(v)) ? `"${String(v).replace(/"/g, '""')}"` : String(v))).join(delimiter)).join('\r\n') + '\r\n';

/**
 * Creating a source from a file and importing into it through the API, as `token` (an administrator),
 * over the harness `get` gives (both read when called: tests assign them in `beforeAll`).
 */
export function sourceImports(get: () => { h: Harness; token: string }) {
  const upload = (path: string, body: string | Buffer, type = 'text/csv') => {
    const { h, token } = get();
    return h.fetch(path, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': type }, body: typeof body === 'string' ? body : new Uint8Array(body) });
  };

  /** Previews `body` and creates a source from its definition, changed by `edit`; the source's id. */
  async function sourceFrom(name: string, body: string, edit: (definition: Record<string, unknown> & { columns: Array<Record<string, unknown>> }) => void = () => undefined): Promise<string> {
    const preview = await (await upload(`/api/datasources/preview?name=${encodeURIComponent(name)}`, body)).json();
    const definition = preview.definition;
    edit(definition);
    const created = await get().h.call('POST', '/api/datasources', { token: get().token, body: definition });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.id as string;
  }

  /** Waits for an import to end; its final state. */
  const ended = (id: string, importId: string) =>
    vi.waitFor(
      async () => {
        const res = await get().h.call('GET', `/api/datasources/${id}/imports/${importId}`, { token: get().token });
        if (res.body.state === 'running') throw new Error('still running');
        return res.body;
      },
      { timeout: 30_000, interval: 20 },
    );

  /** Sends a file to import and waits for the import to end; its final state. */
  async function imported(id: string, body: string | Buffer, mode = 'append', name = 'export.csv') {
    const res = await upload(`/api/datasources/${id}/imports?mode=${mode}&name=${name}`, body);
    const started = await res.json();
    expect(res.status, JSON.stringify(started)).toBe(202);
    return ended(id, started.importId);
  }

  return { upload, sourceFrom, imported, ended };
}
