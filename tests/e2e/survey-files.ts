// Survey exports as their tools write them, made for the bring-your-own-data test: a Qualtrics
// "Export data" CSV, a SurveyMonkey CSV, and a large generic CSV with the messy parts of real files.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const REGIONS = ['North', 'South', 'East', 'West'];
const COMMENTS = [
  'The staff were friendly and the checkout was quick, will come again',
  'Too long a wait at the counter and nobody seemed to care about it',
  'Great range of products but the prices went up again this month',
  'Parking was impossible and the store was far too crowded on Saturday',
];

/** A field as a CSV writer quotes it: commas, quotes and line breaks inside quotes. */
const field = (v: string | number) => (/[",\n\r]/.test(String(v)) ? `"${String(v).replace(/"/g, '""')}"` : String(v));
const line = (cells: Array<string | number>) => cells.map(field).join(',');

/** Days before `today` as a date, at a minute of the row. */
function dayBefore(today: Date, days: number, i: number): Date {
  return new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - days, 8 + (i % 10), i % 60, i % 50));
}
const pad = (n: number) => String(n).padStart(2, '0');
const iso = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
const us = (d: Date) => {
  const h = d.getUTCHours() % 12 || 12;
  return `${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())}/${d.getUTCFullYear()} ${pad(h)}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} ${d.getUTCHours() < 12 ? 'AM' : 'PM'}`;
};
/** "24-02-2015 11.35": a day-first date and a dotted time, as a spreadsheet in another locale saves it. */
const dayFirst = (d: Date) => `${pad(d.getUTCDate())}-${pad(d.getUTCMonth() + 1)}-${d.getUTCFullYear()} ${pad(d.getUTCHours())}.${pad(d.getUTCMinutes())}`;

export interface SurveyFiles {
  dir: string;
  qualtrics: string;
  surveyMonkey: string;
  generic: string;
  /** The generic file's rows that an import must refuse, by file line, and the rows it keeps. */
  genericRefused: Array<{ line: number; column: string }>;
  genericRows: number;
  /** Rows of the generic file in each region (kept rows only). */
  genericByRegion: Record<string, number>;
}

/** Writes the three files into a new temporary folder; dates fall in the seven days before `today`. */
export function writeSurveyFiles(today: Date, genericRows = 50_000): SurveyFiles {
  const dir = mkdtempSync(join(tmpdir(), 'cx-byod-'));
  const qualtrics = [
    line(['StartDate', 'EndDate', 'Status', 'ResponseId', 'RecipientEmail', 'Q1', 'Q2', 'Q3']),
    line(['Start Date', 'End Date', 'Response Type', 'Response ID', 'Recipient Email', 'How likely are you to recommend us to a friend?', 'Which region did you shop in?', 'Why did you give this score?']),
    line(['{"ImportId":"startDate","timeZone":"Europe/Berlin"}', '{"ImportId":"endDate","timeZone":"Europe/Berlin"}', '{"ImportId":"status"}', '{"ImportId":"_recordId"}', '{"ImportId":"recipientEmail"}', '{"ImportId":"QID1"}', '{"ImportId":"QID2"}', '{"ImportId":"QID3_TEXT"}']),
    ...Array.from({ length: 240 }, (_, i) => {
      const at = dayBefore(today, 1 + (i % 6), i);
      return line([iso(new Date(at.getTime() - 300_000)), iso(at), 'IP Address', `R_${(1e6 + i * 7919).toString(36)}`, `person${i}@example.com`, i % 11, REGIONS[i % 4], COMMENTS[i % 4]]);
    }),
  ].join('\r\n');
  const surveyMonkey = [
    line(['Respondent ID', 'Collector ID', 'Start Date', 'End Date', 'Email Address', 'How likely is it that you would recommend us to a friend?', 'Which region?', 'What could we do better?']),
    line(['', '', '', '', '', 'Response', 'Response', 'Open-Ended Response']),
    ...Array.from({ length: 180 }, (_, i) => {
      const at = dayBefore(today, 1 + (i % 6), i);
      return line([11405412345 + i, 2563, us(new Date(at.getTime() - 240_000)), us(at), `monkey${i}@example.com`, (i * 3) % 11, REGIONS[(i + 1) % 4], COMMENTS[(i + 2) % 4]]);
    }),
  ].join('\r\n');

  // The generic file: a BOM, CRLF, comments with commas, quotes and line breaks, blank lines, and bad rows.
  const header = ['Id', 'Date', 'Region', 'Store', 'Likelihood to recommend', 'Comment', 'Email'];
  const lines = [line(header)];
  const refused: SurveyFiles['genericRefused'] = [];
  const byRegion: Record<string, number> = {};
  let kept = 0;
  let fileLine = 1;
  const push = (text: string) => {
    lines.push(text);
    fileLine += text.split('\n').length;
  };
  for (let i = 0; i < genericRows; i++) {
    const region = REGIONS[i % 4];
    const at = dayBefore(today, 1 + (i % 6), i);
    let nps: string | number = (i * 7) % 11;
    let date = dayFirst(at);
    const bad = i > 0 && i % 9973 === 0 ? 'nps' : i > 0 && i % 12347 === 0 ? 'date' : i === 7 ? 'range' : null;
    if (bad === 'nps') nps = 'ten';
    if (bad === 'range') nps = 15;
    if (bad === 'date') date = '31-02-2026 10.00';
    const comment = i % 5 === 0 ? `She said "fine, thanks",\nthen left — row ${i}` : i === 3 ? '=HYPERLINK("http://evil.example","click")' : COMMENTS[i % 4];
    const startLine = fileLine + 1;
    push(line([`G${i}`, date, region, `${region} ${1 + (i % 5)}`, nps, comment, `g${i}@example.com`]));
    if (bad) refused.push({ line: startLine, column: bad === 'date' ? 'Date' : 'Likelihood to recommend' });
    else {
      kept++;
      byRegion[region] = (byRegion[region] ?? 0) + 1;
    }
    if (i % 10_000 === 5) push(''); // a blank line, as files that were edited by hand have
  }
  const paths = { qualtrics: join(dir, 'Customer_Survey_November.csv'), surveyMonkey: join(dir, 'Store visit survey (SurveyMonkey).csv'), generic: join(dir, 'responses-export.csv') };
  writeFileSync(paths.qualtrics, qualtrics + '\r\n');
  writeFileSync(paths.surveyMonkey, surveyMonkey + '\r\n');
  writeFileSync(paths.generic, '\uFEFF' + lines.join('\r\n') + '\r\n');
  return { dir, ...paths, genericRefused: refused, genericRows: kept, genericByRegion: byRegion };
}
