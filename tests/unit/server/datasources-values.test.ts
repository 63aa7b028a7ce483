import { describe, expect, it } from 'vitest';
import { dateFormatOf, dateOf } from '../../../server/datasources/dates';
import { columnNamed, csv, previewOf } from './datasources-upload';

describe('dates', () => {
  it('leaves day-first and month-first to the user while no value tells them apart', () => {
    expect(dateFormatOf(['02-03-2015', '05-06-2015'])).toEqual({ format: 'DD-MM-YYYY', ambiguous: true, candidates: ['DD-MM-YYYY', 'MM-DD-YYYY'] });
    expect(dateOf('02-03-2015', 'DD-MM-YYYY')).toBe('2015-03-02');
    expect(dateOf('02-03-2015', 'MM-DD-YYYY')).toBe('2015-02-03');
    expect(dateFormatOf(['02-03-2015', '24-06-2015'])).toEqual({ format: 'DD-MM-YYYY', ambiguous: false, candidates: ['DD-MM-YYYY'] });
  });

  it('reads "24-02-2015 11.35" as a spreadsheet writes it', () => {
    expect(dateFormatOf(['24-02-2015 11.35', '01-03-2015 09.05'])).toEqual({ format: 'DD-MM-YYYY HH.mm', ambiguous: false, candidates: ['DD-MM-YYYY HH.mm'] });
    expect(dateOf('24-02-2015 11.35', 'DD-MM-YYYY HH.mm')).toBe('2015-02-24T11:35:00');
  });

  it('refuses what is not a calendar date, and reads ISO dates with zones in UTC', () => {
    expect(dateFormatOf(['31-02-2015'])).toBeNull();
    expect(dateFormatOf(['1.5', '2.5'])).toBeNull();
    expect(dateOf('2015-02-24T11:35:00+01:00', 'YYYY-MM-DD HH:mm:ss')).toBe('2015-02-24T10:35:00');
  });

  it('says in the preview which format it proposes and that the user may choose', async () => {
    const preview = await previewOf('d.csv', 'visited,store\n02-03-2015,A\n05-06-2015,B\n');
    expect(columnNamed(preview, 'visited')).toMatchObject({ typeName: 'DateTime', date: { format: 'DD-MM-YYYY', ambiguous: true, candidates: ['DD-MM-YYYY', 'MM-DD-YYYY'] } });
    expect(preview.rows[0].visited).toBe('2015-03-02');
    expect(preview.notes.join(' ')).toMatch(/"visited" holds dates that read as DD-MM-YYYY or MM-DD-YYYY/);
  });
});

describe('the id column', () => {
  it('is not proposed when a spreadsheet wrote 18-digit ids as 5.70306E+17', async () => {
    // 300 responses whose ids Excel rounded to six digits: a few dozen values remain.
    const rows = Array.from({ length: 300 }, (_, i) => [`5.7030${6 + (i % 40)}E+17`, i % 11, `Store ${i % 4}`]);
    const preview = await previewOf('export.csv', csv([['Response ID', 'How likely are you to recommend us?', 'Store'], ...rows]));
    expect(preview.definition.idColumn).toBeNull();
    expect(preview.notes.join(' ')).toMatch(/"Response ID" is not proposed as the id: its values are in scientific notation .* 300 rows hold 40 different values/);
  });

  it('is proposed when its values are truly unique, whatever its name; and an 18-digit id stays text', async () => {
    const rows = Array.from({ length: 50 }, (_, i) => [`5703060000000000${10 + i}`, i % 11]);
    const preview = await previewOf('export.csv', csv([['Key', 'Recommend?'], ...rows]));
    expect(preview.definition.idColumn).toBe('key');
    expect(columnNamed(preview, 'Key').typeName).toBe('String');
    expect(preview.rows[0].key).toBe('570306000000000010');
  });

  it('is not proposed for a column named id whose values repeat', async () => {
    const preview = await previewOf('x.csv', 'id,store\n1,A\n1,B\n2,C\n');
    expect(preview.definition.idColumn).toBeNull();
    expect(preview.notes.join(' ')).toMatch(/"id" is not proposed as the id: its values are not unique/);
  });
});

describe('roles', () => {
  const comment = (i: number) => `Visit ${i}: the staff were helpful but the queue at the checkout was far too long today`;
  it('proposes NPS, drivers, verbatims, dimensions, hidden customer fields and sentiment', async () => {
    const rows = Array.from({ length: 40 }, (_, i) => [i % 11, 1 + (i % 5), 1 + (i % 3), ['North', 'South'][i % 2], comment(i), `p${i}@example.com`, ['positive', 'negative', 'neutral'][i % 3], 100 + i * 7]);
    const preview = await previewOf('r.csv', csv([['How likely are you to recommend us?', 'Friendliness', 'Speed', 'Region', 'Comment', 'Contact', 'Sentiment', 'Basket'], ...rows]));
    const role = (name: string) => columnNamed(preview, name);
    expect(role('How likely are you to recommend us?')).toMatchObject({ role: 'score', score: { kind: 'NPS', min: 0, max: 10 } });
    expect(role('Friendliness')).toMatchObject({ role: 'driver', score: { kind: 'Rating', min: 1, max: 5 } });
    expect(role('Speed')).toMatchObject({ role: 'driver' });
    expect(role('Region')).toMatchObject({ role: 'dimension' });
    expect(role('Comment')).toMatchObject({ role: 'verbatim' });
    expect(role('Contact')).toMatchObject({ role: 'customer', hidden: true });
    expect(role('Sentiment')).toMatchObject({ role: 'score', score: { kind: 'Sentiment' } });
    expect(role('Basket')).toMatchObject({ role: 'attribute', typeName: 'Number', whole: true });
  });

  it('takes a 0-10 column not about recommending for a rating, not NPS', async () => {
    const preview = await previewOf('r.csv', csv([['Quality', 'Store'], [3, 'A'], [10, 'B'], [0, 'A']]));
    expect(columnNamed(preview, 'Quality')).toMatchObject({ role: 'score', score: { kind: 'Rating', min: 0, max: 10 } });
  });

  it('does not let a stray bad value decide a column: the type and the NPS scale hold, and a note names the value', async () => {
    const rows = Array.from({ length: 200 }, (_, i) => [`R${i}`, i === 7 ? '31-02-2026 10.00' : `${String(1 + (i % 28)).padStart(2, '0')}-11-2026 10.35`, i === 9 ? 'ten' : i === 11 ? 15 : i % 11]);
    const preview = await previewOf('messy.csv', csv([['Id', 'Date', 'Likelihood to recommend'], ...rows]));
    expect(columnNamed(preview, 'Likelihood to recommend')).toMatchObject({ typeName: 'Number', role: 'score', score: { kind: 'NPS', min: 0, max: 10 } });
    expect(columnNamed(preview, 'Date')).toMatchObject({ typeName: 'DateTime', date: { format: 'DD-MM-YYYY HH.mm' } });
    expect(preview.notes).toContain('Column "Likelihood to recommend" has 1 value in the first rows that does not read as a number (e.g. "ten"): the import refuses its row and names it in its report.');
    expect(preview.notes).toContain('Column "Date" has 1 value in the first rows that does not read as a date (e.g. "31-02-2026 10.00"): the import refuses its row and names it in its report.');
    // Three bad values in twenty are no strays: the column is text.
    const few = await previewOf('few.csv', csv([['Score'], ...Array.from({ length: 20 }, (_, i) => [i < 3 ? 'n/a' : i % 11])]));
    expect(columnNamed(few, 'Score').typeName).toBe('String');
  });
});
