import type { SmartModule } from '../../smartdata/schema';
import { DEFAULT_VIEWS } from './views';

/**
 * The feedback widget's answers as a data source ("Portal feedback"): its own small dashboard, the
 * data viewer and filters. Not about stores, so no claim restricts it; the person appears only
 * when they asked to be called back.
 */
export const FEEDBACK_SOURCE: SmartModule = {
  moduleId: 'portal-feedback',
  name: 'Portal feedback',
  table: 'feedback_sessions',
  builtin: true,
  views: DEFAULT_VIEWS,
  idColumn: 'id',
  dateKey: 'FeedbackDate',
  ignoreClaims: true,
  // What colleagues said about the portal is for those who run it.
  roles: ['GlobalAdmin', 'PortalAdmin'],
  columns: [
    { key: 'Id', name: 'Feedback id', column: 'id', typeName: 'String', role: 'attribute' },
    { key: 'FeedbackDate', name: 'Feedback date', column: 'created_at', typeName: 'DateTime', role: 'attribute' },
    { key: 'Status', name: 'Status', column: 'status', typeName: 'String', role: 'dimension', dimension: true, smartDataTags: ['Core'] },
    { key: 'NPS', name: 'Likelihood to recommend', column: 'nps', typeName: 'Number', role: 'score', score: { kind: 'NPS', min: 0, max: 10 } },
    { key: 'NPSGroup', name: 'NPS group', column: 'nps_group', typeName: 'String', role: 'dimension', dimension: true, smartDataTags: ['Core'] },
    { key: 'Stars', name: 'Star rating', column: 'stars', typeName: 'Number', dimension: true, role: 'score', score: { kind: 'Rating', min: 1, max: 5 } },
    { key: 'Drivers', name: 'Drivers', column: 'drivers', typeName: 'String', role: 'dimension', dimension: true, smartDataTags: ['Core'] },
    { key: 'Verbatim', name: 'Comment', column: 'verbatim', typeName: 'String', searchable: true, role: 'verbatim' },
    { key: 'CallbackName', name: 'Call back', column: 'callback_name', typeName: 'String', searchable: true, role: 'customer' },
    { key: 'CallbackEmail', name: 'Call-back e-mail', column: 'callback_email', typeName: 'String', role: 'customer' },
    { key: 'Page', name: 'Page', column: 'page', typeName: 'String', role: 'dimension', dimension: true },
  ],
};
