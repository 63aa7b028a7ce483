-- A case keeps its response's date as answered_at (it never changes; a name of its own, as the
-- responses' column is read beside it): queues sort by it without
-- reading the responses.
ALTER TABLE cases ADD COLUMN answered_at TIMESTAMP;
UPDATE cases SET answered_at = (SELECT r.response_date FROM responses r WHERE r.id = cases.source_object_id) WHERE answered_at IS NULL
