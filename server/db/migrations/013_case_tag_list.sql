-- A case keeps its tags as one text beside them (a tag may not hold a comma or a bar), written in
-- the action's transaction: a queue page reads its cases without a second query over case_tags.
ALTER TABLE cases ADD COLUMN tag_list VARCHAR;
UPDATE cases SET tag_list = t.list
  FROM (SELECT pfo_id, string_agg(tag_value, ',' ORDER BY tag_value) AS list FROM case_tags GROUP BY pfo_id) AS t
  WHERE t.pfo_id = cases.pfo_id
