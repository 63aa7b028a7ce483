import { describe, expect, it } from 'vitest';
import { columnNamed, csv, previewOf } from './datasources-upload';

const COMMENTS = ['The staff were friendly and the checkout was quick, will come again', 'Too long a wait at the counter and nobody seemed to care about it', 'Great range of products but the prices went up again this month'];

describe('survey tool exports', () => {
  it('reads a Qualtrics export: three header rows, questions as names, field ids as keys', async () => {
    const file = csv([
      ['StartDate', 'EndDate', 'ResponseId', 'RecipientEmail', 'Q1', 'Q2', 'Q3'],
      ['Start Date', 'End Date', 'Response ID', 'Recipient Email', 'How likely are you to recommend us to a friend?', 'Which store did you visit?', 'Why?'],
      ['{"ImportId":"startDate","timeZone":"Europe/Berlin"}', '{"ImportId":"endDate","timeZone":"Europe/Berlin"}', '{"ImportId":"_recordId"}', '{"ImportId":"recipientEmail"}', '{"ImportId":"QID1"}', '{"ImportId":"QID2"}', '{"ImportId":"QID3_TEXT"}'],
      ['2015-02-24 11:35:12', '2015-02-24 11:40:01', 'R_1a', 'ann@example.com', 9, 'North', COMMENTS[0]],
      ['2015-02-25 09:01:00', '2015-02-25 09:05:00', 'R_2b', 'bob@example.com', 3, 'South', COMMENTS[1]],
      ['2015-02-26 18:20:00', '2015-02-26 18:22:30', 'R_3c', 'cy@example.com', 10, 'North', COMMENTS[2]],
    ]);
    const { definition, rows, notes } = await previewOf('survey.csv', file);
    expect(definition).toMatchObject({ name: 'survey', format: 'csv', source: 'qualtrics', headerRows: 3, idColumn: 'responseid', dateKey: 'enddate' });
    expect(columnNamed({ definition, rows, notes, sampledRows: 3 }, 'How likely are you to recommend us to a friend?')).toMatchObject({ key: 'q1', typeName: 'Number', role: 'score', score: { kind: 'NPS', min: 0, max: 10 } });
    const byKey = Object.fromEntries(definition.columns.map((c) => [c.key, c]));
    expect(byKey.q2).toMatchObject({ name: 'Which store did you visit?', role: 'dimension' });
    expect(byKey.q3).toMatchObject({ name: 'Why?', role: 'verbatim' });
    expect(byKey.recipientemail).toMatchObject({ role: 'customer', hidden: true });
    expect(byKey.startdate).toMatchObject({ typeName: 'DateTime', date: { format: 'YYYY-MM-DD HH:mm:ss', ambiguous: false } });
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatchObject({ startdate: '2015-02-24T11:35:12', q1: 9, q2: 'North', responseid: 'R_1a' });
    expect(notes.join(' ')).toMatch(/Qualtrics/);
  });

  it('reads a SurveyMonkey export: question and answer option merged into one name', async () => {
    const file = csv([
      ['Respondent ID', 'Collector ID', 'Start Date', 'Email Address', 'How likely is it that you would recommend us?', 'What did you buy?', '', '', 'Comments'],
      ['', '', '', '', 'Response', 'Food', 'Drinks', 'Other (please specify)', 'Open-Ended Response'],
      ['11405412345', '2563', '02/24/2015 11:35:12 AM', 'ann@example.com', 9, 'Food', '', '', COMMENTS[0]],
      ['11405412346', '2563', '02/25/2015 01:05:00 PM', 'bob@example.com', 6, '', 'Drinks', 'Flowers', COMMENTS[1]],
      ['11405412347', '2563', '02/26/2015 09:00:00 AM', 'cy@example.com', 10, 'Food', 'Drinks', '', COMMENTS[2]],
    ]);
    const preview = await previewOf('monkey.csv', file);
    const { definition, rows } = preview;
    expect(definition).toMatchObject({ source: 'surveymonkey', headerRows: 2, idColumn: 'respondent_id' });
    expect(definition.columns.map((c) => c.name)).toEqual([
      'Respondent ID',
      'Collector ID',
      'Start Date',
      'Email Address',
      'How likely is it that you would recommend us?',
      'What did you buy? - Food',
      'What did you buy? - Drinks',
      'What did you buy? - Other (please specify)',
      'Comments',
    ]);
    expect(columnNamed(preview, 'How likely is it that you would recommend us?')).toMatchObject({ role: 'score', score: { kind: 'NPS' } });
    expect(columnNamed(preview, 'Start Date')).toMatchObject({ typeName: 'DateTime', date: { format: 'MM/DD/YYYY HH:mm:ss A', ambiguous: false } });
    expect(rows[1].start_date).toBe('2015-02-25T13:05:00');
    // An 11-digit id is a number that keeps its digits.
    expect(rows[0].respondent_id).toBe(11405412345);
  });

  it('reads a Google Forms export: a timestamp and a column per question', async () => {
    const file = csv([
      ['Timestamp', 'Email Address', 'How satisfied are you with our service?', 'Which channel did you use?', 'Anything else?'],
      ['2/24/2015 11:35:12', 'ann@example.com', 4, 'Phone', COMMENTS[0]],
      ['2/25/2015 14:01:10', 'bob@example.com', 5, 'Chat', COMMENTS[1]],
      ['3/14/2015 9:02:44', 'cy@example.com', 2, 'Phone', COMMENTS[2]],
    ]);
    const preview = await previewOf('form.csv', file);
    expect(preview.definition).toMatchObject({ source: 'google-forms', headerRows: 1, dateKey: 'timestamp' });
    // 3/14 tells month-first apart: no choice left.
    expect(columnNamed(preview, 'Timestamp')).toMatchObject({ typeName: 'DateTime', date: { format: 'MM/DD/YYYY HH:mm:ss', ambiguous: false, candidates: ['MM/DD/YYYY HH:mm:ss'] } });
    expect(columnNamed(preview, 'How satisfied are you with our service?')).toMatchObject({ role: 'score', score: { kind: 'CSAT', min: 1, max: 5 } });
    expect(columnNamed(preview, 'Email Address')).toMatchObject({ role: 'customer', hidden: true });
    expect(preview.rows[2].timestamp).toBe('2015-03-14T09:02:44');
  });

  it('recognises Microsoft Forms and Typeform exports', async () => {
    const ms = await previewOf('ms.csv', csv([['ID', 'Start time', 'Completion time', 'Email', 'Name', 'Rate us'], [1, '2/24/2015 11:35:12', '2/24/2015 11:36:00', 'anonymous', '', 4], [2, '2/25/2015 11:35:12', '2/25/2015 11:36:00', 'anonymous', '', 5]]));
    expect(ms.definition).toMatchObject({ source: 'microsoft-forms', idColumn: 'id' });
    const tf = await previewOf('tf.csv', csv([['#', 'How likely are you to recommend us?', 'Start Date (UTC)', 'Submit Date (UTC)', 'Network ID'], ['a1b2', 8, '2015-02-24 11:35:12', '2015-02-24 11:36:12', 'n1'], ['c3d4', 10, '2015-02-25 11:35:12', '2015-02-25 11:36:12', 'n2']]));
    expect(tf.definition).toMatchObject({ source: 'typeform', idColumn: 'column_1', dateKey: 'submit_date_utc' });
  });
});
