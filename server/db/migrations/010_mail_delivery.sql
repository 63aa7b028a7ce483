-- Delivery of the outbox over SMTP (SMTP_URL): when a message went, how often it was tried, the
-- last error, and which process has it in hand (so two processes never send one message twice).
ALTER TABLE mail_outbox ADD COLUMN sent_at TIMESTAMP;
ALTER TABLE mail_outbox ADD COLUMN attempts INTEGER DEFAULT 0;
ALTER TABLE mail_outbox ADD COLUMN claimed_at TIMESTAMP;
ALTER TABLE mail_outbox ADD COLUMN last_error VARCHAR
