import { request, isBadRequest } from './client';
import { configure } from '../stores/config';

/** Bumped by every choice the user makes, so a saved language read earlier cannot undo it. */
let choices = 0;

/** Applies a language to every element at once and saves it as the user's preference. */
export async function saveLocale(code: string): Promise<boolean> {
  choices += 1;
  configure({ locale: code });
  try {
    return !isBadRequest(await request('POST', '/api/UserPreferences/update', { json: { locale: code } }));
  } catch {
    return false;
  }
}

/** Applies the user's saved language (after sign-in), unless the user chose one while it loaded. */
export async function applySavedLocale(): Promise<void> {
  const before = choices;
  try {
    const res = await request<{ locale: string }>('GET', '/api/UserPreferences/get');
    if (!isBadRequest(res) && res.locale && choices === before) configure({ locale: res.locale });
  } catch {
    // keep the current language
  }
}
