/**
 * The survey editor's model, shared by the editor, the public survey page and the server: what a
 * survey holds, the rules it must keep to be published, which questions an answer set shows (the
 * display logic) and what a submitted answer set must look like. English messages; the server
 * sends them as they are and the elements translate by `code`.
 */

import { isEmailAddress, MAX_EMAIL_ADDRESS } from './email-address';

export const SURVEY_LOCALES = ['en', 'de'] as const;
export type SurveyLocale = (typeof SURVEY_LOCALES)[number];
/** A text in each survey language; English is required, German falls back to it. */
export type LocalText = { en: string; de?: string };

export const QUESTION_KINDS = ['nps', 'stars', 'single', 'multiple', 'text', 'email', 'page'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];

/** Show a question only when an earlier answer matches (`equals` for choices, `atMost`/`atLeast` for scores). */
export interface DisplayRule {
  questionId: string;
  op: 'equals' | 'atMost' | 'atLeast';
  value: number | string;
}

export interface Question {
  id: string;
  kind: QuestionKind;
  text: LocalText;
  required: boolean;
  /** Choices of a single or multiple choice question. */
  options?: { id: string; text: LocalText }[];
  showIf?: DisplayRule;
}

export interface SurveyDefinition {
  questions: Question[];
  thankYou: LocalText;
}

export type SurveyStatus = 'draft' | 'published' | 'closed';

export interface SurveySettings {
  title: LocalText;
  /** Responses also land in the customer responses data under one of these stores (the respondent's) and this channel. */
  reportToResponses: boolean;
  stores: string[];
  channel: string;
}

export type Answer = number | string | string[];
export type Answers = Record<string, Answer>;

export interface Problem {
  code: string;
  message: string;
  questionId?: string;
}

export const MAX_QUESTIONS = 60;
export const MAX_OPTIONS = 20;
export const MAX_SURVEY_STORES = 100;
export const MAX_TEXT_ANSWER = 2000;

/** The text an e-mail question starts with (the respondent's address, asked only with leave to write). */
export const EMAIL_QUESTION_TEXT: LocalText = { en: 'Your e-mail address, if we may contact you', de: 'Ihre E-Mail-Adresse, falls wir Sie kontaktieren dürfen' };

/** A text in the locale, English when it has none. */
export const localText = (t: LocalText | undefined, locale: string) => (locale === 'de' && t?.de?.trim() ? t.de : (t?.en ?? ''));

/** The languages a survey is offered in: English (its default, always there) and German when its title has a German text. */
export const surveyLocales = (title: LocalText): SurveyLocale[] => (title.de?.trim() ? ['en', 'de'] : ['en']);

/** The first of the respondent's languages (`de-AT` counts as `de`) the survey is offered in, else its default. */
export function pickLocale(wanted: readonly string[], offered: SurveyLocale[]): SurveyLocale {
  for (const w of wanted) {
    const found = offered.find((l) => w.toLowerCase().split('-')[0] === l);
    if (found) return found;
  }
  return offered[0] ?? 'en';
}

/** Questions that take an answer (a page break takes none). */
export const isAnswerable = (q: Question) => q.kind !== 'page';
export const isChoice = (q: Question) => q.kind === 'single' || q.kind === 'multiple';
/** A score question: NPS 0-10 or a star rating (CSAT) 1-5. */
export const isScore = (q: Question) => q.kind === 'nps' || q.kind === 'stars';

/**
 * What a recovery survey's answer puts on its case: the first score question (NPS or stars) and
 * the free texts. A recovery survey is one score and a comment; any survey with a score will do.
 */
export const recoveryQuestions = (def: SurveyDefinition) => ({ score: def.questions.find(isScore), comments: def.questions.filter((q) => q.kind === 'text') });

/** Numbered as the respondent and the editor see them: page breaks are not counted. */
export function questionNumbers(questions: Question[]): Map<string, number> {
  const numbers = new Map<string, number>();
  for (const q of questions) if (isAnswerable(q)) numbers.set(q.id, numbers.size + 1);
  return numbers;
}

/**
 * What stops a survey from being published, in the order of the questions. Responses land in the
 * customer responses data, where every row has an NPS and a star rating, so a survey reporting
 * there needs one of each, required.
 */
export function surveyProblems(settings: SurveySettings, def: SurveyDefinition): Problem[] {
  const problems: Problem[] = [];
  const numbers = questionNumbers(def.questions);
  if (!settings.title.en.trim()) problems.push({ code: 'emptyTitle', message: 'A survey needs a title.' });
  const answerable = def.questions.filter(isAnswerable);
  if (answerable.length === 0) problems.push({ code: 'noQuestions', message: 'A survey needs at least one question.' });
  if (settings.reportToResponses) {
    for (const kind of ['nps', 'stars'] as const) {
      const found = def.questions.filter((q) => q.kind === kind);
      const name = kind === 'nps' ? 'NPS' : 'star rating';
      if (found.length !== 1 || !found[0].required || found[0].showIf)
        problems.push({ code: `${kind}Required`, message: `A survey that reports to the responses data needs exactly one required ${name} question, shown to everyone.` });
    }
    if (!settings.stores.length || !settings.channel.trim()) problems.push({ code: 'storeChannel', message: 'Choose the stores and the channel the responses are reported under.' });
  }
  // A response has one customer address.
  if (def.questions.filter((q) => q.kind === 'email').length > 1) problems.push({ code: 'oneEmail', message: 'A survey asks for the e-mail address at most once.' });
  def.questions.forEach((q, index) => {
    const n = numbers.get(q.id);
    if (isAnswerable(q) && !q.text.en.trim()) problems.push({ code: 'emptyQuestion', questionId: q.id, message: `Question ${n} has no text.` });
    if (isChoice(q) && (q.options ?? []).filter((o) => o.text.en.trim()).length < 2)
      problems.push({ code: 'fewOptions', questionId: q.id, message: `Question ${n} needs at least two options.` });
    if (q.showIf) {
      const at = def.questions.findIndex((p) => p.id === q.showIf!.questionId);
      if (at < 0 || at >= index) problems.push({ code: 'laterLogic', questionId: q.id, message: `Question ${n ?? index + 1} can only depend on an earlier question.` });
      else if (!ruleFits(def.questions[at], q.showIf)) problems.push({ code: 'badLogic', questionId: q.id, message: `The condition of question ${n} does not fit question ${numbers.get(def.questions[at].id)}.` });
    }
  });
  if (def.questions[0]?.kind === 'page' || def.questions.at(-1)?.kind === 'page') problems.push({ code: 'edgePage', message: 'A page break belongs between questions.' });
  return problems;
}

function ruleFits(source: Question, rule: DisplayRule): boolean {
  if (source.kind === 'nps' || source.kind === 'stars') {
    const max = source.kind === 'nps' ? 10 : 5;
    return rule.op !== 'equals' ? typeof rule.value === 'number' && rule.value >= (source.kind === 'nps' ? 0 : 1) && rule.value <= max : typeof rule.value === 'number';
  }
  if (isChoice(source)) return rule.op === 'equals' && (source.options ?? []).some((o) => o.id === rule.value);
  return false;
}

/** Whether an answer meets a display rule (a missing answer meets none). */
export function ruleMet(rule: DisplayRule, answer: Answer | undefined): boolean {
  if (answer === undefined || answer === '') return false;
  if (rule.op === 'equals') return Array.isArray(answer) ? answer.includes(String(rule.value)) : answer === rule.value;
  if (typeof answer !== 'number' || typeof rule.value !== 'number') return false;
  return rule.op === 'atMost' ? answer <= rule.value : answer >= rule.value;
}

/** The questions an answer set shows: a question hidden by its rule hides its dependants too. */
export function visibleQuestions(def: SurveyDefinition, answers: Answers): Question[] {
  const shown = new Set<string>();
  const out: Question[] = [];
  for (const q of def.questions) {
    if (q.showIf && (!shown.has(q.showIf.questionId) || !ruleMet(q.showIf, answers[q.showIf.questionId]))) continue;
    shown.add(q.id);
    out.push(q);
  }
  return out;
}

/** The visible questions split at page breaks (empty pages dropped). */
export function pagesOf(def: SurveyDefinition, answers: Answers): Question[][] {
  const pages: Question[][] = [[]];
  for (const q of visibleQuestions(def, answers)) {
    if (q.kind === 'page') pages.push([]);
    else pages.at(-1)!.push(q);
  }
  return pages.filter((p) => p.length > 0);
}

export type AnswerProblem = 'required' | 'range' | 'choice' | 'tooLong' | 'address';

/** The English message of each answer problem (the elements translate by the code). */
export function answerMessage(code: AnswerProblem, q: Question): string {
  const [min, max] = q.kind === 'nps' ? [0, 10] : [1, 5];
  return {
    required: 'This question needs an answer.',
    range: `Choose a whole number from ${min} to ${max}.`,
    choice: q.kind === 'single' ? 'Choose one of the options.' : 'Choose among the options.',
    tooLong: `Keep the answer under ${MAX_TEXT_ANSWER} characters.`,
    address: `Enter one e-mail address (at most ${MAX_EMAIL_ADDRESS} characters), or leave it empty.`,
  }[code];
}

/** What is wrong with one answer, or null when it is fine. */
export function answerProblem(q: Question, answer: Answer | undefined): AnswerProblem | null {
  const empty = answer === undefined || answer === '' || (Array.isArray(answer) && answer.length === 0);
  if (empty) return q.required ? 'required' : null;
  switch (q.kind) {
    case 'nps':
    case 'stars': {
      const [min, max] = q.kind === 'nps' ? [0, 10] : [1, 5];
      return typeof answer === 'number' && Number.isInteger(answer) && answer >= min && answer <= max ? null : 'range';
    }
    case 'single':
      return typeof answer === 'string' && (q.options ?? []).some((o) => o.id === answer) ? null : 'choice';
    case 'multiple':
      return Array.isArray(answer) && answer.every((a) => (q.options ?? []).some((o) => o.id === a)) && new Set(answer).size === answer.length ? null : 'choice';
    case 'text':
      return typeof answer === 'string' && answer.length <= MAX_TEXT_ANSWER ? null : 'tooLong';
    case 'email':
      return typeof answer === 'string' && isEmailAddress(answer) ? null : 'address';
    default:
      return 'choice';
  }
}

/**
 * The answers as they are kept: those of visible questions only (an answer to a question the
 * logic hid is dropped), each checked. Errors are keyed by question id.
 */
export function checkAnswers(def: SurveyDefinition, answers: Answers): { kept: Answers; errors: Record<string, string> } {
  const kept: Answers = {};
  const errors: Record<string, string> = {};
  for (const q of visibleQuestions(def, answers)) {
    if (!isAnswerable(q)) continue;
    const problem = answerProblem(q, answers[q.id]);
    if (problem) errors[q.id] = answerMessage(problem, q);
    else if (answers[q.id] !== undefined && answers[q.id] !== '') kept[q.id] = typeof answers[q.id] === 'string' ? (answers[q.id] as string).trim() : answers[q.id];
  }
  return { kept, errors };
}

/** A new survey's questions: the two every reported response carries, then a comment shown to detractors. */
export function starterDefinition(newId: () => string): SurveyDefinition {
  return {
    questions: [
      { id: newId(), kind: 'nps', required: true, text: { en: 'How likely are you to recommend us to a friend or colleague?', de: 'Wie wahrscheinlich ist es, dass Sie uns einem Freund oder Kollegen empfehlen?' } },
      { id: newId(), kind: 'stars', required: true, text: { en: 'How would you rate your visit?', de: 'Wie bewerten Sie Ihren Besuch?' } },
    ],
    thankYou: { en: 'Thank you for your feedback.', de: 'Vielen Dank für Ihr Feedback.' },
  };
}
