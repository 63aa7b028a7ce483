/**
 * What an e-mail address must be, for the server's outbox and for a survey's e-mail question alike
 * (the public page checks an answer as the server will).
 */

/** Control characters (CR, LF, tab, ...) and the Unicode line and paragraph separators. */
const CONTROL = /[\p{Cc}\u2028\u2029]/u;
/** Whether a text holds a character no header line may carry. */
export const hasControl = (text: string) => CONTROL.test(text);

/** Whether a text is one address on one line (no list, no display name, no header of its own). */
export const isOneAddress = (text: string) => text.trim() !== '' && !hasControl(text) && !/[,;<>\s]/.test(text.trim());

/** The longest address there is (RFC 5321's path limit less its brackets). */
export const MAX_EMAIL_ADDRESS = 254;

/** An address a person typed, fit to write to: one address, with one `@` between a name and a domain, at most 254 characters. */
export const isEmailAddress = (text: string) => isOneAddress(text) && text.trim().length <= MAX_EMAIL_ADDRESS && /^[^@]+@[^@]+\.[^@.]+$/.test(text.trim());
