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
};

export interface ActionItem {
  actionName: string;
  actionType: ActionType;
  /** The state the action leads to (a tag or e-mail keeps the state). */
  toState?: CaseState;
  templates?: string[];
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

const OPEN: readonly CaseState[] = ['New', 'Assigned', 'InProgress'];

/** The action groups a state offers (both process-flow roles may take every action). */
export function permittedActionGroups(state: CaseState): ActionGroup[] {
  const groups: ActionGroup[] = [{ name: 'Change status', actionType: ACTION_TYPE.Transition, actionItems: transitions[state] }];
  if (OPEN.includes(state)) {
    groups.push({ name: 'Assign', actionType: ACTION_TYPE.Allocation, actionItems: [{ actionName: 'Assign', actionType: ACTION_TYPE.Allocation, toState: state === 'New' ? 'Assigned' : state }] });
    groups.push({ name: 'Contact customer', actionType: ACTION_TYPE.SendEmail, actionItems: [{ actionName: 'Send e-mail', actionType: ACTION_TYPE.SendEmail, templates: EMAIL_TEMPLATES }] });
  }
  groups.push({ name: 'Tags', actionType: ACTION_TYPE.Tag, actionItems: [{ actionName: 'Tag', actionType: ACTION_TYPE.Tag }] });
  return groups;
}

/** The item of that name among the state's permitted actions, or undefined. */
export function findAction(state: CaseState, actionName: string): ActionItem | undefined {
  return permittedActionGroups(state)
    .flatMap((g) => g.actionItems)
    .find((i) => i.actionName.toLowerCase() === actionName.toLowerCase());
}
