// Files made in the tests, previewed as the route does (server/datasources/preview.ts).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
