-- Closing the loop (issue 45): the rules that open cases from new rows of a data source, the
-- queues with their deadlines and working calendar, root causes per source, and what a case now
-- records about its clock, its escalation, how it closed and its recovery survey.
CREATE TABLE IF NOT EXISTS case_rules (
  id VARCHAR PRIMARY KEY,
  source_id VARCHAR NOT NULL,
  name VARCHAR NOT NULL,
  enabled BOOLEAN NOT NULL,
  definition VARCHAR NOT NULL,
  created_at TIMESTAMP NOT NULL,
  created_by VARCHAR NOT NULL,
  updated_at TIMESTAMP NOT NULL,
  updated_by VARCHAR NOT NULL
);
CREATE INDEX IF NOT EXISTS case_rules_source ON case_rules (source_id);

-- Round-robin within a group: the member a rule gave its last case to.
CREATE TABLE IF NOT EXISTS case_rule_turns (
  rule_id VARCHAR PRIMARY KEY,
  last_user_id VARCHAR NOT NULL
);

-- A named queue of work, with its deadlines per priority and the calendar they count in.
CREATE TABLE IF NOT EXISTS case_queues (
  name VARCHAR PRIMARY KEY,
  definition VARCHAR NOT NULL,
  updated_at TIMESTAMP NOT NULL
);

-- Per data source: the root causes a closing names, the recovery survey and its suppression window.
CREATE TABLE IF NOT EXISTS case_source_settings (
  source_id VARCHAR PRIMARY KEY,
  root_causes VARCHAR NOT NULL,
  recovery_survey VARCHAR,
  suppression_days INTEGER NOT NULL,
  updated_at TIMESTAMP NOT NULL
);

ALTER TABLE cases ADD COLUMN IF NOT EXISTS queue_name VARCHAR;
ALTER TABLE cases ADD COLUMN IF NOT EXISTS priority VARCHAR;
ALTER TABLE cases ADD COLUMN IF NOT EXISTS rule_name VARCHAR;
ALTER TABLE cases ADD COLUMN IF NOT EXISTS first_response_due_at TIMESTAMP;
ALTER TABLE cases ADD COLUMN IF NOT EXISTS resolution_due_at TIMESTAMP;
ALTER TABLE cases ADD COLUMN IF NOT EXISTS first_responded_at TIMESTAMP;
ALTER TABLE cases ADD COLUMN IF NOT EXISTS closed_at TIMESTAMP;
ALTER TABLE cases ADD COLUMN IF NOT EXISTS escalation_level INTEGER;
ALTER TABLE cases ADD COLUMN IF NOT EXISTS root_cause VARCHAR;
ALTER TABLE cases ADD COLUMN IF NOT EXISTS problem_resolved BOOLEAN;
-- The same as data to count by (Resolved, Not resolved), and the hours to first response and to close.
ALTER TABLE cases ADD COLUMN IF NOT EXISTS outcome VARCHAR;
ALTER TABLE cases ADD COLUMN IF NOT EXISTS hours_to_first_response DOUBLE PRECISION;
ALTER TABLE cases ADD COLUMN IF NOT EXISTS hours_to_close DOUBLE PRECISION;
ALTER TABLE cases ADD COLUMN IF NOT EXISTS recovery_sent_at TIMESTAMP;
ALTER TABLE cases ADD COLUMN IF NOT EXISTS recovery_score INTEGER;
ALTER TABLE cases ADD COLUMN IF NOT EXISTS recovery_comment VARCHAR;
CREATE INDEX IF NOT EXISTS cases_due ON cases (state, resolution_due_at);

-- What every portal starts with: two queues, root causes for the survey responses and the
-- reviews, and the rule that keeps every new review a case to reply to (as before rules existed).
INSERT INTO case_queues (name, definition, updated_at) SELECT 'Customer care', '{"name":"Customer care","firstResponseHours":{"High":4,"Normal":8,"Low":16},"resolutionHours":{"High":16,"Normal":40,"Low":80},"calendar":{"days":[1,2,3,4,5],"start":"09:00","end":"17:00","timeZone":"UTC"}}', CAST(CURRENT_TIMESTAMP AS TIMESTAMP)
WHERE NOT EXISTS (SELECT 1 FROM case_queues WHERE name = 'Customer care');
INSERT INTO case_queues (name, definition, updated_at) SELECT 'Review replies', '{"name":"Review replies","firstResponseHours":{"High":4,"Normal":8,"Low":16},"resolutionHours":{"High":8,"Normal":24,"Low":40},"calendar":{"days":[1,2,3,4,5],"start":"09:00","end":"17:00","timeZone":"UTC"}}', CAST(CURRENT_TIMESTAMP AS TIMESTAMP)
WHERE NOT EXISTS (SELECT 1 FROM case_queues WHERE name = 'Review replies');
INSERT INTO case_source_settings (source_id, root_causes, recovery_survey, suppression_days, updated_at) SELECT 'responses', '["Product quality","Staff behaviour","Waiting time","Price","Stock availability","Billing or refund","Other"]', NULL, 30, CAST(CURRENT_TIMESTAMP AS TIMESTAMP)
WHERE NOT EXISTS (SELECT 1 FROM case_source_settings WHERE source_id = 'responses');
INSERT INTO case_source_settings (source_id, root_causes, recovery_survey, suppression_days, updated_at) SELECT 'reviews', '["Product quality","Staff behaviour","Waiting time","Cleanliness","Other"]', NULL, 30, CAST(CURRENT_TIMESTAMP AS TIMESTAMP)
WHERE NOT EXISTS (SELECT 1 FROM case_source_settings WHERE source_id = 'reviews');
INSERT INTO case_rules (id, source_id, name, enabled, definition, created_at, created_by, updated_at, updated_by)
SELECT 'every-review', 'reviews', 'Every review', TRUE, '{"sourceId":"reviews","name":"Every review","enabled":true,"conditions":[],"queue":"Review replies","owner":{"kind":"none"},"priority":"Normal"}', CAST(CURRENT_TIMESTAMP AS TIMESTAMP), 'system', CAST(CURRENT_TIMESTAMP AS TIMESTAMP), 'system'
WHERE NOT EXISTS (SELECT 1 FROM case_rules WHERE id = 'every-review');

-- The administrators' menu items, in portals seeded before them (a new portal's seed adds them).
INSERT INTO nav_items (module_id, profile, nav_name, nav_url, nav_weight, module_template, accessible_to_roles, anonymous, hide_menu, hide_on_mobile, show_new_badge)
SELECT 'caserules', 'admin', 'Case rules', '/admin/caserules', 98, 'CaseRules', 'GlobalAdmin,PortalAdmin', FALSE, FALSE, FALSE, FALSE
WHERE EXISTS (SELECT 1 FROM nav_items) AND NOT EXISTS (SELECT 1 FROM nav_items WHERE module_id = 'caserules');
INSERT INTO nav_items (module_id, profile, nav_name, nav_url, nav_weight, module_template, accessible_to_roles, anonymous, hide_menu, hide_on_mobile, show_new_badge)
SELECT 'webhooks', 'admin', 'Webhooks', '/admin/webhooks', 100, 'Webhooks', 'GlobalAdmin,PortalAdmin', FALSE, FALSE, FALSE, FALSE
WHERE EXISTS (SELECT 1 FROM nav_items) AND NOT EXISTS (SELECT 1 FROM nav_items WHERE module_id = 'webhooks')
