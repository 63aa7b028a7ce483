import type { Db, Queryable } from '../db';
import type { MeasureKey, VisualDefinition } from '../../src/api/visual-types';
import { flow } from '../../src/lib/grid-layout';
import { measureOf } from '../dashboards/measures';
import { levelsOf, scoreOf } from '../smartdata/column-roles';
import type { Column, SmartModule } from '../smartdata/schema';
import { sourcesOf } from './registry';

/** The measure a source is read by first: NPS, else its rating's average, else net sentiment, else the count. */
function mainMeasure(module: SmartModule): { key: MeasureKey; score?: Column } {
  for (const [key, kinds] of [['nps', ['NPS']], ['stars', ['Rating', 'CSAT', 'CES']], ['netSentiment', ['Sentiment']]] as const) {
    const score = scoreOf(module, kinds);
    if (score) return { key, score };
  }
  return { key: 'responses' };
}

/** How each measure reads on an axis: NPS and net sentiment are fractions shown as percentages, an average a number. */
const Y_FORMATS: Record<MeasureKey, string> = { nps: '0.0%', netSentiment: '0.0%', stars: '0.00', responses: '0' };

/** A score's table: an average with two decimals; a rise is good news (green), a fall bad (red). */
const dataFormat = (key: MeasureKey) => ({ DecimalPlaces: key === 'stars' ? 2 : 0, DeltaThreshold: 0, ColorPalette: { AboveDelta: '#0C7A59', BelowDelta: '#C4002A' } });

const tableColumns = (key: MeasureKey, name: string) => ({
  TitleField: 'Name',
  TitleColumnWidth: 34,
  Columns: [
    { Header: 'Responses', Key: 'responses', Type: 'Number', SortingColumn: true, Sort: 'DESC' },
    ...(key === 'responses' ? [] : [{ Header: name, Key: key, Type: key === 'stars' ? 'Number' : 'Percentage', SortingColumn: true, Default: true }]),
  ],
  DeltaColumns: key === 'responses' ? [] : [{ Header: `${name} change`, Key: key, Type: 'PointChange', DeltaFrom: key, Default: true }],
});

/**
 * A first dashboard for a source, made from its columns' roles: the score and the responses, the
 * score over time, by each level of its hierarchy, its drivers, and the latest comments.
 */
export function starterVisuals(module: SmartModule): VisualDefinition[] {
  const main = mainMeasure(module);
  const name = measureOf(module, main.key).name;
  const visuals: VisualDefinition[] = [];
  if (main.key !== 'responses') {
    const bounds = main.key === 'stars' ? { LowerBound: main.score!.score?.min ?? 1, UpperBound: main.score!.score?.max ?? 5, TextFormat: '.2f' } : {};
    visuals.push({ name: 'score', width: 4, height: 2, template: 'Gauge', templateBindings: { Header: name, SubHeader: 'DataPeriod', DeltaType: 'PointChange', ...bounds, Query: { kind: 'kpi', measure: main.key } } });
  }
  visuals.push({ name: 'responses', width: main.key === 'responses' ? 12 : 8, height: 2, template: 'HeroText', templateBindings: { Header: 'Responses', SubHeader: 'DataPeriod', HeroLabel: 'Responses, last period in brackets', ValueFormat: ',', Query: { kind: 'kpi', measure: 'responses' } } });
  visuals.push({ name: 'trend', width: 12, height: 3, template: 'MultiLineChart', templateBindings: { Header: `${name} over time`, SubHeader: 'DataPeriod', YFormat: Y_FORMATS[main.key], Query: { kind: 'trend', measure: main.key } } });
  levelsOf(module).slice(0, 3).forEach((level, i) =>
    visuals.push({
      name: `by-level-${i + 1}`, width: 6, height: 4, template: 'TableWithDeltaColumns',
      templateBindings: { Header: `${name} by ${level.name}`, SubHeader: 'DataPeriod', ClickBehaviour: 'Filter', ColumnConfiguration: tableColumns(main.key, name), DataFormat: dataFormat(main.key), Query: { kind: 'table', rowKey: level.key, measures: main.key === 'responses' ? ['responses'] : ['responses', main.key] } },
    }),
  );
  module.columns.filter((c) => c.role === 'driver' && c.dimension).slice(0, 4).forEach((driver, i) =>
    visuals.push({
      name: `driver-${i + 1}`, width: 3, height: 3, template: 'Donut',
      templateBindings: { Header: driver.name, ClickBehaviour: 'Filter', SelectionMode: 'SinglePrimary', Query: { kind: 'breakdown', measure: 'responses', axisKey: driver.key } },
    }),
  );
  const verbatim = module.columns.find((c) => c.role === 'verbatim' && !c.isHidden);
  if (verbatim) {
    const first = levelsOf(module)[0];
    const fields = [verbatim.key, ...(first ? [first.key] : []), module.dateKey, ...(main.score ? [main.score.key] : [])];
    visuals.push({
      name: 'comments', width: 12, height: 4, template: 'OrderedListComments',
      templateBindings: {
        Header: 'Latest comments',
        DisplayFields: [
          { Field: verbatim.key, Type: 'Field', Style: 'Plain', NullOrWhitespaceValue: 'No comment provided', NullOrWhitespaceValueStyle: 'Italic' },
          ...(first ? [{ Field: first.key, Type: 'Field', Style: 'Bold', MarginBottom: 2 }] : []),
          { Field: module.dateKey, Type: 'Field', Style: 'Plain' },
        ],
        Query: { kind: 'comments', fields: [...new Set(fields)], limit: 20 },
      },
    });
  }
  return visuals;
}

/** Makes the starter dashboard of a source (another one each call: `{id}`, `{id}-2`, ...); its id. */
export async function createStarterDashboard(db: Queryable, module: SmartModule): Promise<string> {
  const visuals = starterVisuals(module);
  const taken = new Set((await db.query<{ dashboard_id: string }>('SELECT dashboard_id FROM dashboards')).map((r) => r.dashboard_id.toLowerCase()));
  let id = module.moduleId;
  for (let n = 2; taken.has(id); n++) id = `${module.moduleId}-${n}`;
  const definition = {
    breadcrumb: { name: module.name, templateBindings: { path: [{ name: 'Insights', url: '/home' }, { name: module.name }] } },
    definitions: visuals,
    layouts: { Default: flow(visuals) },
  };
  await db.query('INSERT INTO dashboards (dashboard_id, name, module_id, definition, description, updated_at) VALUES ($1, $2, $3, $4, $5, CAST($6 AS TIMESTAMP))', [
    id, module.name, module.moduleId, JSON.stringify(definition), `A first dashboard of ${module.name}, made from its columns' roles.`, new Date(),
  ]);
  return id;
}

/** As an import ends well (in its transaction `q`): a source with no dashboard gets its starter dashboard (the first-run path). */
export async function ensureStarterDashboard(db: Db, q: Queryable, sourceId: string): Promise<void> {
  const module = sourcesOf(db).get(sourceId);
  if (!module) return;
  const [existing] = await q.query('SELECT dashboard_id FROM dashboards WHERE module_id = $1 LIMIT 1', [sourceId]);
  if (!existing) await createStarterDashboard(q, module);
}
