-- A survey answer leaves the fields it did not ask empty (NULL, shown as [Blank]) instead of
-- inventing values (drivers "Neutral", segment "Survey respondent", spend 0) that skew every chart.
-- DuckDB alters no table an index depends on: the date index is dropped and made again.
DROP INDEX IF EXISTS responses_date;
ALTER TABLE responses ALTER COLUMN driver_price DROP NOT NULL;
ALTER TABLE responses ALTER COLUMN driver_availability DROP NOT NULL;
ALTER TABLE responses ALTER COLUMN driver_service DROP NOT NULL;
ALTER TABLE responses ALTER COLUMN driver_information DROP NOT NULL;
ALTER TABLE responses ALTER COLUMN customer_segment DROP NOT NULL;
ALTER TABLE responses ALTER COLUMN spend DROP NOT NULL;
CREATE INDEX IF NOT EXISTS responses_date ON responses (response_date);
