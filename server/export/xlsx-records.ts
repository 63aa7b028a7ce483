import type { Column } from '../smartdata/schema';
import type { RecordValues } from '../smartdata/records';
import { isHiddenValue } from '../../src/lib/profanity';
import { ZipStream } from './zip-stream';
import { aboutLines, HIDDEN_TEXT, type ExportAbout } from './about';

/**
 * The records workbook written as SpreadsheetML text straight into a streamed zip: exceljs built an
 * object per cell and per row, and took 3.7-8.4 s for 100,000 rows; text takes a fraction of that
 * and holds one chunk of rows at a time, whatever the export's size.
 */

/** Excel's sheet holds 1,048,576 rows, one of them the header. */
export const MAX_EXPORT_ROWS = 1_048_575;

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';

/** Style indexes of styles.xml below. */
const DATE_STYLE = 1;
const BOLD_STYLE = 2;
/** Text Excel would take for a formula once edited (= + - @): marked as typed with a leading apostrophe, its value unchanged. */
const QUOTED_STYLE = 3;
const FORMULA_LIKE = /^[=+\-@]/;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
// eslint-disable-next-line no-control-regex -- the control characters are what it finds
const NEEDS_WORK = /[&<>"\u0000-\u0008\u000b\u000c\u000e-\u001f\ud800-\udfff\ufffe\uffff]/;
/** Text as XML character data; characters XML cannot hold (most controls, lone surrogates) are dropped. */
const escape = (s: string) =>
  // Most texts hold nothing to change: one test instead of two replacements.
  !NEEDS_WORK.test(s)
    ? s
    : s
        // eslint-disable-next-line no-control-regex -- the control characters are what it removes
        .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '')
        .replace(/[&<>"]/g, (c) => ESCAPES[c]);

/** A cell's reference attribute: the column's letters and the row's number (most readers need it). */
type Ref = string;
/** A header named like a formula (a column's name comes from someone's file) is bold and quoted. */
const QUOTED_BOLD_STYLE = 4;
const text = (r: Ref, s: string, given = 0) => {
  const quoted = FORMULA_LIKE.test(s);
  const style = quoted ? (given === BOLD_STYLE ? QUOTED_BOLD_STYLE : given || QUOTED_STYLE) : given;
  return `<c r="${r}" t="inlineStr"${style ? ` s="${style}"` : ''}><is><t xml:space="preserve">${escape(s)}</t></is></c>`;
};
/** A, B, ... Z, AA, AB, ...: the letters of the column at `i` (from 0). */
const letters = (i: number): string => (i < 26 ? '' : letters(Math.floor(i / 26) - 1)) + String.fromCharCode(65 + (i % 26));
const EXCEL_EPOCH_DAYS = 25_569; // 1970-01-01 as an Excel serial day

/** A timestamp's milliseconds: epoch milliseconds or a Date as an engine gives them, or the API's 'YYYY-MM-DDTHH:mm:ss' text (UTC). */
const msOf = (value: unknown) => (typeof value === 'number' ? value : value instanceof Date ? value.getTime() : Date.parse(`${String(value).slice(0, 19)}Z`));

/** How one column's values are written, chosen once per column rather than per cell. */
function cellWriter(col: Column): (r: Ref, value: unknown) => string {
  const plain = (r: Ref, value: unknown) => {
    if (typeof value === 'number' && Number.isFinite(value)) return `<c r="${r}"><v>${value}</v></c>`;
    if (typeof value === 'boolean') return `<c r="${r}" t="b"><v>${value ? 1 : 0}</v></c>`;
    return text(r, String(value));
  };
  if (col.flagColumn) return (r, value) => (isHiddenValue(value) ? text(r, HIDDEN_TEXT) : plain(r, value));
  if (col.typeName === 'DateTime')
    return (r, value) => {
      const ms = msOf(value);
      return Number.isNaN(ms) ? text(r, String(value)) : `<c r="${r}" s="${DATE_STYLE}"><v>${ms / 86_400_000 + EXCEL_EPOCH_DAYS}</v></c>`;
    };
  return plain;
}

const widthOf = (c: Column) => (c.flagColumn ? 60 : c.typeName === 'DateTime' ? 18 : c.typeName === 'Number' ? 12 : 22);

async function* recordsSheet(columns: Column[], chunks: AsyncIterable<RecordValues>, counted: { rows: number }): AsyncGenerator<string> {
  yield `${XML}<worksheet xmlns="${MAIN}"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>`;
  yield `<cols>${columns.map((c, i) => `<col min="${i + 1}" max="${i + 1}" width="${widthOf(c)}" customWidth="1"/>`).join('')}</cols><sheetData>`;
  const refs = columns.map((_, i) => letters(i));
  yield `<row r="1">${columns.map((c, i) => text(`${refs[i]}1`, c.name, BOLD_STYLE)).join('')}</row>`;
  const writers = columns.map(cellWriter);
  let n = 1;
  for await (const rows of chunks) {
    let out = '';
    for (const row of rows) {
      n++;
      out += `<row r="${n}">`;
      for (let i = 0; i < writers.length; i++) {
        const value = row[i];
        if (value !== null && value !== undefined) out += writers[i](refs[i] + n, value);
      }
      out += '</row>';
    }
    counted.rows += rows.length;
    yield out;
  }
  yield '</sheetData></worksheet>';
}

function aboutSheet(about: ExportAbout, rows: number): string {
  const lines = aboutLines(about, rows);
  const value = (r: Ref, v: string | number) => (typeof v === 'number' ? `<c r="${r}"><v>${v}</v></c>` : text(r, v));
  return `${XML}<worksheet xmlns="${MAIN}"><cols><col min="1" max="1" width="18" customWidth="1"/><col min="2" max="2" width="80" customWidth="1"/></cols><sheetData>${lines
    .map(([k, v], i) => `<row r="${i + 1}">${text(`A${i + 1}`, k)}${value(`B${i + 1}`, v)}</row>`)
    .join('')}</sheetData></worksheet>`;
}

const PARTS = {
  '[Content_Types].xml': `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/worksheets/sheet2.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/><Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/></Types>`,
  '_rels/.rels': `${XML}<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/></Relationships>`,
  'xl/workbook.xml': `${XML}<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="Records" sheetId="1" r:id="rId1"/><sheet name="Export" sheetId="2" r:id="rId2"/></sheets></workbook>`,
  'xl/_rels/workbook.xml.rels': `${XML}<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL}/worksheet" Target="worksheets/sheet2.xml"/><Relationship Id="rId3" Type="${REL}/styles" Target="styles.xml"/></Relationships>`,
  'xl/styles.xml': `${XML}<styleSheet xmlns="${MAIN}"><numFmts count="1"><numFmt numFmtId="164" formatCode="yyyy-mm-dd hh:mm"/></numFmts><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="5"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0" quotePrefix="1"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1" quotePrefix="1"/></cellXfs></styleSheet>`,
};

const core = (author: string) =>
  `${XML}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>${escape(author)}</dc:creator></cp:coreProperties>`;

/**
 * Streams records (each its values in the columns' order) into an .xlsx at `file`: a 'Records' sheet with the chosen columns in order
 * (dates as Excel dates, the header frozen), then an 'Export' sheet naming the filters. Returns
 * the row count.
 */
export async function writeRecordsWorkbook(file: string, columns: Column[], chunks: AsyncIterable<RecordValues>, about: ExportAbout): Promise<number> {
  const zip = new ZipStream(file);
  try {
    for (const [name, body] of Object.entries(PARTS)) await zip.add(name, [body]);
    await zip.add('docProps/core.xml', [core(about.author)]);
    const counted = { rows: 0 };
    await zip.add('xl/worksheets/sheet1.xml', recordsSheet(columns, chunks, counted));
    await zip.add('xl/worksheets/sheet2.xml', [aboutSheet(about, counted.rows)]);
    await zip.close();
    return counted.rows;
  } catch (e) {
    zip.destroy();
    throw e;
  }
}
