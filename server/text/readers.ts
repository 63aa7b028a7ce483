import type { Db } from '../db';
import type { SmartModule } from '../smartdata/schema';
import { buildWhere } from '../smartdata/where';
import { textOf } from './analyse';
import { detectLang } from './sentiment/lang';
import { modelSummaries } from './store';
import type { Lang, ModelSummary } from './types';

/** Comments read to tell which languages a source is written in (a page shows it while it polls). */
const SAMPLE = 200;

/** The learned model that reads a source's comments of one language: its own, or the portal's. */
export interface SentimentReader extends ModelSummary {
  from: 'own' | 'portal';
}

/**
 * Which learned model reads the source's comments, per language (as `analyserFor` picks it): each
 * language it has a model of, and those of a sample of its comments. An own model that does not
 * read better than the word lists is listed with `inUse` false (they read). `wordLists`: the
 * languages of its comments that no model reads (none learned from scored comments in them).
 */
export async function sentimentReaders(db: Db, module: SmartModule): Promise<{ models: SentimentReader[]; wordLists: Lang[] }> {
  const text = textOf(module);
  if (!text) return { models: [], wordLists: [] };
  const { own, portal } = await modelSummaries(db, module.moduleId);
  const w = buildWhere(module, [], null);
  w.add(text.present);
  const sample = await db.analytics.query<{ text: string }>(`SELECT ${text.expr} AS text FROM ${module.table} t ${w.sql} LIMIT ${w.bind(SAMPLE)}`, w.params);
  const langs = new Set<Lang>([...own.keys(), ...sample.map((r) => detectLang(r.text))]);
  const models: SentimentReader[] = [];
  const wordLists: Lang[] = [];
  for (const lang of [...langs].sort()) {
    const mine = own.get(lang);
    const theirs = portal.get(lang);
    if (mine) models.push({ ...mine, from: 'own' }); // read by it, or by the word lists when it lost to them (inUse)
    else if (theirs) models.push({ ...theirs, from: 'portal' });
    else wordLists.push(lang);
  }
  return { models, wordLists };
}
