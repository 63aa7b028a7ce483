-- Page views and events sent by the portal (spec: usage tracking; unique events at most once per 24 hours).
CREATE TABLE IF NOT EXISTS telemetry_events (
  id VARCHAR PRIMARY KEY,
  kind VARCHAR NOT NULL,
  name VARCHAR NOT NULL,
  properties VARCHAR NOT NULL,
  user_id VARCHAR,
  created_at TIMESTAMP NOT NULL
);

CREATE INDEX IF NOT EXISTS telemetry_events_created ON telemetry_events (created_at);
