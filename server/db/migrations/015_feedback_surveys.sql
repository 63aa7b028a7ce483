-- The feedback widget (spec part 2): one row per widget session, updated as each answer is
-- posted, so a session left half-way still counts what it said. The user is kept for
-- suppression and for a callback; the "Portal feedback" smart module shows a name only when
-- the user asked to be called back.
CREATE TABLE IF NOT EXISTS feedback_sessions (
  id VARCHAR PRIMARY KEY,
  user_id VARCHAR NOT NULL,
  created_at TIMESTAMP NOT NULL,
  updated_at TIMESTAMP NOT NULL,
  status VARCHAR NOT NULL, -- Partial until the last answer, then Completed
  nps INTEGER,
  nps_group VARCHAR,
  stars INTEGER,
  drivers VARCHAR,
  verbatim VARCHAR,
  callback_requested BOOLEAN NOT NULL,
  callback_name VARCHAR,
  callback_email VARCHAR,
  page VARCHAR
);

-- An opt-out: the widget stays closed for this user until the time given (every device, every sign-in).
CREATE TABLE IF NOT EXISTS feedback_suppressions (
  user_id VARCHAR PRIMARY KEY,
  until_at TIMESTAMP NOT NULL
);

-- The in-portal survey's directory (InPortalSurveyDataSource): the people a user may ask for
-- feedback, or give feedback to, by module; restricted by the region claim.
CREATE TABLE IF NOT EXISTS survey_people (
  id INTEGER PRIMARY KEY,
  module_id VARCHAR NOT NULL,
  name VARCHAR NOT NULL,
  email VARCHAR NOT NULL,
  job_title VARCHAR,
  inv_group VARCHAR NOT NULL,
  region VARCHAR NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS survey_people_email ON survey_people (module_id, email);

-- Invitations sent (HistoryDataSource): one per inviter, survey and invitee (the invite key),
-- and kind, so two clicks or two tabs never invite anyone twice.
CREATE TABLE IF NOT EXISTS survey_invites (
  id VARCHAR PRIMARY KEY,
  module_id VARCHAR NOT NULL,
  definition_id VARCHAR NOT NULL,
  inviter_id VARCHAR NOT NULL,
  invitee_key VARCHAR NOT NULL,
  invitee_name VARCHAR NOT NULL,
  relationship VARCHAR NOT NULL,
  inv_group VARCHAR NOT NULL,
  kind VARCHAR NOT NULL, -- Invite (asked to give feedback) or GiveNow (the inviter gives it)
  created_at TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS survey_invites_once ON survey_invites (module_id, definition_id, inviter_id, kind, invitee_key);
