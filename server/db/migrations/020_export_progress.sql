-- How far an export in writing has come, and whether its user cancelled it: a row, so that the
-- progress poll and the cancel may reach any process behind the load balancer.
-- Keyed by user and key: a key another user chose (by chance or on purpose) is a different row.
CREATE TABLE IF NOT EXISTS export_progress (
  user_id VARCHAR NOT NULL,
  progress_key VARCHAR NOT NULL,
  written INTEGER NOT NULL,
  total INTEGER NOT NULL,
  cancelled BOOLEAN NOT NULL,
  updated_at TIMESTAMP NOT NULL,
  PRIMARY KEY (user_id, progress_key)
);
