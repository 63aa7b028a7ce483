-- Single sign-on with customers' identity providers (issue 48). Side tables only: DuckDB cannot
-- ALTER a table that has an index, so users and sessions are never altered.

-- A provider configured in the portal (providers from SSO_PROVIDERS are not stored). config and
-- mapping are JSON text; secret is the OIDC client secret sealed (server/http/seal.ts), or NULL.
CREATE TABLE IF NOT EXISTS sso_providers (
  id VARCHAR PRIMARY KEY,
  kind VARCHAR NOT NULL,
  name VARCHAR NOT NULL,
  -- Lower-case e-mail domains as a JSON array of strings.
  domains VARCHAR NOT NULL,
  config VARCHAR NOT NULL,
  secret VARCHAR,
  mapping VARCHAR NOT NULL,
  unknown_users VARCHAR NOT NULL,
  default_role VARCHAR NOT NULL,
  enabled BOOLEAN NOT NULL,
  position INTEGER NOT NULL,
  updated_at TIMESTAMP NOT NULL
);

-- A sign-in on its way to a provider (PendingSignIn): spent once by a conditional update. Once the
-- answer is verified it names the user and the logout data that the token exchange turns into a session.
CREATE TABLE IF NOT EXISTS sso_requests (
  id VARCHAR PRIMARY KEY,
  provider_id VARCHAR NOT NULL,
  request_id VARCHAR,
  nonce VARCHAR,
  verifier VARCHAR,
  relay VARCHAR NOT NULL,
  browser VARCHAR NOT NULL,
  expires_at TIMESTAMP NOT NULL,
  spent BOOLEAN NOT NULL,
  user_id VARCHAR,
  logout VARCHAR
);

-- A user owned by a provider: created by single sign-on, no portal password.
CREATE TABLE IF NOT EXISTS user_sso (
  user_id VARCHAR PRIMARY KEY,
  provider_id VARCHAR NOT NULL,
  subject VARCHAR NOT NULL
);
CREATE INDEX IF NOT EXISTS user_sso_subject ON user_sso (provider_id, subject);

-- A session that came from a provider, with what single logout needs (JSON text: NameID, SessionIndex or ID token).
CREATE TABLE IF NOT EXISTS session_sso (
  session_id VARCHAR PRIMARY KEY,
  provider_id VARCHAR NOT NULL,
  name_id VARCHAR,
  session_index VARCHAR,
  logout VARCHAR
);

-- The service provider's own SAML key pair and certificate, made once (private key sealed).
CREATE TABLE IF NOT EXISTS sso_keys (
  id VARCHAR PRIMARY KEY,
  private_key VARCHAR NOT NULL,
  certificate VARCHAR NOT NULL,
  created_at TIMESTAMP NOT NULL
)
