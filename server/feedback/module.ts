import type { SmartModule } from '../smartdata/schema';

/**
 * The feedback widget's answers as smart data ("Portal feedback"): its own small dashboard, the
 * data viewer and filters. Not about stores, so no claim restricts it; the person appears only
 * when they asked to be called back.
 */
export const FEEDBACK_MODULE: SmartModule = {
  moduleId: 'portal-feedback',
  name: 'Portal feedback',
  table: 'feedback_sessions',
  idColumn: 'id',
  dateKey: 'FeedbackDate',
  ignoreClaims: true,
  // What colleagues said about the portal is for those who run it.
  roles: ['GlobalAdmin', 'PortalAdmin'],
  columns: [
    { key: 'Id', name: 'Feedback id', column: 'id', typeName: 'String' },
    { key: 'FeedbackDate', name: 'Feedback date', column: 'created_at', typeName: 'DateTime' },
    { key: 'Status', name: 'Status', column: 'status', typeName: 'String', dimension: true, smartDataTags: ['Core'] },
    { key: 'NPS', name: 'Likelihood to recommend', column: 'nps', typeName: 'Number' },
    { key: 'NPSGroup', name: 'NPS group', column: 'nps_group', typeName: 'String', dimension: true, smartDataTags: ['Core'] },
    { key: 'Stars', name: 'Star rating', column: 'stars', typeName: 'Number', dimension: true },
    { key: 'Drivers', name: 'Drivers', column: 'drivers', typeName: 'String', dimension: true, smartDataTags: ['Core'] },
    { key: 'Verbatim', name: 'Comment', column: 'verbatim', typeName: 'String', searchable: true },
    { key: 'CallbackName', name: 'Call back', column: 'callback_name', typeName: 'String', searchable: true },
    { key: 'CallbackEmail', name: 'Call-back e-mail', column: 'callback_email', typeName: 'String' },
    { key: 'Page', name: 'Page', column: 'page', typeName: 'String', dimension: true },
  ],
};
