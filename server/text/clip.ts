/**
 * How much of a comment is read: its first 5,000 characters (cut at a word's end). Comments are
 * imported and synced without a length limit, and reading is done in requests and in writers'
 * transactions: a megabyte in one cell must cost what a long comment costs. Spans and offsets are
 * the same in the whole text, since only the tail is dropped.
 */
export const ANALYSED_CHARS = 5_000;

export function analysedPart(text: string): string {
  if (text.length <= ANALYSED_CHARS) return text;
  let end = ANALYSED_CHARS;
  // Back to white space within the last 100 characters, so no word (or surrogate pair) is cut.
  for (let i = end; i > end - 100; i--) {
    if (/\s/.test(text[i])) return text.slice(0, i);
  }
  while (end > 0 && /[\uDC00-\uDFFF]/.test(text[end])) end -= 1;
  return text.slice(0, end);
}
