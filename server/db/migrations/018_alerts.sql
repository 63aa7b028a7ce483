-- Alert subscriptions: what a user watches (`definition`, JSON) and the scheduler's bookkeeping.
-- `checks` counts evaluations: a run claims an alert by moving it on, and keeps its result only
-- while no later run has claimed it, so two runs at once (two operators pressing "run now", or two
-- processes) fire it once. `seen_until` is how far "every new detractor" has reported.
CREATE TABLE IF NOT EXISTS alerts (
  id VARCHAR PRIMARY KEY,
  user_id VARCHAR NOT NULL,
  definition VARCHAR NOT NULL,
  schedule VARCHAR NOT NULL,
  active BOOLEAN NOT NULL,
  created_at TIMESTAMP NOT NULL,
  updated_at TIMESTAMP NOT NULL,
  checks INTEGER NOT NULL,
  last_checked_at TIMESTAMP,
  last_value DOUBLE PRECISION,
  firing BOOLEAN NOT NULL,
  last_fired_at TIMESTAMP,
  seen_until TIMESTAMP
);
CREATE INDEX IF NOT EXISTS alerts_user ON alerts (user_id);

-- Each time an alert fired: what it measured and what it said.
CREATE TABLE IF NOT EXISTS alert_firings (
  id VARCHAR PRIMARY KEY,
  alert_id VARCHAR NOT NULL,
  fired_at TIMESTAMP NOT NULL,
  value DOUBLE PRECISION,
  previous DOUBLE PRECISION,
  message VARCHAR NOT NULL
);
CREATE INDEX IF NOT EXISTS alert_firings_alert ON alert_firings (alert_id);
