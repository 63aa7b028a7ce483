-- SCIM 2.0 provisioning (issue 48). Side tables only: DuckDB cannot ALTER users or sessions,
-- which have indexes.

-- Bearer tokens an administrator issues to an identity provider's provisioning (only the sha256 is kept).
CREATE TABLE IF NOT EXISTS scim_tokens (
  id VARCHAR PRIMARY KEY,
  name VARCHAR NOT NULL,
  token_hash VARCHAR NOT NULL UNIQUE,
  created_by VARCHAR NOT NULL,
  created_at TIMESTAMP NOT NULL,
  last_used_at TIMESTAMP,
  revoked BOOLEAN NOT NULL
);

-- A user without a row is active. A deactivated user cannot sign in by any path, and their sessions end.
CREATE TABLE IF NOT EXISTS user_status (
  user_id VARCHAR PRIMARY KEY,
  active BOOLEAN NOT NULL,
  external_id VARCHAR,
  updated_at TIMESTAMP NOT NULL
);

-- The identity provider's id of a portal group (SCIM externalId).
CREATE TABLE IF NOT EXISTS group_external (
  group_id VARCHAR PRIMARY KEY,
  external_id VARCHAR NOT NULL
);
