import { describe, expect, it } from 'vitest';
import { columnNamed, csv, previewOf } from './datasources-upload';

/** Windows-1252 bytes of a text (what Excel on Windows saves as "CSV"). */
const windows1252 = (text: string) => Buffer.from([...text].map((ch) => ({ é: 0xe9, ü: 0xfc, '€': 0x80 })[ch] ?? ch.charCodeAt(0)));

describe('text files: encodings, delimiters, quoting', () => {
  it('reads a Windows-1252 file with é and ü', async () => {
    const { definition, rows, notes } = await previewOf('kunden.csv', windows1252('Stadt;Café;Betrag\r\nMünchen;Crème brûlée;12€\r\nZürich;Thé;9€\r\n'));
    expect(definition).toMatchObject({ encoding: 'windows-1252', delimiter: ';' });
    expect(definition.columns.map((c) => c.name)).toEqual(['Stadt', 'Café', 'Betrag']);
    expect(rows[0]).toEqual({ stadt: 'München', cafe: 'Crème brûlée', betrag: '12€' });
    expect(notes.join(' ')).toMatch(/Windows-1252/);
  });

  it('reads UTF-8 with a byte order mark, without the mark in the first name', async () => {
    const { definition, rows } = await previewOf('bom.csv', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('Name of store,Visits\nKöln Süd,3\nBonn,4\n')]));
    expect(definition).toMatchObject({ encoding: 'utf-8', delimiter: ',' });
    expect(definition.columns[0]).toMatchObject({ key: 'name_of_store', name: 'Name of store' });
    expect(rows[0]).toEqual({ name_of_store: 'Köln Süd', visits: 3 });
  });

  it('reads a German Excel file: semicolons, decimal commas and thousands points', async () => {
    const file = csv([['Filiale', 'Umsatz', 'Anteil', 'PLZ'], ['Nord', '1.234,50', '0,25', '01067'], ['Süd', '980,00', '0,5', '80331'], ['West', '12,75', '1', '50667']], ';');
    const preview = await previewOf('umsatz.csv', file);
    expect(preview.definition).toMatchObject({ delimiter: ';', decimalSeparator: ',' });
    expect(columnNamed(preview, 'Umsatz')).toMatchObject({ typeName: 'Number', whole: false });
    // A postcode with a leading zero stays text.
    expect(columnNamed(preview, 'PLZ')).toMatchObject({ typeName: 'String' });
    expect(preview.rows.map((r) => r.umsatz)).toEqual([1234.5, 980, 12.75]);
    expect(preview.rows[0].plz).toBe('01067');
  });

  it('reads tabs, and quoted cells with delimiters, quotes and line breaks inside', async () => {
    const tsv = await previewOf('x.tsv', 'a\tb\n1\tone\n2\ttwo\n');
    expect(tsv.definition.delimiter).toBe('\t');
    const quoted = await previewOf('q.csv', 'id,comment\n1,"Line one\nline two, with ""quotes"""\n2,plain\n');
    expect(quoted.rows).toEqual([
      { id: 1, comment: 'Line one\nline two, with "quotes"' },
      { id: 2, comment: 'plain' },
    ]);
  });

  it('makes duplicate header names unique and says so', async () => {
    const preview = await previewOf('d.csv', 'Name,Score,Name,,Score\nA,1,B,x,2\n');
    expect(preview.definition.columns.map((c) => c.name)).toEqual(['Name', 'Score', 'Name (2)', 'Column 4', 'Score (2)']);
    expect(new Set(preview.definition.columns.map((c) => c.key)).size).toBe(5);
    expect(preview.notes.join(' ')).toMatch(/Duplicate column names were made unique by a number: "Name", "Score"/);
  });

  it('keeps cells that start like a formula as text and notes them', async () => {
    const preview = await previewOf('f.csv', 'id,comment,delta\n1,"=HYPERLINK(""http://x"")",-5\n2,@SUM(A1),+3\n3,fine,2\n');
    expect(preview.rows[0].comment).toBe('=HYPERLINK("http://x")');
    expect(preview.rows[1].comment).toBe('@SUM(A1)');
    // Signed numbers in a number column are numbers, not formulas.
    expect(preview.rows.map((r) => r.delta)).toEqual([-5, 3, 2]);
    expect(preview.notes).toContain('Column "comment" has 2 cells starting with =, +, - or @: they stay text and are never evaluated as formulas.');
  });

  it('reads a Windows-1252 file as such when its first accented letter comes after 100 KB of plain lines', async () => {
    const plain = Array.from({ length: 4000 }, (_, i) => `${i},Berlin,fine`).join('\r\n');
    const file = Buffer.concat([Buffer.from(`id,city,comment\r\n${plain}\r\n`), Buffer.from('4000,M\xfcnchen,gr\xfc\xdf Gott\r\n', 'latin1')]);
    expect(file.length).toBeGreaterThan(64 * 1024);
    const preview = await previewOf('late.csv', file);
    expect(preview.definition.encoding).toBe('windows-1252');
    expect(preview.notes.join(' ')).toMatch(/Windows-1252/);
  });
});
