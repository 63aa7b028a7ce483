import { request, type ApiTarget } from './client';
import type { BadRequest } from './errors';

/** Survey config (spec part 2 section 3), with the nomination options in the user's language. */
export interface SurveyConfig {
  PageConfig: {
    PageDescription: string;
    PageSubject: string;
    /** Rows per page of the people table (25, 50, 75 or 100; default 50). */
    PageSize?: number;
    /** The label of the button that goes on to invite. */
    ButtonText: string;
    /** The row field that names the person a Give Now link is about. */
    Link: { LinkField: string };
    /** On a phone, survey links open on this origin (the mobile survey site) instead. */
    OverrideDomainOnMobile?: string;
    /** Columns tagged with one of these show in the tables; on a phone, those tagged MobileSmartDataTag. */
    SmartDataTags: string[];
    MobileSmartDataTag: string;
  };
  InviteSurveyConfig: {
    /** The field that identifies an invitee: nobody is on the list twice by it. */
    InviteKey: string;
    History: { ShowInviteButton: boolean };
    Nominate: { Options: string[]; MinRequiredNominationsPerOption?: number };
  };
  SurveyDefinitions: Array<{ SurveyDefinitionId: string; Title: string }>;
  OptionLabels: string[];
}

export interface SurveyColumn {
  key: string;
  name: string;
  typeName: 'String' | 'Number' | 'DateTime';
  isHidden: boolean;
  smartDataTags: string[];
}

export type SurveyRow = Record<string, string | number | null> & { Id: number | string };
export interface SurveyPage {
  data: SurveyRow[];
  recordCount: number;
}
export interface PageQuery {
  skip: number;
  top: number;
  search?: string;
}
export interface InviteAnswer {
  isSuccess: boolean;
  queued: string[];
  alreadyInvited: string[];
}

type Maybe<T> = Promise<T | BadRequest>;
const base = '/api/inportalsurvey';
const body = ({ skip, top, search }: PageQuery) => ({ skip, top, smartFilters: search ? [{ filterKey: 'Search', filterValue: search }] : [] });

export const surveyPageConfig = (moduleId: string, target?: ApiTarget): Maybe<SurveyConfig> => request('GET', `${base}/surveys/${encodeURIComponent(moduleId)}`, { target });
export const surveySchema = (moduleId: string, target?: ApiTarget): Maybe<SurveyColumn[]> => request('GET', `${base}/schema/${encodeURIComponent(moduleId)}`, { target });
export const surveyPeople = (moduleId: string, q: PageQuery, target?: ApiTarget): Maybe<SurveyPage> => request('POST', `${base}/data/${encodeURIComponent(moduleId)}`, { json: body(q), target });
export const historySchema = (moduleId: string, target?: ApiTarget): Maybe<SurveyColumn[]> => request('GET', `${base}/history/schema/${encodeURIComponent(moduleId)}`, { target });
export const surveyHistory = (moduleId: string, q: PageQuery, target?: ApiTarget): Maybe<SurveyPage> => request('POST', `${base}/history/data/${encodeURIComponent(moduleId)}`, { json: body(q), target });
export const giveNowLink = (moduleId: string, definitionId: string, surveyee: string | number, target?: ApiTarget): Maybe<{ link: string }> =>
  request('POST', `${base}/surveyeelink/${encodeURIComponent(moduleId)}/${encodeURIComponent(definitionId)}`, { json: { surveyee }, target });
export const queueInvites = (moduleId: string, definitionId: string, invitees: Array<{ personId: number; relationship: string }>, target?: ApiTarget): Maybe<InviteAnswer> =>
  request('POST', `${base}/queueinvites/${encodeURIComponent(moduleId)}/${encodeURIComponent(definitionId)}`, { json: { invitees }, target });
