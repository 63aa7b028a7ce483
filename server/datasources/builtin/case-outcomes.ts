import type { SmartModule } from '../../smartdata/schema';
import { PLACE_COLUMNS } from './places';
import { RESPONSES_SOURCE } from './responses';
import { DEFAULT_VIEWS } from './views';

const dimension = (key: string, name: string, column: string) => ({ key, name, column, typeName: 'String' as const, role: 'dimension' as const, dimension: true });
const hours = (key: string, name: string, column: string) => ({ key, name, column, typeName: 'Number' as const, role: 'attribute' as const });

/**
 * The cases as data (issue 45): where each came from, its queue, rule and priority, how it closed
 * (root cause, outcome) and how long it took, so that root causes by region, the resolution rate
 * and the times to first response and to close are read like any other source. One row per case
 * of either module; claims restrict it by place, as the cases themselves.
 */
export const CASE_OUTCOMES_SOURCE: SmartModule = {
  moduleId: 'case-outcomes',
  name: 'Case outcomes',
  table: 'cases',
  builtin: true,
  views: DEFAULT_VIEWS,
  idColumn: 'pfo_id',
  dateKey: 'OpenedAt',
  ignoreClaims: false,
  roles: ['GlobalAdmin', 'PortalAdmin', 'PortalUser'],
  columns: [
    { key: 'Id', name: 'Case', column: 'pfo_id', typeName: 'String', role: 'attribute' },
    { key: 'OpenedAt', name: 'Opened', column: 'created_at', typeName: 'DateTime', role: 'attribute' },
    { key: 'ClosedAt', name: 'Closed', column: 'closed_at', typeName: 'DateTime', role: 'attribute' },
    ...PLACE_COLUMNS,
    dimension('Channel', 'Channel', 'channel'),
    dimension('CaseType', 'Case type', 'module_id'),
    dimension('Queue', 'Queue', 'queue_name'),
    dimension('Priority', 'Priority', 'priority'),
    dimension('Rule', 'Rule', 'rule_name'),
    dimension('State', 'State', 'state'),
    dimension('RootCause', 'Root cause', 'root_cause'),
    dimension('Outcome', 'Outcome', 'outcome'),
    hours('HoursToFirstResponse', 'Hours to first response', 'hours_to_first_response'),
    hours('HoursToClose', 'Hours to close', 'hours_to_close'),
    { key: 'EscalationLevel', name: 'Escalation level', column: 'escalation_level', typeName: 'Number', whole: true, role: 'attribute' },
    // The scores the case was opened on, as the responses hold them.
    ...RESPONSES_SOURCE.columns.filter((c) => ['NPS', 'NPSGroup', 'Stars'].includes(c.key)),
    { key: 'RecoveryScore', name: 'Recovery score', column: 'recovery_score', typeName: 'Number', whole: true, role: 'attribute' },
    { key: 'Verbatim', name: 'Comment', column: 'verbatim', typeName: 'String', rawColumn: 'verbatim_raw', flagColumn: 'verbatim_flag', searchable: true, role: 'verbatim' },
  ],
};
