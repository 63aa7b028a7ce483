-- Case management (spec part 3, process flow): a case per source response, its history, tags,
-- reads and the notifications mentions leave. `version` guards against two users acting at once.
CREATE TABLE IF NOT EXISTS cases (
  pfo_id VARCHAR PRIMARY KEY,
  module_id VARCHAR NOT NULL,
  source_object_id INTEGER NOT NULL,
  state VARCHAR NOT NULL,
  sub_state VARCHAR,
  last_action_type INTEGER,
  last_action_name VARCHAR,
  last_actioned_at TIMESTAMP,
  last_actioned_by_user_id VARCHAR,
  last_actioned_by_user_name VARCHAR,
  action_comment VARCHAR,
  last_state_change_at TIMESTAMP,
  last_state_change_by_user_id VARCHAR,
  last_state_change_by_user_name VARCHAR,
  allocated_at TIMESTAMP,
  allocated_to_user_id VARCHAR,
  allocated_to_user_name VARCHAR,
  allocated_to_role VARCHAR,
  allocated_by_user_id VARCHAR,
  allocated_by_user_name VARCHAR,
  created_at TIMESTAMP NOT NULL,
  version INTEGER NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS cases_source ON cases (module_id, source_object_id);
CREATE INDEX IF NOT EXISTS cases_state ON cases (module_id, state);

CREATE TABLE IF NOT EXISTS case_history (
  history_id VARCHAR PRIMARY KEY,
  pfo_id VARCHAR NOT NULL,
  action_type INTEGER NOT NULL,
  action_name VARCHAR NOT NULL,
  from_state VARCHAR NOT NULL,
  to_state VARCHAR NOT NULL,
  comment VARCHAR,
  properties VARCHAR,
  user_id VARCHAR NOT NULL,
  user_name VARCHAR NOT NULL,
  actioned_at TIMESTAMP NOT NULL,
  version INTEGER NOT NULL
);
-- One history entry per version of a case: a doubled action cannot write twice.
CREATE UNIQUE INDEX IF NOT EXISTS case_history_version ON case_history (pfo_id, version);

CREATE TABLE IF NOT EXISTS case_tags (
  pfo_id VARCHAR NOT NULL,
  tag_value VARCHAR NOT NULL,
  input_source VARCHAR NOT NULL,
  added_at TIMESTAMP NOT NULL,
  added_by VARCHAR NOT NULL,
  PRIMARY KEY (pfo_id, tag_value)
);

CREATE TABLE IF NOT EXISTS case_reads (
  pfo_id VARCHAR NOT NULL,
  user_id VARCHAR NOT NULL,
  read_at TIMESTAMP NOT NULL,
  PRIMARY KEY (pfo_id, user_id)
);

CREATE TABLE IF NOT EXISTS notifications (
  notification_id VARCHAR PRIMARY KEY,
  user_id VARCHAR NOT NULL,
  kind VARCHAR NOT NULL,
  pfo_id VARCHAR,
  text VARCHAR NOT NULL,
  created_at TIMESTAMP NOT NULL,
  read_at TIMESTAMP
);
CREATE INDEX IF NOT EXISTS notifications_user ON notifications (user_id, read_at)
