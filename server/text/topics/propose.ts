/**
 * Candidate topics from a source's own comments, for an administrator to accept, rename, merge or
 * drop: frequent noun-ish words grouped with their inflections, German compounds and the two-word
 * phrases around them ("delivery", "delivered", "delivery time"; "Lieferung", "Lieferzeit").
 */
import type { Lang, TopicCandidate } from '../types';
import { sameWord } from './matcher';
import { nameOf, phrases, type Phrase } from './phrases';
import { isGeneric } from './words';

export interface ProposeOptions {
  /** How many candidates at most (20). */
  top?: number;
  /** Fewest comments a phrase and a candidate must occur in (2, or 1% of the texts if more). */
  minCount?: number;
  /** Examples per candidate (3), each a different text. */
  examples?: number;
}

interface Group {
  anchor: Phrase;
  members: Phrase[];
}

const byDocs = (a: Phrase, b: Phrase) => b.docs.size - a.docs.size || a.key.localeCompare(b.key);

/** The group whose anchor is one of `stems` (or a compound of one), the most frequent first. */
function groupFor(groups: Group[], stems: string[], lang: Lang): Group | undefined {
  return groups.find((g) => g.anchor.words === 1 && stems.some((s) => sameWord(s, g.anchor.key, lang) || sameWord(g.anchor.key, s, lang)));
}

const clip = (text: string) => (text.length > 200 ? `${text.slice(0, 199).trimEnd()}…` : text.trim());

/**
 * The most frequent themes of `texts` (one language), each with its terms (written forms, most
 * frequent first), the number of comments mentioning any of them and a few of those comments.
 */
export function proposeTopics(texts: string[], lang: Lang, options: ProposeOptions = {}): TopicCandidate[] {
  const minCount = options.minCount ?? Math.max(2, Math.round(texts.length * 0.01));
  const { phrases: all, nounEvidence } = phrases(texts, lang);
  const groups: Group[] = [];
  const loose: Phrase[] = [];
  const unigrams = [...all.values()].filter((p) => p.words === 1 && !isGeneric(nameOf(p), lang)).sort(byDocs);
  for (const p of unigrams) {
    if (p.docs.size < minCount || (nounEvidence && p.nounish === 0)) loose.push(p);
    else {
      const group = groupFor(groups, [p.key], lang);
      if (group) group.members.push(p);
      else groups.push({ anchor: p, members: [p] });
    }
  }
  // A rare or verb-like German word still counts for the theme it is a compound or form of
  // (Lieferzeit once, gewartet for Wartezeit); in English only equal stems group, which keys are already.
  if (lang === 'de') for (const p of loose) groupFor(groups, [p.key], lang)?.members.push(p);
  for (const p of [...all.values()].filter((q) => q.words === 2 && q.docs.size >= minCount).sort(byDocs)) {
    const parts = p.key.split(' ').filter((_, k) => !isGeneric(nameOf(p).split(' ')[k] ?? '', lang));
    const group = groupFor(groups, parts, lang);
    if (group) group.members.push(p);
    else groups.push({ anchor: p, members: [p] });
  }
  return groups
    .map((g) => {
      const docs = [...new Set(g.members.flatMap((m) => [...m.docs]))].sort((a, b) => a - b);
      const members = [...g.members].sort(byDocs);
      const seen = new Set<string>();
      const terms = members
        .flatMap((m) => [...m.forms].sort((a, b) => b[1] - a[1]).map(([form]) => form))
        .filter((form) => !seen.has(form.toLowerCase()) && seen.add(form.toLowerCase()));
      const name = nameOf(members[0]);
      return {
        name: name[0].toUpperCase() + name.slice(1),
        terms: terms.slice(0, 10),
        count: docs.length,
        examples: [...new Set(docs.map((d) => clip(texts[d])))].slice(0, options.examples ?? 3),
      };
    })
    .filter((c) => c.count >= minCount)
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name))
    .slice(0, options.top ?? 20);
}
