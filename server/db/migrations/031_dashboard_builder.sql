-- The dashboard builder (issue 46): who made a dashboard and who may see it, its unpublished draft,
-- and every published version. `definition` stays the published body (what viewers are drawn).
-- The portal's own dashboards (seeded, starter) are published version 1 for everyone: the defaults
-- give every existing row and every SQL INSERT that does not name them exactly that. DuckDB's
-- appender (db.insertMany) leaves a column it is not given NULL instead: name them there.
ALTER TABLE dashboards ADD COLUMN IF NOT EXISTS owner_id VARCHAR;
ALTER TABLE dashboards ADD COLUMN IF NOT EXISTS everyone BOOLEAN DEFAULT TRUE;
ALTER TABLE dashboards ADD COLUMN IF NOT EXISTS draft VARCHAR;
ALTER TABLE dashboards ADD COLUMN IF NOT EXISTS draft_updated_at TIMESTAMP;
ALTER TABLE dashboards ADD COLUMN IF NOT EXISTS published_version INTEGER DEFAULT 1;
UPDATE dashboards SET everyone = TRUE WHERE everyone IS NULL;
UPDATE dashboards SET published_version = 1 WHERE published_version IS NULL AND owner_id IS NULL;

-- Every published body, numbered from 1 per dashboard (the key keeps two publishes from sharing a number).
CREATE TABLE IF NOT EXISTS dashboard_versions (
  dashboard_id VARCHAR NOT NULL,
  version INTEGER NOT NULL,
  name VARCHAR NOT NULL,
  definition VARCHAR NOT NULL,
  published_by VARCHAR,
  published_at TIMESTAMP NOT NULL,
  PRIMARY KEY (dashboard_id, version)
);

-- Who a dashboard is shared with: a role (by name) or a group (by id), to view or to edit.
CREATE TABLE IF NOT EXISTS dashboard_shares (
  dashboard_id VARCHAR NOT NULL,
  kind VARCHAR NOT NULL,
  principal VARCHAR NOT NULL,
  access VARCHAR NOT NULL,
  PRIMARY KEY (dashboard_id, kind, principal)
);
CREATE INDEX IF NOT EXISTS dashboard_shares_principal ON dashboard_shares (kind, principal);
