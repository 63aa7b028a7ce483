-- Dashboards: a definition (breadcrumb, visual definitions, named layouts) as JSON text per dashboard.
CREATE TABLE IF NOT EXISTS dashboards (
  dashboard_id VARCHAR PRIMARY KEY,
  name VARCHAR NOT NULL,
  module_id VARCHAR NOT NULL,
  definition VARCHAR NOT NULL
);
