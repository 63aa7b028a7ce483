import type { Db, Queryable } from '../db';
import type { Principal } from '../auth/tokens';
import { buildWhere } from '../smartdata/where';
import { RESPONSES_SOURCE } from '../datasources/builtin/responses';
import type { SurveySettings } from '../../src/lib/survey-model';

export const DEFAULT_CHANNEL = 'Survey';

/** The responses rows within the user's claims: a survey may report only where its editor may read. */
const withinClaims = (user: Principal) => buildWhere(RESPONSES_SOURCE, [], user.claims);

/**
 * The stores and channels a survey may report under: the stores within the editor's claims, and
 * the channels the responses data already has (plus the surveys' own), never a new one, since
 * every channel is a value in everyone's filters.
 */
export async function reportingPlaces(db: Db, user: Principal) {
  const w = withinClaims(user);
  const [stores, channels] = await Promise.all([
    db.query<{ store: string }>(`SELECT DISTINCT store FROM responses ${w.sql} ORDER BY store`, w.params),
    db.query<{ channel: string }>('SELECT DISTINCT channel FROM responses ORDER BY channel'),
  ]);
  return { stores: stores.map((r) => r.store), channels: [...new Set([DEFAULT_CHANNEL, ...channels.map((r) => r.channel)])] };
}

/** Those of the stores that are not within the user's claims (or not known at all). */
async function storesBeyond(q: Queryable, user: Principal, stores: string[]): Promise<string[]> {
  if (!stores.length) return [];
  const w = withinClaims(user);
  w.add(`store IN (${stores.map((s) => w.bind(s)).join(', ')})`);
  const allowed = new Set((await q.query<{ store: string }>(`SELECT DISTINCT store FROM responses ${w.sql}`, w.params)).map((r) => r.store));
  return stores.filter((s) => !allowed.has(s));
}

const channelKnown = async (q: Queryable, channel: string) =>
  channel === DEFAULT_CHANNEL || (await q.query('SELECT 1 AS found FROM responses WHERE channel = $1 LIMIT 1', [channel])).length > 0;

/** What is wrong with where the settings report, for this editor (checked on every save and publish), or undefined. */
export async function placeProblem(q: Queryable, user: Principal, settings: SurveySettings): Promise<string | undefined> {
  if (!(await channelKnown(q, settings.channel))) return `There is no channel "${settings.channel}": choose one of the listed channels.`;
  const [beyond] = await storesBeyond(q, user, settings.stores);
  if (beyond !== undefined) return `There is no store "${beyond}" you may report under.`;
  return undefined;
}
