import type { ViewConfig } from '../../smartdata/profiles';

/** The seeded data viewer's cards over the survey responses (as the spec's example shows them). */
const CARDS: ViewConfig['cards'] = {
  templates: [
    { name: 'Response', titleField: 'CustomerName', subtitleField: 'Store', textField: 'Verbatim', fields: ['ResponseDate', 'NPS', 'Stars', 'Channel'] },
    { name: 'Score', titleField: 'Store', subtitleField: 'Region', textField: 'Verbatim', fields: ['NPS', 'NPSGroup', 'Segment', 'Spend'] },
  ],
  facets: ['NPSGroup', 'Channel', 'Region'],
  cardNameField: 'CustomerName',
  sortFields: ['NPS', 'Stars', 'Spend', 'ResponseDate'],
};

/** The responses' views: every column, and the comments (who said what, lowest scores first, the detractors by default). */
export const RESPONSE_VIEWS: ViewConfig[] = [
  { name: 'default', columns: [], defaultSmartFilters: [], cards: CARDS },
  {
    name: 'comments',
    columns: ['Id', 'ResponseDate', 'Store', 'NPS', 'Verbatim', 'CustomerName'],
    defaultSmartFilters: [{ filterKey: 'NPSGroup', filterValue: 'Detractor' }],
    defaultOrderBy: { fieldKey: 'NPS', operatorAsString: 'ASC' },
    cards: { ...CARDS, templates: [{ name: 'Comment', titleField: 'CustomerName', subtitleField: 'Store', textField: 'Verbatim', fields: ['ResponseDate', 'NPS'] }], facets: [], sortFields: ['NPS', 'ResponseDate'] },
  },
];

/** The reviews' and the portal feedback's one view, as they were seeded. */
export const DEFAULT_VIEWS: ViewConfig[] = [RESPONSE_VIEWS[0]];
