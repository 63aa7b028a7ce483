-- When a refresh token was spent: a retry within a few seconds (a response lost to a page
-- navigation) gets a new token instead of revoking the session.
ALTER TABLE refresh_tokens ADD COLUMN used_at TIMESTAMP;
