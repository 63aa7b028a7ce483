-- Outbound webhooks (issue 45): HTTPS endpoints an administrator registers for events, the
-- deliveries waiting for or done by the worker, and each endpoint's log of attempts.
CREATE TABLE IF NOT EXISTS webhooks (
  id VARCHAR PRIMARY KEY,
  name VARCHAR NOT NULL,
  url VARCHAR NOT NULL,
  -- The subscribed event types as a JSON array of strings.
  events VARCHAR NOT NULL,
  format VARCHAR NOT NULL,
  enabled BOOLEAN NOT NULL,
  -- The signing secret, sealed with the server's key (server/webhooks/secret.ts, docs/decisions.md).
  secret VARCHAR NOT NULL,
  created_at TIMESTAMP NOT NULL,
  created_by VARCHAR NOT NULL,
  updated_at TIMESTAMP NOT NULL,
  updated_by VARCHAR NOT NULL
);

-- One event for one webhook: state pending (waiting for next_attempt_at), sending (claimed by a
-- worker until claimed_until), delivered or failed. The body is rendered at delivery.
CREATE TABLE IF NOT EXISTS webhook_deliveries (
  id VARCHAR PRIMARY KEY,
  webhook_id VARCHAR NOT NULL,
  event_id VARCHAR NOT NULL,
  event_type VARCHAR NOT NULL,
  data VARCHAR NOT NULL,
  created_at TIMESTAMP NOT NULL,
  state VARCHAR NOT NULL,
  attempts INTEGER NOT NULL,
  next_attempt_at TIMESTAMP NOT NULL,
  claimed_until TIMESTAMP,
  finished_at TIMESTAMP
);
CREATE INDEX IF NOT EXISTS webhook_deliveries_due ON webhook_deliveries (state, next_attempt_at);
CREATE INDEX IF NOT EXISTS webhook_deliveries_hook ON webhook_deliveries (webhook_id);

-- Each attempt of a delivery: when, the HTTP status or the error, and the first 2 KB of the answer.
CREATE TABLE IF NOT EXISTS webhook_attempts (
  id VARCHAR PRIMARY KEY,
  webhook_id VARCHAR NOT NULL,
  delivery_id VARCHAR NOT NULL,
  event_type VARCHAR NOT NULL,
  attempt INTEGER NOT NULL,
  attempted_at TIMESTAMP NOT NULL,
  status INTEGER,
  error VARCHAR,
  answer VARCHAR
);
CREATE INDEX IF NOT EXISTS webhook_attempts_hook ON webhook_attempts (webhook_id, attempted_at)
