-- Text analysis (issue 49): what the portal read in each row's verbatim, beside the row, never in the
-- source's own table (DuckDB cannot ALTER a table with indexes, and a source's table is the file's).
-- `row_key` is the row's id as text (CAST(id AS VARCHAR), as the engine writes it); `generation` is
-- the source's pass it was computed in: a new model or taxonomy raises it and history is read again.
CREATE TABLE IF NOT EXISTS text_analysis (
  source_id VARCHAR NOT NULL,
  row_key VARCHAR NOT NULL,
  lang VARCHAR NOT NULL,
  sentiment VARCHAR NOT NULL,
  score DOUBLE PRECISION NOT NULL,
  -- The topics found, as JSON [{"topicId", "sentiment", "score"}] (null: the source has no taxonomy).
  topics VARCHAR,
  generation INTEGER NOT NULL,
  analysed_at TIMESTAMP NOT NULL,
  PRIMARY KEY (source_id, row_key)
);

-- One row per topic a comment is about, with the sentiment of the part about it: topics as a dimension.
CREATE TABLE IF NOT EXISTS text_topic_hits (
  source_id VARCHAR NOT NULL,
  row_key VARCHAR NOT NULL,
  topic_id VARCHAR NOT NULL,
  sentiment VARCHAR NOT NULL,
  score DOUBLE PRECISION NOT NULL,
  PRIMARY KEY (source_id, row_key, topic_id)
);

-- The model learned from a source's own scored comments, one per language, with its agreement on held-out rows.
CREATE TABLE IF NOT EXISTS text_models (
  source_id VARCHAR NOT NULL,
  lang VARCHAR NOT NULL,
  model VARCHAR NOT NULL,
  trained_on INTEGER NOT NULL,
  held_out_rows INTEGER NOT NULL,
  accuracy DOUBLE PRECISION NOT NULL,
  macro_f1 DOUBLE PRECISION NOT NULL,
  lexicon_accuracy DOUBLE PRECISION NOT NULL,
  lexicon_macro_f1 DOUBLE PRECISION NOT NULL,
  trained_at TIMESTAMP NOT NULL,
  PRIMARY KEY (source_id, lang)
);

-- A source's taxonomy of topics as administrators edit it (terms and exclusions as JSON arrays).
CREATE TABLE IF NOT EXISTS text_topics (
  source_id VARCHAR NOT NULL,
  topic_id VARCHAR NOT NULL,
  name VARCHAR NOT NULL,
  parent_id VARCHAR,
  terms VARCHAR NOT NULL,
  exclusions VARCHAR NOT NULL,
  position INTEGER NOT NULL,
  updated_at TIMESTAMP NOT NULL,
  PRIMARY KEY (source_id, topic_id)
);

-- A source's pass over its rows (the backfill), in a row so any process may show or resume it:
-- `after_key` is the last row key done (keyset order of the source's id), `claimed_until` the lease
-- of the process working on it (one whose process stopped is taken over when it runs out);
-- `learned_rows` the scored comments the source last learned its models from (0: never).
CREATE TABLE IF NOT EXISTS text_backfills (
  source_id VARCHAR PRIMARY KEY,
  state VARCHAR NOT NULL,
  generation INTEGER NOT NULL,
  after_key VARCHAR,
  rows_done BIGINT NOT NULL,
  rows_total BIGINT NOT NULL,
  claimed_by VARCHAR,
  claimed_until TIMESTAMP,
  message VARCHAR,
  started_at TIMESTAMP,
  updated_at TIMESTAMP NOT NULL,
  finished_at TIMESTAMP,
  learned_rows INTEGER NOT NULL DEFAULT 0
)
