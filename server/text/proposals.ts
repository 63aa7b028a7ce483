import { turn } from './breathe';
import type { Db } from '../db';
import type { Claim } from '../identity/users';
import { badRequest, tooManyRequests } from '../http/errors';
import type { SmartModule } from '../smartdata/schema';
import { shownVerbatimOf } from './dimensions';
import { detectLang } from './sentiment/lang';
import { newestComments } from './taxonomy';
import { proposeTopics } from './topics/propose';
import type { Lang, TopicCandidate } from './types';

/** Comments read per language to propose from: the newest, so proposing is bounded whatever the source's size. */
export const PROPOSAL_SAMPLE = 5_000;

/**
 * Candidate topics from a source's own newest comments, per language they are written in (not
 * saved: an administrator accepts, renames, merges or drops them), the most frequent first. Their
 * examples quote comments, so only as the caller is shown them: within `claims`, cleaned, and none
 * while the comment column is hidden (a 400).
 */
export async function proposalsOf(db: Db, module: SmartModule, claims: Claim[] | null): Promise<TopicCandidate[]> {
  if (!shownVerbatimOf(module)) throw badRequest(`The data source "${module.moduleId}" has no comments shown: its comment column is hidden.`);
  // Proposing takes a core for a few hundred milliseconds per language: one at a time in a process.
  if (proposing) throw tooManyRequests('Topics are being proposed for another request. Try again in a moment.', 2);
  proposing = true;
  try {
    return await propose(db, module, claims);
  } finally {
    proposing = false;
  }
}

let proposing = false;

async function propose(db: Db, module: SmartModule, claims: Claim[] | null): Promise<TopicCandidate[]> {
  const texts = await newestComments(db.analytics, module, PROPOSAL_SAMPLE * 2, { claims, shown: true });
  const byLang = new Map<Lang, string[]>();
  for (const text of texts) {
    const lang = detectLang(text);
    const list = byLang.get(lang) ?? [];
    if (!list.length) byLang.set(lang, list);
    if (list.length < PROPOSAL_SAMPLE) list.push(text);
  }
  const found: Array<TopicCandidate & { share: number }> = [];
  for (const [lang, list] of byLang) {
    found.push(...proposeTopics(list, lang).map((c) => ({ ...c, lang, share: c.count / list.length })));
    await turn(); // requests are answered between languages
  }
  return found
    .sort((a, b) => b.share - a.share || a.name.localeCompare(b.name))
    .map(({ share: _share, ...c }) => c);
}
