import type { Column, SmartModule } from '../../smartdata/schema';
import { PLACE_COLUMNS } from './places';
import { RESPONSE_VIEWS } from './views';

const driver = (name: string): Column => ({
  key: `Driver_${name}`,
  name: `${name} driver`,
  column: `driver_${name.toLowerCase()}`,
  typeName: 'String',
  role: 'driver',
  dimension: true,
  smartDataTags: ['PF_Driver'],
});

/** The seeded survey responses (and the in-portal survey's answers): a data source row like any other. */
export const RESPONSES_SOURCE: SmartModule = {
  moduleId: 'responses',
  name: 'Survey responses',
  table: 'responses',
  appendOnly: true,
  builtin: true,
  views: RESPONSE_VIEWS,
  defaultPivot: { measures: ['InternalRecordCount', 'AvgNPS'], rows: ['Region', 'Store'], columns: ['Channel'] },
  idColumn: 'id',
  dateKey: 'ResponseDate',
  ignoreClaims: false,
  columns: [
    { key: 'Id', name: 'Response id', column: 'id', typeName: 'Number', role: 'attribute' },
    { key: 'ResponseDate', name: 'Response date', column: 'response_date', typeName: 'DateTime', role: 'attribute' },
    ...PLACE_COLUMNS,
    { key: 'Channel', name: 'Channel', column: 'channel', typeName: 'String', role: 'dimension', dimension: true, smartDataTags: ['Core'] },
    { key: 'NPS', name: 'Likelihood to recommend', column: 'nps', typeName: 'Number', whole: true, role: 'score', score: { kind: 'NPS', min: 0, max: 10 } },
    { key: 'NPSGroup', name: 'NPS group', column: 'nps_group', typeName: 'String', role: 'dimension', dimension: true, smartDataTags: ['Core'] },
    { key: 'Stars', name: 'Star rating', column: 'stars', typeName: 'Number', dimension: true, smartDataTags: ['Core'], whole: true, role: 'score', score: { kind: 'Rating', min: 1, max: 5 } },
    driver('Price'),
    driver('Availability'),
    driver('Service'),
    driver('Information'),
    { key: 'Verbatim', name: 'Comment', column: 'verbatim', typeName: 'String', rawColumn: 'verbatim_raw', flagColumn: 'verbatim_flag', searchable: true, smartDataTags: ['PF_Custom'], role: 'verbatim' },
    { key: 'CustomerName', name: 'Customer', column: 'customer_name', typeName: 'String', searchable: true, role: 'customer' },
    { key: 'CustomerEmail', name: 'Customer e-mail', column: 'customer_email', typeName: 'String', isHidden: true, role: 'customer' },
    { key: 'Segment', name: 'Customer segment', column: 'customer_segment', typeName: 'String', role: 'dimension', dimension: true },
    { key: 'Spend', name: 'Spend', column: 'spend', typeName: 'Number', role: 'attribute' },
  ],
};
