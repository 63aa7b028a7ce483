import type { SmartModule } from '../../smartdata/schema';
import { PLACE_COLUMNS } from './places';
import { DEFAULT_VIEWS } from './views';

/** The public reviews as a data source (the Reviews dashboard's tiles and filters; claims by region, country, store). */
export const REVIEWS_SOURCE: SmartModule = {
  moduleId: 'reviews',
  name: 'Reviews',
  table: 'reviews',
  builtin: true,
  views: DEFAULT_VIEWS,
  idColumn: 'id',
  dateKey: 'ReviewDate',
  ignoreClaims: false,
  columns: [
    { key: 'Id', name: 'Review id', column: 'id', typeName: 'Number', role: 'attribute' },
    { key: 'ReviewDate', name: 'Review date', column: 'posted_at', typeName: 'DateTime', role: 'attribute' },
    ...PLACE_COLUMNS,
    { key: 'Source', name: 'Source', column: 'provider', typeName: 'String', role: 'dimension', dimension: true, smartDataTags: ['Core'] },
    { key: 'Stars', name: 'Star rating', column: 'stars', typeName: 'Number', dimension: true, smartDataTags: ['Core'], role: 'score', score: { kind: 'Rating', min: 1, max: 5 } },
    { key: 'Review', name: 'Review', column: 'review_text', typeName: 'String', searchable: true, role: 'verbatim' },
    { key: 'Reviewer', name: 'Reviewer', column: 'author_name', typeName: 'String', searchable: true, role: 'customer' },
    { key: 'Reply', name: 'Reply', column: 'reply_text', typeName: 'String', role: 'attribute' },
    { key: 'RepliedAt', name: 'Replied at', column: 'replied_at', typeName: 'DateTime', role: 'attribute' },
  ],
};
