-- Recovery surveys (issue 45): closing a case can invite its customer to a short survey. The
-- invitation names its case, and its answer lands on the case and in a data source of its own.

-- The case a Recovery invitation was sent for (NULL for the 360° invitations).
ALTER TABLE survey_invites ADD COLUMN IF NOT EXISTS pfo_id VARCHAR;
-- The suppression window looks up the recovery invitations sent to one address.
CREATE INDEX IF NOT EXISTS survey_invites_invitee ON survey_invites (invitee_key, kind, created_at);

-- One answered recovery survey: the score and comment, beside where the case was and how it
-- closed, so recovery is analysed by region, store and root cause ("Recovery surveys" source).
-- `verbatim` is the cleaned comment, `verbatim_raw` the raw one when cleaning changed it.
CREATE TABLE IF NOT EXISTS recovery_answers (
  id VARCHAR PRIMARY KEY,
  answered_at TIMESTAMP NOT NULL,
  sent_at TIMESTAMP NOT NULL,
  pfo_id VARCHAR NOT NULL,
  case_module VARCHAR NOT NULL,
  source_object_id INTEGER NOT NULL,
  survey VARCHAR NOT NULL,
  store VARCHAR,
  region VARCHAR,
  country VARCHAR,
  channel VARCHAR,
  nps INTEGER,
  nps_group VARCHAR,
  stars INTEGER,
  case_nps INTEGER,
  case_stars INTEGER,
  root_cause VARCHAR,
  problem_resolved VARCHAR,
  verbatim VARCHAR,
  verbatim_raw VARCHAR,
  verbatim_flag VARCHAR
);
CREATE INDEX IF NOT EXISTS recovery_answers_date ON recovery_answers (answered_at)
