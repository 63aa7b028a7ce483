import type { Lang } from '../types';
import { RULES, lookup } from './rules';
import type { Token } from './tokenise';
import { tokenise } from './tokenise';
import { analysedPart } from '../clip';

// Frequent function words that the other language does not share ("in", "was", "so" are left out).
const STOPWORDS: Record<Lang, Set<string>> = {
  en: new Set(('the a an and or but is are was were be been it this that these those i you he she we they my our your ' +
    'me not no of to for with on at from by have has had do did does very there what which who would could ' +
    'will just than then too also all any some only again after before about').split(' ')),
  de: new Set(('der die das den dem des ein eine einen einem einer und oder aber ist sind war waren sein es ich du er ' +
    'sie wir ihr mein meine unser nicht kein keine keinen von zu für mit auf bei aus hat haben hatte ' +
    'sehr auch noch schon nur wieder nach vor über wurde wird immer man mir mich uns doch ganz gar nichts alles im am ' +
    'beim vom zum zur wie mal habe ist geht dass wenn weil hier dort jetzt heute').split(' ')),
};

// Word shapes typical of one language: German derivational endings and letters, English endings and "th".
const GERMAN_SHAPE = /(?:ung|ungen|lich|liche[nrs]?|keit|heit|isch|chen|schaft|[äöüß]|sch|tz|ei)/;
const ENGLISH_SHAPE = /(?:ing|tion|ly|ed|th|wh|ck|ea|oo|y)$|^(?:th|wh)/;

/**
 * English or German by each language's function words, opinion words (a comment of one word,
 * "Schlecht.", has no function words) and word shapes; English when there is no evidence (the
 * seeded data and most sources are English).
 */
export function detectLang(text: string, tokens: Token[] = tokenise(analysedPart(text))): Lang {
  let en = 0;
  let de = 0;
  for (const t of tokens) {
    if (t.kind !== 'word') continue;
    if (STOPWORDS.en.has(t.lower)) en++;
    if (STOPWORDS.de.has(t.lower)) de++;
    if (lookup(RULES.en, t.lower)) en += 0.75;
    if (lookup(RULES.de, t.lower)) de += 0.75;
    if (GERMAN_SHAPE.test(t.lower)) de += 0.5;
    if (ENGLISH_SHAPE.test(t.lower)) en += 0.5;
  }
  return de > en ? 'de' : 'en';
}
