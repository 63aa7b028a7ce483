-- Settings, locales, content profiles, navigation, modules and per-user state.
CREATE TABLE IF NOT EXISTS settings (
  name VARCHAR PRIMARY KEY,
  value VARCHAR NOT NULL
);

CREATE TABLE IF NOT EXISTS locale_strings (
  lang VARCHAR NOT NULL,
  key VARCHAR NOT NULL,
  value VARCHAR NOT NULL,
  PRIMARY KEY (lang, key)
);

CREATE TABLE IF NOT EXISTS content_profiles (
  name VARCHAR PRIMARY KEY,
  title VARCHAR NOT NULL,
  hide_on_mobile BOOLEAN NOT NULL,
  weight INTEGER NOT NULL
);

CREATE TABLE IF NOT EXISTS modules (
  module_id VARCHAR PRIMARY KEY,
  name VARCHAR NOT NULL,
  kind VARCHAR NOT NULL,
  config VARCHAR NOT NULL
);

CREATE TABLE IF NOT EXISTS nav_items (
  module_id VARCHAR PRIMARY KEY,
  profile VARCHAR NOT NULL,
  nav_name VARCHAR NOT NULL,
  nav_url VARCHAR NOT NULL,
  nav_weight INTEGER NOT NULL,
  module_template VARCHAR NOT NULL,
  accessible_to_roles VARCHAR NOT NULL,
  anonymous BOOLEAN NOT NULL,
  hide_menu BOOLEAN NOT NULL,
  hide_on_mobile BOOLEAN NOT NULL,
  show_new_badge BOOLEAN NOT NULL
);

CREATE TABLE IF NOT EXISTS client_plugins (
  element_name VARCHAR PRIMARY KEY,
  enabled BOOLEAN NOT NULL,
  hide_on_mobile BOOLEAN NOT NULL,
  parent_selector VARCHAR NOT NULL,
  retry_interval INTEGER NOT NULL,
  script_url VARCHAR NOT NULL
);

CREATE TABLE IF NOT EXISTS user_preferences (
  user_id VARCHAR PRIMARY KEY,
  locale VARCHAR NOT NULL
);

CREATE TABLE IF NOT EXISTS user_state (
  user_id VARCHAR NOT NULL,
  state_key VARCHAR NOT NULL,
  value VARCHAR NOT NULL,
  updated_at TIMESTAMP NOT NULL,
  PRIMARY KEY (user_id, state_key)
);
