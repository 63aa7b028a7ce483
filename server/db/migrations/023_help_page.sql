-- The Help menu item opened the developer demo (/demo/); it opens the portal's help page now.
UPDATE nav_items SET nav_url = '/help' WHERE module_id = 'help' AND nav_url = '/demo/';
