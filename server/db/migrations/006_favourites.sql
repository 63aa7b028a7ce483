-- Favourites: a user's saved data-viewer views (spec part 2: title, description, payload as JSON text).
CREATE TABLE IF NOT EXISTS favourites (
  favourites_id VARCHAR PRIMARY KEY,
  user_id VARCHAR NOT NULL,
  module_id VARCHAR NOT NULL,
  title VARCHAR NOT NULL,
  description VARCHAR NOT NULL,
  payload VARCHAR NOT NULL,
  created_at TIMESTAMP NOT NULL,
  last_accessed_at TIMESTAMP
);
