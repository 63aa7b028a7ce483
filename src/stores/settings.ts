import { atom } from 'nanostores';
import { request, isBadRequest } from '../api/client';
import type { PortalSettings } from '../api/types';

/** GET /api/settings, loaded once per page and shared. */
export const $settings = atom<PortalSettings | null>(null);
let loading: Promise<PortalSettings | null> | undefined;

export function loadSettings(): Promise<PortalSettings | null> {
  loading ??= request<PortalSettings>('GET', '/api/settings', { anonymous: true })
    .then((s) => {
      const settings = isBadRequest(s) ? null : s;
      $settings.set(settings);
      return settings;
    })
    .catch(() => {
      loading = undefined;
      return null;
    });
  return loading;
}
