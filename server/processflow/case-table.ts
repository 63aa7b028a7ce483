/**
 * The cases table's columns in the table's order (migrations 009, 011, 012, 013): the DuckDB
 * appender takes whole rows in this order (the seeds), and a single case is inserted by name.
 */
/** The source's fields a case keeps (migration 012), in the table's order. */
export const COPIED = ['store', 'region', 'country', 'channel', 'nps', 'nps_group', 'stars', 'driver_price', 'driver_availability', 'driver_service', 'driver_information',
  'verbatim', 'verbatim_raw', 'verbatim_flag', 'customer_name', 'customer_segment', 'spend'] as const;

export const CASE_COLUMNS = ['pfo_id', 'module_id', 'source_object_id', 'state', 'sub_state', 'last_action_type', 'last_action_name', 'last_actioned_at', 'last_actioned_by_user_id',
  'last_actioned_by_user_name', 'action_comment', 'last_state_change_at', 'last_state_change_by_user_id', 'last_state_change_by_user_name', 'allocated_at',
  'allocated_to_user_id', 'allocated_to_user_name', 'allocated_to_role', 'allocated_by_user_id', 'allocated_by_user_name', 'created_at', 'version', 'answered_at', ...COPIED, 'tag_list'];
