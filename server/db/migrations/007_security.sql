-- Sessions that can end, sign-in throttling, single-use sign-on assertions and unique names.

-- A session is a refresh-token family; every access token names its session, so ending the session
-- (sign-out, password change, role or claim change, deletion) ends its access tokens at once.
CREATE TABLE IF NOT EXISTS sessions (
  id VARCHAR PRIMARY KEY,
  user_id VARCHAR NOT NULL,
  created_at TIMESTAMP NOT NULL,
  revoked BOOLEAN NOT NULL,
  -- The host portal's sessions keep their refresh token in an HttpOnly cookie; this checks the CSRF header.
  csrf_hash VARCHAR,
  remember BOOLEAN NOT NULL
);
CREATE INDEX IF NOT EXISTS sessions_user ON sessions (user_id);
CREATE INDEX IF NOT EXISTS refresh_tokens_family ON refresh_tokens (family);

-- Failed sign-ins counted per (account, client), per account across clients ('*') and per client
-- across accounts ('*'); `account` is the lower-cased name as typed, known or not.
CREATE TABLE IF NOT EXISTS sign_in_attempts (
  account VARCHAR NOT NULL,
  client VARCHAR NOT NULL,
  failures INTEGER NOT NULL,
  since TIMESTAMP NOT NULL,
  locked_until TIMESTAMP,
  PRIMARY KEY (account, client)
);

-- Single sign-on assertions already exchanged (their nonce), until they expire.
CREATE TABLE IF NOT EXISTS used_assertions (
  nonce VARCHAR PRIMARY KEY,
  expires_at TIMESTAMP NOT NULL
);

CREATE INDEX IF NOT EXISTS one_time_tokens_user ON one_time_tokens (user_id);
CREATE UNIQUE INDEX IF NOT EXISTS users_user_name_lower ON users (lower(user_name));
CREATE UNIQUE INDEX IF NOT EXISTS groups_name_lower ON groups (lower(name));
CREATE UNIQUE INDEX IF NOT EXISTS favourites_title_lower ON favourites (user_id, lower(title));

-- Refresh-token families from before this migration become sessions, so apps stay signed in.
INSERT INTO sessions (id, user_id, created_at, revoked, csrf_hash, remember)
  SELECT family, min(user_id), CAST(CURRENT_TIMESTAMP AS TIMESTAMP), false, NULL, false FROM refresh_tokens GROUP BY family;
