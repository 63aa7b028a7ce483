import { describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import JSZip from 'jszip';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ZipStream } from '../../../server/export/zip-stream';
import { writeRecordsWorkbook } from '../../../server/export/xlsx-records';
import type { Column } from '../../../server/smartdata/schema';
import { uncaughtDuring } from '../../tools/uncaught';

const about = { title: 'Records', author: 'someone', dateTime: '2026-11-20T12-00', filters: [] };
const columns = [{ key: 'Id', name: 'Id', typeName: 'Number' }] as Column[];

/** A whole small zip written beside: the file system has answered everything asked of it before. */
async function settle(dir: string) {
  const zip = new ZipStream(join(dir, 'settle.zip'));
  await zip.add('a.txt', ['a']);
  await zip.close();
}

describe('a workbook whose writing fails', () => {
  it('rejects the writer when the rows fail at their first read, and nothing is left unhandled', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cx-zip-'));
    try {
      const uncaught = await uncaughtDuring(async () => {
        // eslint-disable-next-line require-yield -- rows that fail before the first one
        const failing = async function* (): AsyncGenerator<unknown[][]> {
          throw new Error('Unknown sort field "x".');
        };
        await expect(writeRecordsWorkbook(join(dir, 'a.xlsx'), columns, failing(), about)).rejects.toThrow('Unknown sort field "x".');
        await settle(dir);
      });
      expect(uncaught).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('rejects the writer when the file cannot be opened, and nothing is left unhandled', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cx-zip-'));
    try {
      const uncaught = await uncaughtDuring(async () => {
        const rows = async function* () {
          yield [[1], [2]];
        };
        await expect(writeRecordsWorkbook(join(dir, 'no-such-dir', 'a.xlsx'), columns, rows(), about)).rejects.toMatchObject({ code: 'ENOENT' });
        await settle(dir);
      });
      expect(uncaught).toEqual([]);
      expect(readdirSync(dir)).toEqual(['settle.zip']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('text that looks like a formula in the records workbook', () => {
  it('stays the text it was, in cells Excel keeps as text also once edited (quotePrefix), headers too', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cx-zip-'));
    try {
      const cols = [{ key: 'c', name: '=Comment', typeName: 'String' }, { key: 'n', name: 'Note', typeName: 'String' }] as Column[];
      async function* rows() {
        yield [['=HYPERLINK("http://evil.example","click")', 'plain'], ['+1', '@SUM(A1)']];
      }
      const file = join(dir, 'r.xlsx');
      await writeRecordsWorkbook(file, cols, rows(), about);
      const zip = await JSZip.loadAsync(readFileSync(file));
      const sheet = await zip.file('xl/worksheets/sheet1.xml')!.async('string');
      const xfs = [...(await zip.file('xl/styles.xml')!.async('string')).split('<cellXfs')[1].matchAll(/<xf [^>]*>/g)].map((m) => m[0]);
      const styleOf = (text: string) => xfs[Number(new RegExp(`s="(\\d+)"><is><t xml:space="preserve">${text.replace(/[()+"]/g, (c) => (c === '"' ? '&quot;' : `\\${c}`))}<`).exec(sheet)?.[1] ?? 0)];
      expect(sheet).not.toContain('<f>');
      for (const text of ['=Comment', '=HYPERLINK("http://evil.example","click")', '+1', '@SUM(A1)']) expect(styleOf(text), text).toContain('quotePrefix="1"');
      expect(styleOf('=Comment')).toContain('fontId="1"');
      expect(sheet).toContain('<t xml:space="preserve">plain</t>');
      expect(sheet).not.toMatch(/s="\d+"><is><t xml:space="preserve">plain</);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
