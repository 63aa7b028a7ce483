import type { SmartModule } from '../../smartdata/schema';
import { PLACE_COLUMNS } from './places';
import { RESPONSES_SOURCE } from './responses';
import { DEFAULT_VIEWS } from './views';

/**
 * The answered recovery surveys (issue 45) as a data source: the customer's score and comment after
 * their case was closed, beside the case's place, its first scores and how it closed, so recovery
 * is analysed by region, store and root cause. Claims restrict it by place, as the cases.
 */
export const RECOVERY_SOURCE: SmartModule = {
  moduleId: 'recovery',
  name: 'Recovery surveys',
  table: 'recovery_answers',
  builtin: true,
  views: DEFAULT_VIEWS,
  idColumn: 'id',
  dateKey: 'AnsweredAt',
  ignoreClaims: false,
  columns: [
    { key: 'Id', name: 'Answer id', column: 'id', typeName: 'String', role: 'attribute' },
    { key: 'AnsweredAt', name: 'Answered', column: 'answered_at', typeName: 'DateTime', role: 'attribute' },
    { key: 'SentAt', name: 'Invited', column: 'sent_at', typeName: 'DateTime', role: 'attribute' },
    ...PLACE_COLUMNS,
    // The channel and the scores as the responses hold them (a recovery survey asks NPS or stars).
    ...RESPONSES_SOURCE.columns.filter((c) => ['Channel', 'NPS', 'NPSGroup', 'Stars'].includes(c.key)),
    { key: 'CaseNPS', name: 'NPS that opened the case', column: 'case_nps', typeName: 'Number', whole: true, role: 'attribute' },
    { key: 'CaseStars', name: 'Star rating that opened the case', column: 'case_stars', typeName: 'Number', whole: true, role: 'attribute' },
    { key: 'RootCause', name: 'Root cause', column: 'root_cause', typeName: 'String', role: 'dimension', dimension: true, smartDataTags: ['Core'] },
    { key: 'ProblemResolved', name: 'Problem resolved', column: 'problem_resolved', typeName: 'String', role: 'dimension', dimension: true },
    { key: 'Verbatim', name: 'Comment', column: 'verbatim', typeName: 'String', rawColumn: 'verbatim_raw', flagColumn: 'verbatim_flag', searchable: true, role: 'verbatim' },
    { key: 'Survey', name: 'Survey', column: 'survey', typeName: 'String', role: 'dimension', dimension: true },
    { key: 'CaseId', name: 'Case', column: 'pfo_id', typeName: 'String', role: 'attribute' },
    { key: 'CaseModule', name: 'Case module', column: 'case_module', typeName: 'String', role: 'dimension', dimension: true },
    { key: 'SourceObjectId', name: 'Response or review id', column: 'source_object_id', typeName: 'Number', role: 'attribute' },
  ],
};
