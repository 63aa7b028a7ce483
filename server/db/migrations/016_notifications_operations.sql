-- Where a notification leads (an alert's filtered dashboard); a mention leads to its case.
ALTER TABLE notifications ADD COLUMN IF NOT EXISTS link VARCHAR;

-- What operators did on the operations page, and by whom (refresh, clear cache, run alerts);
-- `seq` keeps their order where two share a time.
CREATE SEQUENCE IF NOT EXISTS operations_log_seq;
CREATE TABLE IF NOT EXISTS operations_log (
  id VARCHAR PRIMARY KEY,
  seq BIGINT NOT NULL,
  action VARCHAR NOT NULL,
  detail VARCHAR,
  user_id VARCHAR,
  user_name VARCHAR,
  created_at TIMESTAMP NOT NULL
);

-- The data visualisation home lists dashboards with what they show and when they last changed.
ALTER TABLE dashboards ADD COLUMN IF NOT EXISTS description VARCHAR;
ALTER TABLE dashboards ADD COLUMN IF NOT EXISTS updated_at TIMESTAMP;

-- One free-trial request per user: a repeated or parallel press is the same request.
DELETE FROM trial_requests WHERE EXISTS (
  SELECT 1 FROM trial_requests o WHERE o.user_id = trial_requests.user_id AND (o.created_at < trial_requests.created_at OR (o.created_at = trial_requests.created_at AND o.id < trial_requests.id))
);
CREATE UNIQUE INDEX IF NOT EXISTS trial_requests_user ON trial_requests (user_id);
