-- A second factor for password sign-ins (issue 48): a time-based one-time password (RFC 6238).
-- Side tables only: DuckDB cannot ALTER users, which has indexes.

-- A user's authenticator: the shared secret sealed (server/http/seal.ts), set up (confirmed_at NULL)
-- until a first code confirms it; last_step is the newest 30-second step whose code was accepted,
-- so a code seen once (or an older one) is never accepted again.
CREATE TABLE IF NOT EXISTS second_factors (
  user_id VARCHAR PRIMARY KEY,
  secret VARCHAR NOT NULL,
  confirmed_at TIMESTAMP,
  last_step BIGINT
);

-- One-time recovery codes (only their sha256 is kept); a code is spent by setting used_at.
CREATE TABLE IF NOT EXISTS recovery_codes (
  user_id VARCHAR NOT NULL,
  code_hash VARCHAR NOT NULL,
  used_at TIMESTAMP,
  PRIMARY KEY (user_id, code_hash)
);
