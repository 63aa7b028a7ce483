/** The nomination rules of spec part 2 section 5, shared by the survey page and the server. */
export interface Nominate {
  Options: string[];
  MinRequiredNominationsPerOption?: number;
}

export type NominationProblem = { kind: 'relationshipOne' } | { kind: 'relationshipAll' } | { kind: 'atLeast'; n: number; option: string };

/**
 * The first rule the nominees' relationships break, in the order the page checks them: every
 * nominee has a relationship (one of the options), then each option in use has at least the
 * minimum. Undefined when the list may be sent.
 */
export function nominationProblem(relationships: readonly string[], nominate: Nominate): NominationProblem | undefined {
  if (relationships.some((r) => !nominate.Options.includes(r))) return { kind: relationships.length === 1 ? 'relationshipOne' : 'relationshipAll' };
  const min = nominate.MinRequiredNominationsPerOption ?? 0;
  for (const option of nominate.Options) {
    const n = relationships.filter((r) => r === option).length;
    if (n > 0 && n < min) return { kind: 'atLeast', n: min, option };
  }
  return undefined;
}

/** The spec's English text of a problem (the server's 400 message; the page shows its own language). */
export function nominationMessage(p: NominationProblem, label: (option: string) => string = (o) => o): string {
  if (p.kind === 'relationshipOne') return 'Please select Relationship for Nominee';
  if (p.kind === 'relationshipAll') return 'Please select Relationship for all Nominees';
  return `Please select at least ${p.n} ${label(p.option)}${p.n > 1 ? 's' : ''}`;
}
