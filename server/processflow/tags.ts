/** Tag rules of spec part 3 section 5: lower-cased, no | or , and no duplicate. */
export const TAG_NOT_ALLOWED = 'The following characters are not allowed: | ,';
export const TAG_EXISTS = 'Tag already exists';
export const MAX_TAG_LENGTH = 60;

/** The tag as stored, or the message that refuses it. */
export function checkTag(raw: string, existing: readonly string[]): { tag: string } | { error: string } {
  const tag = raw.trim().toLowerCase();
  if (!tag) return { error: 'Enter a tag.' };
  if (/[|,]/.test(tag)) return { error: TAG_NOT_ALLOWED };
  if (tag.length > MAX_TAG_LENGTH) return { error: `A tag has at most ${MAX_TAG_LENGTH} characters.` };
  if (existing.includes(tag)) return { error: TAG_EXISTS };
  return { tag };
}
