import { request, type ApiTarget } from './client';
import type { BadRequest } from './errors';
import type { Answers, LocalText, SurveyDefinition, SurveyLocale, SurveySettings, SurveyStatus } from '../lib/survey-model';

export interface SurveySummary {
  shortcode: string;
  title: LocalText;
  status: SurveyStatus;
  responses: number;
  updatedAt: string;
  updatedBy: string | null;
  unpublishedChanges: boolean;
}

export interface SurveyView extends Omit<SurveySummary, 'title'> {
  version: number;
  /** Whether this user may change it (its owner or a PortalAdmin); others see it read-only. */
  canChange: boolean;
  settings: SurveySettings;
  definition: SurveyDefinition;
}

/** The survey's languages and the one the respondent's Accept-Language picked among them. */
interface Languages {
  locales: SurveyLocale[];
  locale: SurveyLocale;
}

export type PublicSurvey =
  /** `about`: whom a personal link's answers are about (360° feedback), by name. */
  | ({ shortcode: string; status: 'published'; title: LocalText; definition: SurveyDefinition; stores: string[]; about?: string } & Languages)
  | ({ shortcode: string; status: 'closed'; title: LocalText } & Languages);

type Maybe<T> = Promise<T | BadRequest>;
const at = (shortcode: string) => `/api/surveys/${encodeURIComponent(shortcode)}`;

export const listSurveys = (target?: ApiTarget): Maybe<SurveySummary[]> => request('GET', '/api/surveys', { target });
export const reportingPlaces = (target?: ApiTarget): Maybe<{ stores: string[]; channels: string[] }> => request('GET', '/api/surveys/places', { target });
export const createSurvey = (title: string, target?: ApiTarget): Maybe<SurveyView> => request('POST', '/api/surveys', { target, json: { title } });
export const loadSurvey = (shortcode: string, target?: ApiTarget): Maybe<SurveyView> => request('GET', at(shortcode), { target });
export const saveSurvey = (s: Pick<SurveyView, 'shortcode' | 'version' | 'settings' | 'definition'>, target?: ApiTarget): Maybe<SurveyView> =>
  request('PUT', at(s.shortcode), { target, json: { version: s.version, settings: s.settings, definition: s.definition } });
export const publishSurvey = (shortcode: string, version: number, target?: ApiTarget): Maybe<SurveyView> => request('POST', `${at(shortcode)}/publish`, { target, json: { version } });
export const closeSurvey = (shortcode: string, version: number, target?: ApiTarget): Maybe<SurveyView> => request('POST', `${at(shortcode)}/close`, { target, json: { version } });

/** The public page's calls: anonymous, from any site. */
/** `languages`: the respondent's, most wanted first; the server picks the survey's language from them. */
export const publicSurvey = (shortcode: string, languages: readonly string[], target?: ApiTarget, inviteId?: string): Maybe<PublicSurvey> =>
  request('GET', `/api/survey/${encodeURIComponent(shortcode)}${inviteId ? `?invite=${encodeURIComponent(inviteId)}` : ''}`, { target, anonymous: true, script: true, headers: { 'Accept-Language': languages.join(',') } });
/** Refusals come in the survey's language (`body.locale`), as the page around them. */
export const submitSurvey = (shortcode: string, body: { answers: Answers; locale: SurveyLocale; inviteId?: string; store?: string }, target?: ApiTarget): Maybe<{ thankYou: string }> =>
  request('POST', `/api/survey/${encodeURIComponent(shortcode)}/responses`, { target, anonymous: true, script: true, json: body, headers: { 'Accept-Language': body.locale } });
