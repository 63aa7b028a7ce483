/** The in-portal survey page's steps (spec part 2 section 4), walked with a back stack. */
export type SurveyStep = 'landing' | 'history' | 'nominate' | 'sendconfirmation';

/** Table page sizes (spec part 2 section 9): the config's (default 50) for the directory and history, 100 to nominate, 10 to confirm. */
export const PAGE_SIZES = [25, 50, 75, 100] as const;
export const DEFAULT_PAGE_SIZE = 50;
export const NOMINATION_PAGE = 100;
export const INVITE_PAGE = 10;

export const pageSizeOf = (configured: number | undefined) => (PAGE_SIZES.includes(configured as (typeof PAGE_SIZES)[number]) ? configured! : DEFAULT_PAGE_SIZE);

/** Going forward to `step` (the same step again adds nothing). */
export const pushStep = (stack: readonly SurveyStep[], step: SurveyStep): SurveyStep[] => (stack[stack.length - 1] === step ? [...stack] : [...stack, step]);

/** Going back: the previous step (the landing stays). Leaving sendconfirmation clears the invite list. */
export function popStep(stack: readonly SurveyStep[]): { stack: SurveyStep[]; clearList: boolean } {
  if (stack.length <= 1) return { stack: [...stack], clearList: false };
  return { stack: stack.slice(0, -1), clearList: stack[stack.length - 1] === 'sendconfirmation' };
}

/** A survey link on a phone opens on the mobile survey site when the page sets one (OverrideDomainOnMobile). */
export function surveyLinkFor(link: string, mobile: boolean, overrideDomain?: string): string {
  if (!mobile || !overrideDomain) return link;
  try {
    const url = new URL(link);
    const target = new URL(overrideDomain);
    return `${target.origin}${url.pathname}${url.search}${url.hash}`;
  } catch {
    return link;
  }
}

/** An invitee on the list: a directory row with the relationship chosen for them. */
export interface Invitee {
  personId: number;
  key: string;
  name: string;
  group: string;
  relationship: string;
}

/** Adds a person unless someone with the same invite key is on the list already (spec part 2 section 5). */
export const addInvitee = (list: readonly Invitee[], person: Invitee): Invitee[] =>
  list.some((i) => i.key.toLowerCase() === person.key.toLowerCase()) ? [...list] : [...list, person];

/**
 * The history's kind of a row, as a key of `survey.kinds`: a Give Now link is only opened until
 * its survey is answered (issue 43), so it reads Given only then.
 */
export const historyKind = (row: Record<string, unknown>): string =>
  row.Kind === 'GiveNow' && !row.AnsweredAt ? 'GiveNowOpened' : String(row.Kind ?? '');
