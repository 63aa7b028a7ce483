/** The survey tools whose exports are read as their users expect. */
export type SurveyTool = 'qualtrics' | 'surveymonkey' | 'google-forms' | 'microsoft-forms' | 'typeform';

/** What the header rows of a file say: how many there are, whose export it is, and each column's name. */
export interface Header {
  headerRows: number;
  source: SurveyTool | null;
  names: string[];
  /** Field ids the tool gave the columns (Qualtrics' first row), which make better keys than question texts. */
  fieldIds?: string[];
}

type Row = Array<string | null>;
const text = (cell: string | null | undefined) => (cell ?? '').trim();

/** Qualtrics' third header row: {"ImportId":"QID1"} per column. */
const IMPORT_ID = /^\{\s*"ImportId"\s*:/;
/** SurveyMonkey's second row says "Response" under a one-answer question. */
const MONKEY_ANSWER = /^(Open-Ended )?Response$/i;
const FORMS_TIMESTAMP = /^(Timestamp|Zeitstempel|Marca temporal|Horodateur|Tijdstempel|Informazioni cronologiche|Carimbo de data\/hora)$/i;

/** The header of the first rows of a delimited file or worksheet (`rows` holds at least the header). */
export function headerOf(rows: Row[]): Header {
  const [first = [], second = [], third = []] = rows;
  const width = Math.max(0, ...rows.slice(0, 3).map((r) => r.length));
  const at = (row: Row, i: number) => text(row[i]);
  const columns = Array.from({ length: width }, (_, i) => i);
  if (rows.length >= 3 && third.some((c) => IMPORT_ID.test(text(c)))) {
    // Field ids, question texts, ImportIds: named by the question, keyed by the field id.
    return { headerRows: 3, source: 'qualtrics', names: columns.map((i) => at(second, i) || at(first, i)), fieldIds: columns.map((i) => at(first, i)) };
  }
  if (rows.length >= 2 && isMonkey(first, second)) {
    // A question over the columns of its answers (blank where it spans them), then each answer option.
    let question = '';
    const names = columns.map((i) => {
      question = at(first, i) || question;
      const option = at(second, i);
      return option === '' || MONKEY_ANSWER.test(option) ? question : question ? `${question} - ${option}` : option;
    });
    return { headerRows: 2, source: 'surveymonkey', names };
  }
  const names = columns.map((i) => at(first, i));
  return { headerRows: 1, source: singleRowTool(names), names };
}

function isMonkey(first: Row, second: Row): boolean {
  if (/^Respondent ID$/i.test(text(first[0])) && text(second[0]) === '') return true;
  // Else: a second row that says "Response" or names options under blank continuations of a question.
  return second.some((c) => MONKEY_ANSWER.test(text(c))) && first.some((c, i) => i > 0 && text(c) === '' && text(second[i]) !== '');
}

function singleRowTool(names: string[]): SurveyTool | null {
  if (FORMS_TIMESTAMP.test(names[0] ?? '')) return 'google-forms';
  const has = (name: string) => names.some((n) => n.toLowerCase() === name.toLowerCase());
  if (has('Start time') && has('Completion time')) return 'microsoft-forms';
  if (names[0] === '#' || (has('Network ID') && names.some((n) => /^Submit Date/i.test(n)))) return 'typeform';
  return null;
}

/** Names made unique ("Name (2)") and never blank ("Column 3"); the duplicates that were renamed. */
export function uniqueNames(names: string[]): { names: string[]; renamed: string[] } {
  const seen = new Set<string>();
  const renamed: string[] = [];
  const unique = names.map((given, i) => {
    const name = given.replace(/\s+/g, ' ').slice(0, 200) || `Column ${i + 1}`;
    if (!seen.has(name.toLowerCase())) {
      seen.add(name.toLowerCase());
      return name;
    }
    let n = 2;
    while (seen.has(`${name} (${n})`.toLowerCase())) n++;
    seen.add(`${name} (${n})`.toLowerCase());
    renamed.push(name);
    return `${name} (${n})`;
  });
  return { names: unique, renamed: [...new Set(renamed)] };
}

/** Keys a query may name: lower-case letters, digits and _, from the field id or name, unique. */
export function keysOf(sources: string[]): string[] {
  const seen = new Set<string>();
  return sources.map((source, i) => {
    let key = source
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, 50);
    if (!/^[a-z]/.test(key)) key = key ? `c_${key}` : `column_${i + 1}`;
    let unique = key;
    for (let n = 2; seen.has(unique); n++) unique = `${key}_${n}`;
    seen.add(unique);
    return unique;
  });
}
