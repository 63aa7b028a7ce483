-- Public reviews (spec part 3, social area), as the review provider lists them, and the replies
-- sent through it. Each review is also a process-flow object of the `reviews` module (cases), so
-- a reply is a case action with its history.
CREATE TABLE IF NOT EXISTS reviews (
  id INTEGER PRIMARY KEY,
  provider VARCHAR NOT NULL,
  external_id VARCHAR NOT NULL,
  store VARCHAR NOT NULL,
  region VARCHAR,
  country VARCHAR,
  stars INTEGER NOT NULL,
  author_name VARCHAR,
  review_text VARCHAR,
  lang VARCHAR,
  posted_at TIMESTAMP NOT NULL,
  reply_text VARCHAR,
  replied_at TIMESTAMP,
  replied_by VARCHAR
);
CREATE UNIQUE INDEX IF NOT EXISTS reviews_external ON reviews (provider, external_id);

-- A user's sign-in with a review provider: only its hash is kept; sign-out revokes it.
CREATE TABLE IF NOT EXISTS social_tokens (
  token_hash VARCHAR PRIMARY KEY,
  user_id VARCHAR NOT NULL,
  provider VARCHAR NOT NULL,
  subject VARCHAR NOT NULL,
  created_at TIMESTAMP NOT NULL,
  expires_at TIMESTAMP NOT NULL,
  revoked_at TIMESTAMP
);

-- When each provider's reviews were last fetched (a refresh within a minute is skipped).
CREATE TABLE IF NOT EXISTS review_sync (
  provider VARCHAR PRIMARY KEY,
  synced_at TIMESTAMP NOT NULL
);
