import type { SmartModule } from '../smartdata/schema';
import { PLACE_COLUMNS } from '../smartdata/places';

/** The reviews as smart data (the Reviews dashboard's tiles and filters; claims by region, country, store). */
export const REVIEWS_MODULE: SmartModule = {
  moduleId: 'reviews',
  name: 'Reviews',
  table: 'reviews',
  idColumn: 'id',
  dateKey: 'ReviewDate',
  ignoreClaims: false,
  columns: [
    { key: 'Id', name: 'Review id', column: 'id', typeName: 'Number' },
    { key: 'ReviewDate', name: 'Review date', column: 'posted_at', typeName: 'DateTime' },
    ...PLACE_COLUMNS,
    { key: 'Source', name: 'Source', column: 'provider', typeName: 'String', dimension: true, smartDataTags: ['Core'] },
    { key: 'Stars', name: 'Star rating', column: 'stars', typeName: 'Number', dimension: true, smartDataTags: ['Core'] },
    { key: 'Review', name: 'Review', column: 'review_text', typeName: 'String', searchable: true },
    { key: 'Reviewer', name: 'Reviewer', column: 'author_name', typeName: 'String', searchable: true },
    { key: 'Reply', name: 'Reply', column: 'reply_text', typeName: 'String' },
    { key: 'RepliedAt', name: 'Replied at', column: 'replied_at', typeName: 'DateTime' },
  ],
};

/** The sentiment a star rating stands for (spec part 3: the review card's rating index). */
export const ratingIndex = (stars: number): -1 | 0 | 1 => (stars >= 4 ? 1 : stars === 3 ? 0 : -1);
