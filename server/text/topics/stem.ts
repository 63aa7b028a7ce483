/**
 * Light stemmers for topic matching, English and German. They conflate more than Porter or Snowball
 * (which keep delivery/delivered and Lieferung/geliefert apart, see docs/decisions.md, issue 49):
 * a topic term should find every inflection of its word, and a stem is only ever compared with
 * another stem, never shown.
 */
import type { Lang } from '../types';

const minStem = 3;

/** Removes `suffix` when what remains is long enough to be a word. */
function strip(word: string, suffix: string, keep = minStem): string | null {
  return word.endsWith(suffix) && word.length - suffix.length >= keep ? word.slice(0, -suffix.length) : null;
}

function firstOf(word: string, suffixes: readonly string[], keep = minStem): string | null {
  for (const suffix of suffixes) {
    const rest = strip(word, suffix, keep);
    if (rest !== null) return rest;
  }
  return null;
}

const EN_UNDOUBLE = /([bdgmnprt])\1$/;

/** Plurals and third persons: boxes, deliveries, refunds (not glass, status, this). */
function enPlural(w: string): string {
  if (w.endsWith('sses')) return w.slice(0, -2);
  if (w.endsWith('ies') && w.length > 4) return `${w.slice(0, -3)}i`;
  if (/(x|ch|sh|z)es$/.test(w) && w.length > 4) return w.slice(0, -2);
  return /[^sui]s$/.test(w) ? w.slice(0, -1) : w;
}

/** An English stem: plurals, -ed/-ing, -ness/-ment/-ation, and -y/-ery brought to one form. */
export function stemEn(input: string): string {
  let w = input.toLowerCase().replace(/['’]s$/, '').replace(/['’]/g, '');
  if (w.length <= 3) return w;
  w = enPlural(w);
  // Past tense and participles: delivered, waiting, shipped; not need, speed, thing.
  if (!w.endsWith('eed')) {
    const rest = firstOf(w, ['ing', 'ed']);
    if (rest !== null && /[aeiouy]/.test(rest)) w = EN_UNDOUBLE.test(rest) ? rest.slice(0, -1) : rest;
  }
  w = firstOf(w, ['ness', 'ment']) ?? firstOf(w, ['ation'], 4) ?? w;
  // delivery and deliver, delay and delays, friendly and friendliness meet in one form.
  if (w.endsWith('y')) w = `${w.slice(0, -1)}i`;
  if (w.endsWith('eri') && w.length > 5) w = w.slice(0, -1);
  if (w.endsWith('e') && w.length > 3) w = w.slice(0, -1);
  return w;
}

const DE_NOUNS_WITH_GE = new Set([
  'gebuhr', 'gebuhren', 'geschaft', 'geschafte', 'gerat', 'gerate', 'getrank', 'getranke', 'gemuse', 'geld',
  'gesicht', 'geschmack', 'gesprach', 'gesamt', 'gebaude', 'gerne', 'gestern', 'genau', 'gegen', 'gewicht',
  'geschenk', 'gericht', 'geruch', 'gebiet', 'gefuhl', 'geduld', 'geschwindigkeit', 'geschirr', 'gemeinsam',
]);
const DE_SEPARABLE = ['zuruck', 'durch', 'nach', 'auf', 'aus', 'ein', 'mit', 'vor', 'weg', 'ab', 'an', 'um', 'zu'];
const DE_S_ENDING = /[bdfghklmnrt]s$/;

/**
 * Drops the ge- of a participle: geliefert, gewartet, gekommen, ausgeliefert (a separable verb's
 * only when weak, so that zurückgeben keeps its own ge-).
 */
function dropParticiple(w: string): string {
  if (!/(t|en)$/.test(w) || w.length < 7) return w;
  if (w.startsWith('ge')) return DE_NOUNS_WITH_GE.has(w) || DE_NOUNS_WITH_GE.has(w.replace(/e?n$/, '')) ? w : w.slice(2);
  const prefix = w.endsWith('t') ? DE_SEPARABLE.find((p) => w.startsWith(`${p}ge`) && w.length - p.length >= 7) : undefined;
  return prefix ? prefix + w.slice(prefix.length + 2) : w;
}

/** Inflection: Lieferungen, Preise, Kunden, liefern, Mitarbeiterinnen, Preises (not Preis). */
function deInflection(w: string): string {
  if (/erin(nen)?$/.test(w)) return w.replace(/in(nen)?$/, '');
  return firstOf(w, ['em', 'en', 'es', 'e']) ?? (/(er|el)n$/.test(w) || DE_S_ENDING.test(w) ? w.slice(0, -1) : w);
}

/** A German stem: umlauts folded, participles' ge- dropped, inflections, verb endings, -ung/-keit/-lich/-ig. */
export function stemDe(input: string): string {
  let w = input.toLowerCase().replace(/ä/g, 'a').replace(/ö/g, 'o').replace(/ü/g, 'u').replace(/ß/g, 'ss');
  if (w.length <= 3) return w;
  w = deInflection(dropParticiple(w));
  // Verb endings: wartet, liefert, kauft (not Zeit, Qualität, Rabatt).
  w = firstOf(w, ['et'], 4) ?? (/[^aeiouyt]t$/.test(w) && w.length > 4 ? w.slice(0, -1) : w);
  // Derivation: Lieferung, Sauberkeit, freundlich(er), schmutzig(er), Schnelligkeit.
  w = firstOf(w, ['ung', 'heit', 'keit']) ?? w;
  w = firstOf(w, ['licher', 'lich']) ?? w;
  return firstOf(w, ['iger', 'ig'], 4) ?? w;
}

/** The stem of one word, case-insensitive. */
export function stem(word: string, lang: Lang): string {
  return lang === 'de' ? stemDe(word) : stemEn(word);
}
