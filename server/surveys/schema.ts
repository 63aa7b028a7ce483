import { z } from '../http/validate';
import { MAX_OPTIONS, MAX_SURVEY_STORES, MAX_QUESTIONS, QUESTION_KINDS, SURVEY_LOCALES, type SurveyDefinition, type SurveySettings } from '../../src/lib/survey-model';

/** The shape of what the editor sends; the publishing rules (src/lib/survey-model.ts) come on top. */
const id = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'An id is 1 to 40 letters, digits, - or _.');
const localText = (max: number) =>
  z.object({ en: z.string().max(max), de: z.string().max(max).optional() }).strict();

export const surveyDefinition: z.ZodType<SurveyDefinition> = z
  .object({
    questions: z
      .array(
        z
          .object({
            id,
            kind: z.enum(QUESTION_KINDS),
            text: localText(500),
            required: z.boolean(),
            options: z.array(z.object({ id, text: localText(200) }).strict()).max(MAX_OPTIONS, `A question has at most ${MAX_OPTIONS} options.`).optional(),
            showIf: z.object({ questionId: id, op: z.enum(['equals', 'atMost', 'atLeast']), value: z.union([z.number(), z.string().max(40)]) }).strict().optional(),
          })
          .strict(),
      )
      .max(MAX_QUESTIONS, `A survey has at most ${MAX_QUESTIONS} questions.`)
      .refine((qs) => new Set(qs.map((q) => q.id)).size === qs.length, 'Two questions share an id.'),
    thankYou: localText(500),
  })
  .strict();

export const surveySettings: z.ZodType<SurveySettings> = z
  .object({
    title: localText(120),
    reportToResponses: z.boolean(),
    stores: z
      .array(z.string().min(1).max(120))
      .max(MAX_SURVEY_STORES, `A survey reports under at most ${MAX_SURVEY_STORES} stores.`)
      .refine((list) => new Set(list).size === list.length, 'A store is listed twice.'),
    channel: z.string().max(60),
  })
  .strict();

export const newSurvey = z.object({ title: z.string().max(120) }).strict();
export const saveBody = z.object({ version: z.number().int(), settings: surveySettings, definition: surveyDefinition }).strict();
export const versionBody = z.object({ version: z.number().int() }).strict();
export const submission = z
  .object({
    answers: z.record(z.string().max(40), z.union([z.number(), z.string().max(4000), z.array(z.string().max(40)).max(MAX_OPTIONS)])),
    locale: z.enum(SURVEY_LOCALES).default('en'),
    inviteId: z.string().max(60).optional(),
    /** The respondent's store (from the link, or asked), one of the survey's stores. */
    store: z.string().max(120).optional(),
  })
  .strict();
