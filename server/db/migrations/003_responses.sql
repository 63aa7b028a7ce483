-- Survey responses: the smart-data source of the seeded retail chain.
CREATE TABLE IF NOT EXISTS responses (
  id INTEGER PRIMARY KEY,
  response_date TIMESTAMP NOT NULL,
  store VARCHAR NOT NULL,
  region VARCHAR NOT NULL,
  country VARCHAR NOT NULL,
  channel VARCHAR NOT NULL,
  nps INTEGER NOT NULL,
  nps_group VARCHAR NOT NULL,
  stars INTEGER NOT NULL,
  driver_price VARCHAR NOT NULL,
  driver_availability VARCHAR NOT NULL,
  driver_service VARCHAR NOT NULL,
  driver_information VARCHAR NOT NULL,
  verbatim VARCHAR,
  verbatim_raw VARCHAR,
  verbatim_flag VARCHAR,
  customer_name VARCHAR NOT NULL,
  customer_email VARCHAR NOT NULL,
  customer_segment VARCHAR NOT NULL,
  spend DOUBLE PRECISION NOT NULL
);

CREATE INDEX IF NOT EXISTS responses_date ON responses (response_date);
