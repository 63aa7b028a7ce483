import { z } from '../http/validate';

/** How soon a case wants an answer: each queue gives each priority its own deadlines. */
export const PRIORITIES = ['High', 'Normal', 'Low'] as const;
export type Priority = (typeof PRIORITIES)[number];

/** At most this many conditions in a rule, values in a list and words in a comment condition. */
export const MAX_CONDITIONS = 10;
export const MAX_VALUES = 100;

const key = z.string().trim().min(1, 'Choose a field.').max(200);
const condition = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('score'), column: key, atMost: z.number().finite().optional(), atLeast: z.number().finite().optional() })
    .refine((c) => c.atMost !== undefined || c.atLeast !== undefined, 'Give a score at most or at least.'),
  z.object({ kind: z.literal('values'), column: key, values: z.array(z.string().max(500)).min(1, 'Choose at least one value.').max(MAX_VALUES) }),
  z.object({ kind: z.literal('words'), column: key, words: z.array(z.string().trim().min(1).max(100)).min(1, 'Give at least one word.').max(MAX_VALUES) }),
]);
export type Condition = z.infer<typeof condition>;

const owner = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('none') }),
  z.object({ kind: z.literal('user'), userId: z.string().min(1, 'Choose a user.').max(100) }),
  z.object({ kind: z.literal('role'), role: z.string().min(1, 'Choose a role.').max(100) }),
  z.object({ kind: z.literal('group'), groupId: z.string().min(1, 'Choose a group.').max(100) }),
]);
export type Owner = z.infer<typeof owner>;

/** A rule as an administrator writes it (docs/api.md, "Case rules"). */
export const ruleInput = z.object({
  sourceId: z.string().min(1, 'Choose a data source.').max(100),
  name: z.string().trim().min(1, 'A rule needs a name.').max(100, 'A name has at most 100 characters.'),
  enabled: z.boolean().default(true),
  conditions: z.array(condition).max(MAX_CONDITIONS, `A rule has at most ${MAX_CONDITIONS} conditions.`),
  queue: z.string().trim().min(1, 'Choose a queue.').max(100),
  owner: owner.default({ kind: 'none' }),
  priority: z.enum(PRIORITIES).default('Normal'),
});
export type RuleInput = z.infer<typeof ruleInput>;

export interface CaseRule extends RuleInput {
  id: string;
  createdAt: string;
  updatedAt: string;
  updatedBy: string;
}

/** Working hours: the days of the week (0 Sunday) and the hours of a day a deadline counts in. */
const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Write a time as HH:MM.');
const hours = z.object({ High: z.number().positive().max(10_000), Normal: z.number().positive().max(10_000), Low: z.number().positive().max(10_000) });
export const queueInput = z.object({
  name: z.string().trim().min(1, 'A queue needs a name.').max(100),
  firstResponseHours: hours,
  resolutionHours: hours,
  calendar: z.object({
    days: z.array(z.number().int().min(0).max(6)).min(1, 'Choose at least one working day.').max(7),
    start: time,
    end: time,
    timeZone: z.string().min(1).max(100).refine(isTimeZone, 'Name a time zone such as Europe/Berlin or UTC.'),
  }).refine((c) => c.start < c.end, { message: 'A working day ends after it starts.', path: ['end'] }),
});
export type CaseQueue = z.infer<typeof queueInput>;

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const MAX_ROOT_CAUSES = 50;
export const sourceSettingsInput = z.object({
  rootCauses: z.array(z.string().trim().min(1).max(100)).max(MAX_ROOT_CAUSES).refine((l) => new Set(l.map((c) => c.toLowerCase())).size === l.length, 'Each root cause once.'),
  recoverySurvey: z.string().max(100).nullable().default(null),
  suppressionDays: z.number().int().min(0).max(3650).default(30),
});
export type SourceSettingsInput = z.infer<typeof sourceSettingsInput>;
