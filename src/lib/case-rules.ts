/**
 * Case-management rules the page and the server share (spec part 3): the action type codes, the
 * queue tags, and what makes a tag acceptable.
 */
export const ACTION_TYPE = { Transition: 0, Allocation: 1, Tag: 2, SendEmail: 4 } as const;
export type ActionType = (typeof ACTION_TYPE)[keyof typeof ACTION_TYPE];
/** `Mine` is the caller's own open cases ("My cases"). */
export type QueueTag = 'Initial' | 'InProgress' | 'Final' | 'All' | 'Mine';

export const MAX_TAG_LENGTH = 60;
export type TagProblem = 'empty' | 'notAllowed' | 'tooLong' | 'exists';

/** A new tag as stored (lower-cased), or what is wrong with it: `|` and `,` are refused, and a duplicate. */
export function checkTag(raw: string, existing: readonly string[]): { tag: string } | { problem: TagProblem } {
  const tag = raw.trim().toLowerCase();
  if (!tag) return { problem: 'empty' };
  if (/[|,]/.test(tag)) return { problem: 'notAllowed' };
  if (tag.length > MAX_TAG_LENGTH) return { problem: 'tooLong' };
  if (existing.includes(tag)) return { problem: 'exists' };
  return { tag };
}
