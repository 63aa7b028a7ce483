-- A case keeps its response's fields (a survey answer never changes): a queue reads, filters,
-- sorts and pages one table, which DuckDB answers by sorting the keys and fetching only the rows
-- of the page. The customer's e-mail stays with the response alone.
ALTER TABLE cases ADD COLUMN store VARCHAR;
ALTER TABLE cases ADD COLUMN region VARCHAR;
ALTER TABLE cases ADD COLUMN country VARCHAR;
ALTER TABLE cases ADD COLUMN channel VARCHAR;
ALTER TABLE cases ADD COLUMN nps INTEGER;
ALTER TABLE cases ADD COLUMN nps_group VARCHAR;
ALTER TABLE cases ADD COLUMN stars INTEGER;
ALTER TABLE cases ADD COLUMN driver_price VARCHAR;
ALTER TABLE cases ADD COLUMN driver_availability VARCHAR;
ALTER TABLE cases ADD COLUMN driver_service VARCHAR;
ALTER TABLE cases ADD COLUMN driver_information VARCHAR;
ALTER TABLE cases ADD COLUMN verbatim VARCHAR;
ALTER TABLE cases ADD COLUMN verbatim_raw VARCHAR;
ALTER TABLE cases ADD COLUMN verbatim_flag VARCHAR;
ALTER TABLE cases ADD COLUMN customer_name VARCHAR;
ALTER TABLE cases ADD COLUMN customer_segment VARCHAR;
ALTER TABLE cases ADD COLUMN spend DOUBLE PRECISION;
UPDATE cases SET store = r.store, region = r.region, country = r.country, channel = r.channel, nps = r.nps, nps_group = r.nps_group, stars = r.stars,
  driver_price = r.driver_price, driver_availability = r.driver_availability, driver_service = r.driver_service, driver_information = r.driver_information,
  verbatim = r.verbatim, verbatim_raw = r.verbatim_raw, verbatim_flag = r.verbatim_flag, customer_name = r.customer_name, customer_segment = r.customer_segment, spend = r.spend
  FROM responses r WHERE r.id = cases.source_object_id AND cases.store IS NULL
