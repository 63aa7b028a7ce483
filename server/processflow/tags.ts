import { checkTag as check, MAX_TAG_LENGTH, type TagProblem } from '../../src/lib/case-rules';

/** The server's words for the shared tag rules (spec part 3 section 5). */
export const TAG_NOT_ALLOWED = 'The following characters are not allowed: | ,';
export const TAG_EXISTS = 'Tag already exists';
const MESSAGES: Record<TagProblem, string> = { empty: 'Enter a tag.', notAllowed: TAG_NOT_ALLOWED, tooLong: `A tag has at most ${MAX_TAG_LENGTH} characters.`, exists: TAG_EXISTS };

/** The tag as stored, or the message that refuses it. */
export function checkTag(raw: string, existing: readonly string[]): { tag: string } | { error: string } {
  const result = check(raw, existing);
  return 'problem' in result ? { error: MESSAGES[result.problem] } : result;
}
