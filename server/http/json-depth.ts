/** The deepest nesting JSON may have in a request (a view state is a handful of levels). */
export const MAX_JSON_DEPTH = 64;
export const TOO_DEEP = `The request body is nested too deeply (more than ${MAX_JSON_DEPTH} levels).`;

/**
 * True when JSON text nests arrays or objects deeper than `max`: read by scanning, before anything
 * recursive (the parser's consumers, zod, JSON.stringify) can run out of stack on it.
 */
export function nestedTooDeeply(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 92) i++; // backslash: skip the escaped character
      else if (ch === 34) inString = false;
    } else if (ch === 34) inString = true;
    else if (ch === 123 || ch === 91) {
      if (++depth > max) return true;
    } else if (ch === 125 || ch === 93) depth--;
  }
  return false;
}
