import { z } from 'zod';
import type { Queryable } from '../db';
import { readSetting } from '../routes/settings';
import { localiseName, type Lang } from '../i18n';
import type { FeedbackConfig } from '../../src/api/feedback';

export type { FeedbackConfig, FeedbackQuestion } from '../../src/api/feedback';

/** The widget's questions in their order (spec part 2): a score, then drivers, then free text. */
export const QUESTION_TYPES = ['nps', 'star', 'driver', 'verbatim'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];
const STEP_OF: Record<QuestionType, number> = { nps: 0, star: 0, driver: 1, verbatim: 2 };

export const SETTING_NAME = 'feedback';

/** What a fresh portal asks its users (the seed; an administrator changes it with PUT api/feedback/config). */
export const DEFAULT_FEEDBACK_CONFIG: FeedbackConfig = {
  Enabled: true,
  Questions: [
    { type: 'nps', text: 'How likely are you to recommend the CX Portal to a colleague?' },
    { type: 'driver', text: 'What is your score mostly about?', properties: { options: ['Dashboards', 'Data viewer', 'Case management', 'Speed', 'Ease of use'] } },
    { type: 'verbatim', text: 'What could we do better?', properties: { callbackText: 'I would like to be contacted about my feedback' } },
  ],
  noDaysSuppressed: 30,
  SubmitText: 'Thank you for your feedback!',
};

const text = (what: string) => z.string().trim().min(1, `${what} is required.`).max(300, `${what} has at most 300 characters.`);
const option = z.string().trim().min(1, 'An option cannot be empty.').max(60, 'An option has at most 60 characters.').refine((o) => !o.includes(','), 'An option cannot contain a comma.');

const question = z.object({
  type: z.enum(QUESTION_TYPES, { message: `A question's type is one of ${QUESTION_TYPES.join(', ')}.` }),
  text: text("A question's text"),
  properties: z.object({ options: z.array(option).max(12, 'A question has at most 12 options.').optional(), callbackText: text('The callback text').optional() }).optional(),
}).strict();

/** An administrator's config: checked so the widget can always ask it (spec order, options for drivers). */
export const feedbackConfigSchema = z
  .object({
    Enabled: z.boolean({ message: 'Enabled is true or false.' }),
    Questions: z.array(question).min(1, 'Ask at least one question.').max(3, 'Ask at most three questions.'),
    noDaysSuppressed: z.number({ message: 'noDaysSuppressed is a number of days.' }).int('noDaysSuppressed is a whole number of days.').min(1, 'noDaysSuppressed is 1 to 365 days.').max(365, 'noDaysSuppressed is 1 to 365 days.'),
    SubmitText: text('SubmitText'),
  })
  .strict()
  .superRefine((config, ctx) => {
    const types = config.Questions.map((q) => q.type);
    const fail = (message: string) => ctx.addIssue({ code: 'custom', path: ['Questions'], message });
    if (types[0] !== 'nps' && types[0] !== 'star') fail('The first question is the score: nps or star.');
    // The spec's order, each kind once: score, then drivers, then free text.
    const rank = types.map((t) => STEP_OF[t]);
    if (rank.some((r, i) => i > 0 && r <= rank[i - 1])) fail('The questions go in the order score, drivers, free text, each asked once.');
    const drivers = config.Questions.find((q) => q.type === 'driver');
    const options = drivers?.properties?.options ?? [];
    if (drivers && options.length < 2) fail('A drivers question needs at least two options.');
    if (new Set(options.map((o) => o.toLowerCase())).size !== options.length) fail('The drivers options are each listed once.');
  });

/** The config as stored (the seed's default when an older database has none). */
export async function feedbackConfig(q: Queryable): Promise<FeedbackConfig> {
  return { ...DEFAULT_FEEDBACK_CONFIG, ...((await readSetting<Partial<FeedbackConfig>>(q, SETTING_NAME)) ?? {}) };
}

/** The config in the user's language: the seeded texts have translations; an administrator's own stay as written. */
export function localiseConfig(config: FeedbackConfig, lang: Lang): FeedbackConfig {
  const l = (s: string) => localiseName(lang, s);
  return {
    ...config,
    SubmitText: l(config.SubmitText),
    Questions: config.Questions.map((qn) => ({
      ...qn,
      text: l(qn.text),
      ...(qn.properties && {
        properties: {
          ...(qn.properties.options && { options: qn.properties.options, labels: qn.properties.options.map(l) }),
          ...(qn.properties.callbackText && { callbackText: l(qn.properties.callbackText) }),
        },
      }),
    })),
  };
}
