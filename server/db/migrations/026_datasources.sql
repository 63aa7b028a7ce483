-- Data sources are data (issue 44): a smart-data module's definition is a row, the built-in ones
-- (survey responses, reviews, portal feedback) included. `definition` is the module as JSON: its
-- table, id and date, and its columns with their types and roles (server/datasources/registry.ts).
CREATE TABLE IF NOT EXISTS datasources (
  source_id VARCHAR PRIMARY KEY,
  name VARCHAR NOT NULL,
  builtin BOOLEAN NOT NULL,
  definition VARCHAR NOT NULL,
  -- How a file's cells are read into the columns (format, delimiter, date formats): JSON, user sources only.
  reading VARCHAR,
  state VARCHAR NOT NULL,
  row_count BIGINT NOT NULL,
  last_import_at TIMESTAMP,
  created_by VARCHAR,
  created_at TIMESTAMP NOT NULL,
  updated_at TIMESTAMP NOT NULL
);

-- One row whose number grows with every change of a definition: each API process re-reads the
-- definitions when it sees a number it has not read (several processes behind HAProxy).
CREATE TABLE IF NOT EXISTS datasource_epoch (
  id INTEGER PRIMARY KEY,
  epoch INTEGER NOT NULL
);
INSERT INTO datasource_epoch (id, epoch) SELECT 1, 0 WHERE NOT EXISTS (SELECT 1 FROM datasource_epoch);

-- An import of a file into a source: its progress, its end and the rows it refused, in a row so
-- that the progress poll and the cancel may reach any process.
CREATE TABLE IF NOT EXISTS datasource_imports (
  import_id VARCHAR PRIMARY KEY,
  source_id VARCHAR NOT NULL,
  mode VARCHAR NOT NULL,
  state VARCHAR NOT NULL,
  file_name VARCHAR,
  rows_read BIGINT NOT NULL,
  rows_written BIGINT NOT NULL,
  rows_refused BIGINT NOT NULL,
  refused VARCHAR,
  message VARCHAR,
  cancel_requested BOOLEAN NOT NULL,
  started_by VARCHAR NOT NULL,
  started_at TIMESTAMP NOT NULL,
  finished_at TIMESTAMP
);
CREATE INDEX IF NOT EXISTS datasource_imports_source ON datasource_imports (source_id, started_at);

-- Tokens an administrator issues to scripts and schedulers: only the hash is kept; each names the
-- sources it may import into.
CREATE TABLE IF NOT EXISTS api_tokens (
  token_id VARCHAR PRIMARY KEY,
  name VARCHAR NOT NULL,
  token_hash VARCHAR NOT NULL UNIQUE,
  source_ids VARCHAR NOT NULL,
  created_by VARCHAR NOT NULL,
  created_at TIMESTAMP NOT NULL,
  last_used_at TIMESTAMP,
  revoked_at TIMESTAMP
)
