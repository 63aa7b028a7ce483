import type { Db } from '../db';
import { sourceOfCases } from '../caserules/openers';
import { sourceSettings } from '../caserules/store';
import type { PfModule } from './modules';

/**
 * What closing a module's case asks (issue 45): a root cause from its source's list, and whether
 * the source has a recovery survey to send (published) and its suppression window.
 */
export async function closingOf(db: Db, m: PfModule) {
  const sourceId = sourceOfCases(m.moduleId);
  if (!sourceId) return { rootCauses: [], recoverySurvey: false, suppressionDays: 0 };
  const s = await sourceSettings(db, sourceId);
  const [survey] = s.recoverySurvey ? await db.query<{ status: string }>('SELECT status FROM surveys WHERE shortcode = $1', [s.recoverySurvey]) : [];
  return { rootCauses: s.rootCauses, recoverySurvey: !m.social && survey?.status === 'published', suppressionDays: s.suppressionDays };
}
