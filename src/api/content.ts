import { request, type ApiTarget } from './client';
import type { BadRequest } from './errors';
import type { NavigationItem } from './types';

/** A content module in a profile (GET /api/content/module/{moduleId}/profile/{profile}). */
export type ContentModule = NavigationItem & { profile: string };

export const contentModule = (moduleId: string, profile: string, target?: ApiTarget): Promise<ContentModule | BadRequest> =>
  request('GET', `/api/content/module/${encodeURIComponent(moduleId)}/profile/${encodeURIComponent(profile)}`, { target });
