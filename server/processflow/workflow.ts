/**
 * The case workflow a CX team runs (docs/processflow.md): a detractor's response becomes a New
 * case, is assigned to a colleague, worked, and resolved or closed without action; a closed case
 * can be reopened. Which actions a state offers is the server's (spec part 3 section 4).
 */
import { ACTION_TYPE, type ActionType, type QueueTag } from '../../src/lib/case-rules';

export { ACTION_TYPE };
export type { ActionType, QueueTag };

export const STATES = ['New', 'Assigned', 'InProgress', 'Resolved', 'ClosedNoAction'] as const;
export type CaseState = (typeof STATES)[number];

/** The states each queue tag holds. */
export const STATES_OF_TAG: Record<QueueTag, readonly CaseState[]> = {
  Initial: ['New'],
  InProgress: ['Assigned', 'InProgress'],
  Final: ['Resolved', 'ClosedNoAction'],
  All: STATES,
  Mine: ['New', 'Assigned', 'InProgress'],
};

export interface ActionItem {
  actionName: string;
  actionType: ActionType;
  /** The state the action leads to (a tag or e-mail keeps the state). */
  toState?: CaseState;
  templates?: string[];
  /** A public reply through the review provider: it needs a social sign-in (spec part 3 section 4). */
  isSocial?: boolean;
  /** Named templates a review card can preselect (spec part 3, review feed's call to action). */
  quickTemplates?: Array<{ name: string; text: string }>;
}
export interface ActionGroup {
  name: string;
  actionType: ActionType;
  actionItems: ActionItem[];
}

const EMAIL_TEMPLATES = [
  'Thank you for your feedback. We are sorry about your visit and would like to put it right: could we call you?',
  'Thank you for telling us. We have shared your comments with the store team and will follow up within two working days.',
];

const transitions: Record<CaseState, ActionItem[]> = {
  New: [
    { actionName: 'Start work', actionType: ACTION_TYPE.Transition, toState: 'InProgress' },
    { actionName: 'Close without action', actionType: ACTION_TYPE.Transition, toState: 'ClosedNoAction' },
  ],
  Assigned: [
    { actionName: 'Start work', actionType: ACTION_TYPE.Transition, toState: 'InProgress' },
    { actionName: 'Close without action', actionType: ACTION_TYPE.Transition, toState: 'ClosedNoAction' },
  ],
  InProgress: [
    { actionName: 'Resolve', actionType: ACTION_TYPE.Transition, toState: 'Resolved' },
    { actionName: 'Close without action', actionType: ACTION_TYPE.Transition, toState: 'ClosedNoAction' },
  ],
  Resolved: [{ actionName: 'Reopen', actionType: ACTION_TYPE.Transition, toState: 'InProgress' }],
  ClosedNoAction: [{ actionName: 'Reopen', actionType: ACTION_TYPE.Transition, toState: 'InProgress' }],
};

/** The review feed's quick templates by the names its cards ask for. */
export const QUICK_TEMPLATES = [
  { name: 'Thank you', text: 'Thank you for your kind review. We are glad you enjoyed your visit and hope to see you again soon.' },
  { name: 'Generic reply', text: 'Thank you for your review. We read every comment and have shared yours with the store team.' },
  { name: 'Sorry this happened', text: 'We are sorry this happened. Please get in touch with the store team so that we can put it right.' },
];

export const OPEN: readonly CaseState[] = ['New', 'Assigned', 'InProgress'];
/** The states a case is closed in: reaching one asks for a root cause. */
export const CLOSED: readonly CaseState[] = ['Resolved', 'ClosedNoAction'];
/** Who may take a closed case back (statuses only move forward otherwise). */
export const REOPEN_ROLES = ['GlobalAdmin', 'PortalAdmin'];

/**
 * The action groups a state offers: both process-flow roles take every action but Reopen, which is
 * the administrators' (`mayReopen`). A review's case is answered in public (Reply, which resolves
 * it) instead of by e-mail.
 */
export function permittedActionGroups(state: CaseState, social = false, mayReopen = true): ActionGroup[] {
  const groups: ActionGroup[] = [];
  if (social && OPEN.includes(state)) {
    const reply: ActionItem = { actionName: 'Reply', actionType: ACTION_TYPE.Transition, toState: 'Resolved', isSocial: true, templates: QUICK_TEMPLATES.map((q) => q.text), quickTemplates: QUICK_TEMPLATES };
    groups.push({ name: 'Reply', actionType: ACTION_TYPE.Transition, actionItems: [reply] });
  }
  const moves = transitions[state].filter((i) => mayReopen || i.actionName !== 'Reopen');
  if (moves.length) groups.push({ name: 'Change status', actionType: ACTION_TYPE.Transition, actionItems: moves });
  if (OPEN.includes(state)) {
    groups.push({ name: 'Assign', actionType: ACTION_TYPE.Allocation, actionItems: [{ actionName: 'Assign', actionType: ACTION_TYPE.Allocation, toState: state === 'New' ? 'Assigned' : state }] });
    if (!social) groups.push({ name: 'Contact customer', actionType: ACTION_TYPE.SendEmail, actionItems: [{ actionName: 'Send e-mail', actionType: ACTION_TYPE.SendEmail, templates: EMAIL_TEMPLATES }] });
  }
  groups.push({ name: 'Tags', actionType: ACTION_TYPE.Tag, actionItems: [{ actionName: 'Tag', actionType: ACTION_TYPE.Tag }] });
  return groups;
}

/** The item of that name among the state's permitted actions, or undefined. */
export function findAction(state: CaseState, actionName: string, social = false, mayReopen = true): ActionItem | undefined {
  return permittedActionGroups(state, social, mayReopen)
    .flatMap((g) => g.actionItems)
    .find((i) => i.actionName.toLowerCase() === actionName.toLowerCase());
}
