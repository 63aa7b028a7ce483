-- The administrators' menu item for data sources, in portals seeded before it (a new portal's seed adds it).
INSERT INTO nav_items (module_id, profile, nav_name, nav_url, nav_weight, module_template, accessible_to_roles, anonymous, hide_menu, hide_on_mobile, show_new_badge)
SELECT 'datasources', 'admin', 'Data sources', '/admin/datasources', 97, 'DataSources', 'GlobalAdmin,PortalAdmin', FALSE, FALSE, FALSE, FALSE
WHERE EXISTS (SELECT 1 FROM nav_items) AND NOT EXISTS (SELECT 1 FROM nav_items WHERE module_id = 'datasources')
