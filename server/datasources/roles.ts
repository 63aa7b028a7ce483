import { strays, type Profile } from './profile';

/** What a column is to the portal: its measures, filters and texts come from roles, never from names. */
export const ROLES = ['score', 'driver', 'verbatim', 'dimension', 'customer', 'attribute'] as const;
export type Role = (typeof ROLES)[number];
export const SCORE_KINDS = ['NPS', 'Rating', 'CSAT', 'CES', 'Sentiment'] as const;
export type ScoreKind = (typeof SCORE_KINDS)[number];

export interface RoleProposal {
  role: Role;
  /** A score's (or driver's) kind and scale. */
  score?: { kind: ScoreKind; min?: number; max?: number };
  /** Customer fields are hidden by default. */
  hidden?: boolean;
}

const RECOMMEND = /recommend|empfehl|nps|likely|wahrscheinlich/i;
const CSAT = /satisf|csat|zufrieden/i;
const CES = /effort|\bces\b|easy|einfach|aufwand/i;
const PERSON = /\b(first|last|full|given|family|recipient|customer|respondent)[ _]?name\b|^name$|^(vorname|nachname)$|e-?mail|phone|telefon|mobile|ip ?address|latitude|longitude/i;
const SENTIMENT = new Set(['positive', 'negative', 'neutral', 'mixed', 'positiv', 'negativ']);
/** At most this many different values make a text a dimension (offered as a smart filter). */
const DIMENSION_MAX = 50;

/** Whole numbers from `min` to `max`, but for a few strays (a 15 on a 0-10 scale is refused by the import, not a reason to call the column text). */
const within = (p: Profile, min: number, max: number) =>
  p.typeName === 'Number' && p.numbers.length > 0 && p.numbers.filter((n) => !Number.isInteger(n) || n < min || n > max).length <= strays(p.numbers.length);
/** A rating scale the values fit: 1-5, 1-7, 1-10 or 0-10. */
const scaleOf = (p: Profile) => ([[1, 5], [1, 7], [1, 10], [0, 10]] as const).find(([min, max]) => within(p, min, max));

/** The role each column is proposed for; the user confirms or changes them before the import. */
export function proposeRoles(profiles: Profile[]): RoleProposal[] {
  const proposals = profiles.map(named);
  // Ratings without a telling name: drivers of the score, or the score when there is none.
  const hasScore = proposals.some((p) => p?.role === 'score');
  let scoreTaken = hasScore;
  return profiles.map((p, i) => {
    if (proposals[i]) return proposals[i];
    const scale = scaleOf(p);
    if (scale && p.filled > 0) {
      const role = scoreTaken ? 'driver' : 'score';
      scoreTaken = true;
      return { role, score: { kind: 'Rating', min: scale[0], max: scale[1] } };
    }
    return byShape(p);
  });
}

/** Roles a column's name and values tell together: customer fields, NPS, CSAT, CES, sentiment. */
function named(p: Profile): RoleProposal | undefined {
  if (p.emailShare >= 0.8 || (PERSON.test(p.name) && p.typeName !== 'Number')) return { role: 'customer', hidden: true };
  if (RECOMMEND.test(p.name) && within(p, 0, 10)) return { role: 'score', score: { kind: 'NPS', min: 0, max: 10 } };
  const scale = scaleOf(p);
  if (scale && CSAT.test(p.name)) return { role: 'score', score: { kind: 'CSAT', min: scale[0], max: scale[1] } };
  if (scale && CES.test(p.name)) return { role: 'score', score: { kind: 'CES', min: scale[0], max: scale[1] } };
  if (p.typeName === 'String' && p.values.size > 0 && [...p.values].every((v) => SENTIMENT.has(v))) return { role: 'score', score: { kind: 'Sentiment' } };
  return undefined;
}

/** Long free text is a verbatim; text of few values a dimension; anything else a plain attribute. */
function byShape(p: Profile): RoleProposal {
  if (p.typeName !== 'String' || p.filled === 0) return { role: 'attribute' };
  if (p.meanLength >= 40 || (p.maxLength >= 100 && p.distinct > p.filled / 2)) return { role: 'verbatim' };
  if (p.distinct <= DIMENSION_MAX && (p.filled < 10 || p.distinct <= p.filled / 2)) return { role: 'dimension' };
  return { role: 'attribute' };
}

const ID_NAME = /(^|[^a-z])id$|^id|^#$|respon|nummer|number|\bnr\b/i;

/**
 * The id column: the first with a value in every row, each different, none in scientific notation
 * (a spreadsheet's rounding of long ids), short and without spaces; named like an id, or the first
 * column. A name alone never makes one: `refused` says which id-like columns failed and why.
 */
export function idColumnOf(profiles: Profile[], rows: number): { index: number | null; refused: string[] } {
  const refused: string[] = [];
  let index: number | null = null;
  profiles.forEach((p, i) => {
    const named = ID_NAME.test(p.name);
    if (!named && i !== 0) return;
    const unique = p.complete && p.distinct === rows && rows > 1;
    const ok = unique && p.scientific === 0 && p.typeName !== 'DateTime' && p.maxLength <= 64 && !p.spaced;
    if (ok && index === null) index = i;
    else if (named && p.scientific > 0)
      refused.push(
        `Column "${p.name}" is not proposed as the id: its values are in scientific notation (e.g. 5.70306E+17), which a spreadsheet writes when it rounds long numbers, and ${rows.toLocaleString('en')} rows hold ${p.distinct.toLocaleString('en')} different values. Export the ids as text.`,
      );
    else if (named && !unique) refused.push(`Column "${p.name}" is not proposed as the id: its values are not unique (or some rows have none).`);
  });
  return { index, refused };
}
