-- A survey reports under several stores (the respondent's is taken from the link or asked), not
-- one: its settings' "store" becomes the list "stores", in the draft and in the published
-- snapshot alike (both JSON text written by JSON.stringify, where the key appears once). An
-- empty store is an empty list. Only text columns change, so the shortcode index stays.
UPDATE surveys SET settings = replace(settings, '"store":""', '"stores":[]') WHERE settings LIKE '%"store":""%';
UPDATE surveys SET published = replace(published, '"store":""', '"stores":[]') WHERE published LIKE '%"store":""%';
UPDATE surveys SET settings = regexp_replace(settings, '"store":("(?:[^"\\]|\\.)*")', '"stores":[\1]') WHERE settings LIKE '%"store":"%';
UPDATE surveys SET published = regexp_replace(published, '"store":("(?:[^"\\]|\\.)*")', '"stores":[\1]') WHERE published LIKE '%"store":"%';
