import type { Queryable } from '../db';
import { notFound } from '../http/errors';
import { localiseName, type Lang } from '../i18n';
import type { SurveyConfig as PageSurveyConfig } from '../../src/api/inportalsurvey';

/** Survey config (spec part 2 section 3), kept in the module's `config`; the page also gets the options' labels. */
export type SurveyConfig = Omit<PageSurveyConfig, 'OptionLabels'> & { InPortalSurveyDataSource: string; HistoryDataSource: string };

export const SURVEY_MODULE_ID = 'team-feedback';

/** The seeded 360-feedback page: ask peers, reports and managers about yourself, or give feedback now. */
export const TEAM_FEEDBACK_CONFIG: SurveyConfig = {
  PageConfig: {
    PageSubject: '360° feedback',
    PageDescription: 'Ask the people you work with how you are doing, or give them feedback now. Invited colleagues receive a personal link by e-mail.',
    PageSize: 50,
    ButtonText: 'Invite colleagues',
    Link: { LinkField: 'Email' },
    OverrideDomainOnMobile: 'https://m.survey.cx-portal.local',
    SmartDataTags: ['InPortal'],
    MobileSmartDataTag: 'InPortalMobile',
  },
  InPortalSurveyDataSource: 'survey-people',
  InviteSurveyConfig: {
    InviteKey: 'Email',
    History: { ShowInviteButton: true },
    Nominate: { Options: ['Peer', 'Direct report', 'Manager'], MinRequiredNominationsPerOption: 2 },
  },
  HistoryDataSource: 'survey-invites',
  SurveyDefinitions: [{ SurveyDefinitionId: 'leadership-360', Title: 'Leadership 360' }],
};

/** The config of an in-portal survey module; 404 for any other module. */
export async function surveyConfig(q: Queryable, moduleId: string): Promise<SurveyConfig> {
  const [row] = await q.query<{ config: string }>("SELECT config FROM modules WHERE module_id = $1 AND kind = 'inportalsurvey'", [moduleId]);
  if (!row) throw notFound(`No in-portal survey "${moduleId}".`);
  return JSON.parse(row.config) as SurveyConfig;
}

/** The survey definition a call names; 404 when the module does not offer it. */
export function definitionOf(config: SurveyConfig, id: string) {
  const found = config.SurveyDefinitions.find((d) => d.SurveyDefinitionId === id);
  if (!found) throw notFound(`No survey "${id}" on this page.`);
  return found;
}

/** The page's texts in the user's language (seeded texts are translated; an administrator's stay as written). */
export function localiseSurveyConfig(config: SurveyConfig, lang: Lang): SurveyConfig & PageSurveyConfig {
  const l = (s: string) => localiseName(lang, s);
  return {
    ...config,
    PageConfig: { ...config.PageConfig, PageSubject: l(config.PageConfig.PageSubject), PageDescription: l(config.PageConfig.PageDescription), ButtonText: l(config.PageConfig.ButtonText) },
    SurveyDefinitions: config.SurveyDefinitions.map((d) => ({ ...d, Title: l(d.Title) })),
    OptionLabels: config.InviteSurveyConfig.Nominate.Options.map(l),
  };
}
