-- Users, roles, claims, groups and the tokens of sign-in. Plain SQL that DuckDB and PostgreSQL both run.
CREATE TABLE IF NOT EXISTS roles (
  name VARCHAR PRIMARY KEY,
  reports_to VARCHAR,
  data_attribute VARCHAR,
  default_route VARCHAR,
  rank INTEGER NOT NULL
);

CREATE TABLE IF NOT EXISTS users (
  id VARCHAR PRIMARY KEY,
  user_name VARCHAR NOT NULL UNIQUE,
  email VARCHAR NOT NULL,
  first_name VARCHAR NOT NULL,
  last_name VARCHAR NOT NULL,
  phone_number VARCHAR,
  company VARCHAR,
  role VARCHAR NOT NULL,
  password_hash VARCHAR,
  created_on TIMESTAMP NOT NULL,
  change_password_on_next_login BOOLEAN NOT NULL,
  can_manage_app_registrations BOOLEAN NOT NULL,
  failed_sign_ins INTEGER NOT NULL,
  locked_until TIMESTAMP
);

CREATE TABLE IF NOT EXISTS user_claims (
  user_id VARCHAR NOT NULL,
  claim_type VARCHAR NOT NULL,
  claim_value VARCHAR NOT NULL,
  PRIMARY KEY (user_id, claim_type, claim_value)
);

CREATE TABLE IF NOT EXISTS groups (
  id VARCHAR PRIMARY KEY,
  name VARCHAR NOT NULL UNIQUE,
  description VARCHAR
);

CREATE TABLE IF NOT EXISTS group_members (
  group_id VARCHAR NOT NULL,
  user_id VARCHAR NOT NULL,
  PRIMARY KEY (group_id, user_id)
);

CREATE TABLE IF NOT EXISTS refresh_tokens (
  token_hash VARCHAR PRIMARY KEY,
  user_id VARCHAR NOT NULL,
  family VARCHAR NOT NULL,
  expires_at TIMESTAMP NOT NULL,
  used BOOLEAN NOT NULL
);

CREATE TABLE IF NOT EXISTS one_time_tokens (
  token_hash VARCHAR PRIMARY KEY,
  user_id VARCHAR NOT NULL,
  purpose VARCHAR NOT NULL,
  expires_at TIMESTAMP NOT NULL,
  used BOOLEAN NOT NULL
);

CREATE TABLE IF NOT EXISTS app_registrations (
  registration_id VARCHAR PRIMARY KEY,
  user_id VARCHAR NOT NULL,
  code VARCHAR NOT NULL,
  scope_label VARCHAR NOT NULL,
  created_at TIMESTAMP NOT NULL
);

CREATE TABLE IF NOT EXISTS mail_outbox (
  id VARCHAR PRIMARY KEY,
  recipient VARCHAR NOT NULL,
  subject VARCHAR NOT NULL,
  body VARCHAR NOT NULL,
  created_at TIMESTAMP NOT NULL
);

CREATE TABLE IF NOT EXISTS trial_requests (
  id VARCHAR PRIMARY KEY,
  user_id VARCHAR NOT NULL,
  created_at TIMESTAMP NOT NULL
);
