-- How far an export in writing has come, and whether its user cancelled it: a row, so that the
-- progress poll and the cancel may reach any process behind the load balancer.
CREATE TABLE IF NOT EXISTS export_progress (
  progress_key VARCHAR PRIMARY KEY,
  user_id VARCHAR NOT NULL,
  written INTEGER NOT NULL,
  total INTEGER NOT NULL,
  cancelled BOOLEAN NOT NULL,
  updated_at TIMESTAMP NOT NULL
);
