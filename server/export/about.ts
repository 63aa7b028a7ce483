/** What the export sheet says about the export: who, when, and under which filters. */
export interface ExportAbout {
  title: string;
  author: string;
  dateTime: string;
  filters: string[];
}

/** Spec part 2 section 5: what a profanity-cleaned value reads as. */
export const HIDDEN_TEXT = 'Hidden due to offensive language.';

/** The lines of the 'Export' sheet: label and value. */
export function aboutLines(about: ExportAbout, rows: number): Array<[string, string | number]> {
  const lines: Array<[string, string | number]> = [
    ['Export', about.title], ['Exported at', about.dateTime], ['By', about.author], ['Rows', rows],
    ...about.filters.map((f, i): [string, string] => [i === 0 ? 'Filters' : '', f]),
  ];
  if (about.filters.length === 0) lines.push(['Filters', 'None']);
  return lines;
}
