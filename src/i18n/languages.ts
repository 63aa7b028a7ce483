/** The languages the portal ships, with their own names; shared by the client bundle and the server. */
export const LANGUAGES = ['en', 'de'] as const;
export type LanguageCode = (typeof LANGUAGES)[number];
export const LANGUAGE_NAMES: Record<LanguageCode, string> = { en: 'English', de: 'Deutsch' };
