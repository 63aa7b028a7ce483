import type { SmartModule } from '../smartdata/schema';

/**
 * The page's two data sources as smart modules, so paging, sorting, search and claims are the
 * data viewer's own: the directory of people (restricted by the region claim) and the user's
 * own invitation history.
 */
export function peopleSource(moduleId: string): SmartModule {
  return {
    moduleId: `${moduleId}-people`,
    name: 'People',
    table: 'survey_people',
    idColumn: 'id',
    dateKey: '',
    ignoreClaims: false,
    rows: { column: 'module_id', value: moduleId },
    columns: [
      // In every row (the element names people by it), shown in no table: it has no tag.
      { key: 'Id', name: 'Id', column: 'id', typeName: 'Number' },
      { key: 'Name', name: 'Name', column: 'name', typeName: 'String', searchable: true, smartDataTags: ['InPortal', 'InPortalMobile'] },
      { key: 'Email', name: 'E-mail', column: 'email', typeName: 'String', searchable: true, smartDataTags: ['InPortal'] },
      { key: 'JobTitle', name: 'Job title', column: 'job_title', typeName: 'String', searchable: true, smartDataTags: ['InPortal'] },
      { key: 'Inv_Group', name: 'Team', column: 'inv_group', typeName: 'String', dimension: true, searchable: true, smartDataTags: ['InPortal', 'InPortalMobile'] },
      { key: 'Region', name: 'Region', column: 'region', typeName: 'String', dimension: true, claimType: 'Region' },
    ],
  };
}

export function historySource(moduleId: string, inviterId: string): SmartModule {
  return {
    moduleId: `${moduleId}-history`,
    name: 'History',
    table: 'survey_invites',
    idColumn: 'id',
    dateKey: 'InvitedAt',
    // Only the user's own invitations: the claims of the directory applied when they were made.
    ignoreClaims: true,
    rows: [
      { column: 'module_id', value: moduleId },
      { column: 'inviter_id', value: inviterId },
    ],
    columns: [
      { key: 'Id', name: 'Id', column: 'id', typeName: 'String' },
      { key: 'InviteeName', name: 'Name', column: 'invitee_name', typeName: 'String', searchable: true, smartDataTags: ['InPortal', 'InPortalMobile'] },
      { key: 'Email', name: 'E-mail', column: 'invitee_key', typeName: 'String', searchable: true, smartDataTags: ['InPortal'] },
      { key: 'Inv_Relationship', name: 'Relationship', column: 'relationship', typeName: 'String', dimension: true, smartDataTags: ['InPortal', 'InPortalMobile'] },
      { key: 'Inv_Group', name: 'Team', column: 'inv_group', typeName: 'String', dimension: true, smartDataTags: ['InPortal'] },
      { key: 'SurveyDefinitionId', name: 'Survey', column: 'definition_id', typeName: 'String', dimension: true, smartDataTags: ['InPortal'] },
      { key: 'Kind', name: 'Kind', column: 'kind', typeName: 'String', dimension: true, smartDataTags: ['InPortal', 'InPortalMobile'] },
      { key: 'InvitedAt', name: 'Invited', column: 'created_at', typeName: 'DateTime', smartDataTags: ['InPortal', 'InPortalMobile'] },
      // When its survey was answered (none yet: a Give Now link only opened): the Kind column's text follows it.
      { key: 'AnsweredAt', name: 'Answered', column: 'answered_at', typeName: 'DateTime' },
    ],
  };
}

/** A source's columns for the page's table (spec: schema calls), in the user's language. */
export const schemaOf = (source: SmartModule, name: (s: string) => string) =>
  source.columns.map((c) => ({ key: c.key, name: name(c.name), typeName: c.typeName, isHidden: c.isHidden ?? false, smartDataTags: c.smartDataTags ?? [] }));
