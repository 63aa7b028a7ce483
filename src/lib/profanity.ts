/** Spec part 2 section 5: values marked so show 'Hidden due to offensive language.' */
export const PROFANITY_MARKS = ['redacted_profanity', 'locale_profanity_hidden'] as const;

export const isHiddenValue = (value: unknown): boolean => typeof value === 'string' && (PROFANITY_MARKS as readonly string[]).includes(value);
