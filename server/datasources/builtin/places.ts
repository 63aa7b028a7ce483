import type { Column } from '../../smartdata/schema';

/** Where the seeded feedback was given: a hierarchy of three dimensions, each restricted by a claim of its name. */
export const PLACE_COLUMNS: Column[] = (['Region', 'Country', 'Store'] as const).map((key, i) => ({
  key,
  name: key,
  column: key.toLowerCase(),
  typeName: 'String',
  role: 'dimension',
  dimension: true,
  claimType: key,
  hierarchy: { name: 'Place', level: i + 1 },
  smartDataTags: ['Core'],
}));
