import type { Column } from './schema';

/** Where feedback was given: the three dimensions the claims restrict, the same in every module. */
export const PLACE_COLUMNS: Column[] = [
  { key: 'Region', name: 'Region', column: 'region', typeName: 'String', dimension: true, claimType: 'Region', smartDataTags: ['Core'] },
  { key: 'Country', name: 'Country', column: 'country', typeName: 'String', dimension: true, claimType: 'Country', smartDataTags: ['Core'] },
  { key: 'Store', name: 'Store', column: 'store', typeName: 'String', dimension: true, claimType: 'Store', smartDataTags: ['Core'] },
];

/** The claim types the portal knows: the ones its place columns are restricted by. */
export const CLAIM_TYPES: readonly string[] = PLACE_COLUMNS.map((c) => c.claimType!);
