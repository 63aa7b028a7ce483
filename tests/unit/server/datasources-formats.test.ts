import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { DuckDBInstance } from '@duckdb/node-api';
import { columnNamed, previewOf, scratch } from './datasources-upload';

let files: Awaited<ReturnType<typeof scratch>>;
beforeAll(async () => (files = await scratch()));
afterAll(() => files.done());

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);

describe('workbooks, JSON Lines and Parquet', () => {
  it('reads the first worksheet of an XLSX workbook written by exceljs', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Responses');
    sheet.addRow(['Response', 'Submitted', 'How likely are you to recommend us?', 'Region', 'Total']);
    sheet.addRow(['r1', new Date(Date.UTC(2015, 1, 24, 11, 35)), 9, 'North', { formula: 'C2*2', result: 18 }]);
    sheet.addRow(['r2', new Date(Date.UTC(2015, 1, 25, 8, 0)), 4, 'South', { formula: 'C3*2', result: 8 }]);
    workbook.addWorksheet('Other').addRow(['not', 'read']);
    const path = files.path('book.xlsx');
    await workbook.xlsx.writeFile(path);
    const preview = await previewOf('book.xlsx', await readFile(path));
    expect(preview.definition).toMatchObject({ format: 'xlsx', sheet: 'Responses', headerRows: 1, idColumn: 'response', dateKey: 'submitted' });
    expect(columnNamed(preview, 'How likely are you to recommend us?')).toMatchObject({ role: 'score', score: { kind: 'NPS' } });
    expect(preview.rows).toEqual([
      { response: 'r1', submitted: '2015-02-24T11:35:00', how_likely_are_you_to_recommend_us: 9, region: 'North', total: 18 },
      { response: 'r2', submitted: '2015-02-25T08:00:00', how_likely_are_you_to_recommend_us: 4, region: 'South', total: 8 },
    ]);
  });

  it('reads JSON Lines', async () => {
    const lines = [
      { id: 1, score: 9, store: 'North', at: '2015-02-24 11:35:00', tags: ['a'] },
      { id: 2, score: 6, store: 'South', at: '2015-02-25 09:00:00', tags: [] },
    ];
    const preview = await previewOf('feed.jsonl', lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
    expect(preview.definition).toMatchObject({ format: 'jsonl', headerRows: 0, idColumn: 'id', dateKey: 'at' });
    expect(preview.definition.columns.map((c) => [c.key, c.typeName])).toEqual([
      ['id', 'Number'],
      ['score', 'Number'],
      ['store', 'String'],
      ['at', 'DateTime'],
      ['tags', 'String'],
    ]);
    expect(preview.rows[0]).toEqual({ id: 1, score: 9, store: 'North', at: '2015-02-24T11:35:00', tags: '["a"]' });
  });

  it('reads a Parquet file written by DuckDB', async () => {
    const path = files.path('data.parquet');
    const instance = await DuckDBInstance.create(':memory:');
    const connection = await instance.connect();
    await connection.run(
      `COPY (SELECT i AS id, i % 11 AS "How likely are you to recommend us?", CASE WHEN i % 2 = 0 THEN 'North' ELSE 'South' END AS region,
              TIMESTAMP '2015-02-24 11:35:00' + i * INTERVAL 1 HOUR AS answered FROM range(1, 101) t(i)) TO '${path}' (FORMAT PARQUET)`,
    );
    connection.closeSync();
    instance.closeSync();
    const preview = await previewOf('data.parquet', await readFile(path));
    expect(preview.definition).toMatchObject({ format: 'parquet', idColumn: 'id', dateKey: 'answered' });
    expect(preview.sampledRows).toBe(100);
    expect(preview.rows).toHaveLength(20);
    expect(preview.rows[0]).toEqual({ id: 1, how_likely_are_you_to_recommend_us: 1, region: 'South', answered: '2015-02-24T12:35:00' });
    expect(columnNamed(preview, 'region').role).toBe('dimension');
  });

  it('finds the format from the content when the file has no name', async () => {
    expect((await previewOf(null, '{"a":1}\n{"a":2}\n')).definition.format).toBe('jsonl');
    expect((await previewOf(null, 'a,b\n1,2\n')).definition.format).toBe('csv');
  });
});

describe('files that are not what they say', () => {
  it('refuses a PNG named .csv, an .xlsx that is not a zip, and Parquet that is not Parquet', async () => {
    await expect(previewOf('photo.csv', PNG)).rejects.toMatchObject({ status: 400, message: 'The file photo.csv should be CSV text, but it holds a PNG image.' });
    await expect(previewOf('book.xlsx', 'a,b\n1,2\n')).rejects.toMatchObject({ status: 400, message: 'The file book.xlsx should be an XLSX workbook, but it holds no zip archive (an .xlsx workbook is one).' });
    await expect(previewOf('d.parquet', 'a,b\n')).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/should be a Parquet file/) });
    await expect(previewOf('x.docx', 'a')).rejects.toMatchObject({ status: 400, message: 'Files of type .docx are not read: send CSV, TSV, XLSX, JSON Lines or Parquet.' });
    await expect(previewOf('old.xls', 'a')).rejects.toMatchObject({ status: 400 });
  });

  it('refuses a zip that is no workbook, and JSON that is no JSON', async () => {
    // A zip's signature and then junk: exceljs cannot read it.
    const broken = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 7)]);
    await expect(previewOf('broken.xlsx', broken)).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/workbook/) });
    await expect(previewOf('bad.jsonl', '{"a": \n')).rejects.toMatchObject({ status: 400, message: 'The file could not be read as JSON Lines (one JSON object a line).' });
  });

  it('refuses more columns than a data source holds, naming the limit', async () => {
    const header = Array.from({ length: 1200 }, (_, i) => `c${i}`).join(',');
    await expect(previewOf('wide.csv', `${header}\n`)).rejects.toMatchObject({ status: 400, message: 'The file has 1,200 columns; a data source holds at most 1,000.' });
  });
});
