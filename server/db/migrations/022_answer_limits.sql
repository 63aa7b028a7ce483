-- Counters of submissions over a window that starts with the first one (server/http/rate-counts.ts):
-- survey answers per client and survey, per survey, and feedback sessions per user. One statement
-- takes a count, so parallel requests and several API processes never outrun a limit.
CREATE TABLE IF NOT EXISTS rate_counts (
  counter VARCHAR PRIMARY KEY,
  taken INTEGER NOT NULL,
  since TIMESTAMP NOT NULL
);

-- An invitation takes one answer: set when it is answered, in the answer's transaction.
ALTER TABLE survey_invites ADD COLUMN IF NOT EXISTS answered_at TIMESTAMP;

-- Invitations answered before this column count as answered.
UPDATE survey_invites SET answered_at = (SELECT min(a.submitted_at) FROM survey_answers a WHERE a.invite_id = survey_invites.id)
WHERE answered_at IS NULL AND EXISTS (SELECT 1 FROM survey_answers a WHERE a.invite_id = survey_invites.id);
