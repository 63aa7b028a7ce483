import { request, isBadRequest } from './client';
import { configure } from '../stores/config';

/** Applies a language to every element at once and saves it as the user's preference. */
export async function saveLocale(code: string): Promise<boolean> {
  configure({ locale: code });
  try {
    return !isBadRequest(await request('POST', '/api/UserPreferences/update', { json: { locale: code } }));
  } catch {
    return false;
  }
}

/** Applies the user's saved language (after sign-in). */
export async function applySavedLocale(): Promise<void> {
  try {
    const res = await request<{ locale: string }>('GET', '/api/UserPreferences/get');
    if (!isBadRequest(res) && res.locale) configure({ locale: res.locale });
  } catch {
    // keep the current language
  }
}
