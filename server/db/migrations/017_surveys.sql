-- The survey editor's surveys. `definition` is the draft being edited, `published` what the public
-- page asks (a published survey's edits wait for "Publish changes"); both are JSON text.
-- `version` guards against two editors saving over each other.
CREATE TABLE IF NOT EXISTS surveys (
  id VARCHAR PRIMARY KEY,
  shortcode VARCHAR NOT NULL,
  status VARCHAR NOT NULL,
  settings VARCHAR NOT NULL,
  definition VARCHAR NOT NULL,
  published VARCHAR,
  version INTEGER NOT NULL,
  created_by VARCHAR NOT NULL,
  updated_by_name VARCHAR,
  created_at TIMESTAMP NOT NULL,
  updated_at TIMESTAMP NOT NULL,
  published_at TIMESTAMP,
  closed_at TIMESTAMP
);
CREATE UNIQUE INDEX IF NOT EXISTS surveys_shortcode ON surveys (shortcode);

-- Every submitted answer set; `response_id` is its row in the responses data when the survey reports there.
CREATE TABLE IF NOT EXISTS survey_answers (
  id VARCHAR PRIMARY KEY,
  survey_id VARCHAR NOT NULL,
  response_id INTEGER,
  invite_id VARCHAR,
  locale VARCHAR NOT NULL,
  answers VARCHAR NOT NULL,
  submitted_at TIMESTAMP NOT NULL
);
CREATE INDEX IF NOT EXISTS survey_answers_survey ON survey_answers (survey_id);

-- Ids of responses that arrive from surveys: far above the seeded ones, and safe when two arrive at once.
CREATE SEQUENCE IF NOT EXISTS survey_response_ids START 1000000000;
