import type { Column, SmartModule } from '../smartdata/schema';
import type { SentimentLabel } from './types';

/**
 * Sentiment as a dimension of every source with a verbatim (issue 49). The values live in
 * `text_analysis`, beside the source's rows; the module gets two derived columns whose SQL names
 * (`txa_*`) no source table holds, and a query that names one reads the source through a join with
 * the analysis (`withTextJoin`). Queries that name none read the table alone, as before: a join on
 * every read of a million responses would cost every dashboard.
 */
export const SENTIMENT_KEY = 'Sentiment';
export const SENTIMENT_SCORE_KEY = 'SentimentScore';
/** The values `Sentiment` takes, whatever rows have been read so far (a rule or filter may pick any). */
export const SENTIMENT_LABELS: readonly SentimentLabel[] = ['positive', 'neutral', 'negative'];
/** The topics a comment is about (many per row): a filter and a breakdown, never a records column. */
export const TOPIC_KEY = 'Topic';
const PREFIX = 'txa_';
const TOPIC_COLUMN = `${PREFIX}topic`;

// `Core`: a dashboard's filter bar offers Sentiment and Topic beside the source's own main filters.
const DERIVED: readonly Column[] = [
  { key: SENTIMENT_KEY, name: 'Sentiment', column: `${PREFIX}sentiment`, typeName: 'String', role: 'score', score: { kind: 'Sentiment' }, dimension: true, derived: 'text', smartDataTags: ['Core'] },
  { key: SENTIMENT_SCORE_KEY, name: 'Sentiment score', column: `${PREFIX}score`, typeName: 'Number', role: 'score', score: { kind: 'Sentiment', min: -1, max: 1 }, derived: 'text' },
  { key: TOPIC_KEY, name: 'Topic', column: TOPIC_COLUMN, typeName: 'String', dimension: true, derived: 'topic', smartDataTags: ['Core'] },
];

/** The analysis table's column each derived column reads. */
const SOURCE_OF: Record<string, string> = { [`${PREFIX}sentiment`]: 'sentiment', [`${PREFIX}score`]: 'score' };

/**
 * The first verbatim of a module, hidden or not: the text its rows are analysed by. A hidden one is
 * still analysed: Sentiment and Topic are judgements of the text, not the text, and hiding a column
 * is no reason to read history again. Whatever quotes the text reads `shownVerbatimOf` instead.
 */
export const verbatimOf = (module: SmartModule): Column | undefined => module.columns.find((c) => c.role === 'verbatim' && !c.derived && c.typeName === 'String');

/** The analysed verbatim when readers are shown it (not hidden): the only text highlights and proposals may quote. */
export function shownVerbatimOf(module: SmartModule): Column | undefined {
  const v = verbatimOf(module);
  return v && !v.isHidden ? v : undefined;
}

/**
 * The module with the text analysis's columns added when it has a verbatim. A key the source's own
 * columns take (a file's own "Sentiment") stays theirs: that column is not replaced.
 */
export function withTextColumns(module: SmartModule): SmartModule {
  const own = module.columns.filter((c) => !c.derived);
  if (!verbatimOf(module)) return own.length === module.columns.length ? module : { ...module, columns: own };
  const taken = new Set(own.map((c) => c.key.toLowerCase()));
  return { ...module, columns: [...own, ...DERIVED.filter((c) => !taken.has(c.key.toLowerCase())).map((c) => ({ ...c, smartDataTags: [...(c.smartDataTags ?? [])] }))] };
}

/** Source ids are `[a-z][a-z0-9-]*` (server/datasources/sources.ts); anything else is never written into SQL. */
const SAFE_ID = /^[a-z][a-z0-9-]{0,80}$/;

/** The source's rows with their analysis beside them, under the table's own name (so `table.column` still reads). */
export function textRelation(module: SmartModule, byTopic = false): string {
  if (!SAFE_ID.test(module.moduleId)) throw new Error(`The data source id "${module.moduleId}" cannot be named in SQL.`);
  const derived = module.columns.filter((c) => c.derived === 'text').map((c) => `a.${SOURCE_OF[c.column]} AS ${c.column}`);
  const key = `CAST(t.${module.idColumn} AS VARCHAR)`;
  // A breakdown by topic reads a row once per topic it is about (once, blank, when about none).
  const topics = byTopic
    ? ` LEFT JOIN (SELECT h.row_key, tt.name FROM text_topic_hits h JOIN text_topics tt ON tt.source_id = h.source_id AND tt.topic_id = h.topic_id WHERE h.source_id = '${module.moduleId}') tp ON tp.row_key = ${key}`
    : '';
  const columns = [...derived, ...(byTopic ? [`tp.name AS ${TOPIC_COLUMN}`] : [])];
  return `(SELECT t.*, ${columns.join(', ')} FROM ${module.table} t LEFT JOIN text_analysis a ON a.source_id = '${module.moduleId}' AND a.row_key = ${key}${topics}) ${module.table}`;
}

/**
 * `sql` reading the module's table with the analysis joined, when it names a derived column; else
 * `sql` itself. Every smart-data read passes here (`rowsOf`), so filters, breakdowns, records,
 * exports, alerts and case rules read Sentiment like any column.
 */
export function withTextJoin(module: SmartModule, sql: string): string {
  if (!sql.includes(PREFIX) || !module.columns.some((c) => c.derived === 'text')) return sql;
  const relation = textRelation(module, sql.includes(TOPIC_COLUMN));
  return sql.replace(new RegExp(`\\bFROM\\s+${module.table}\\b(?!\\.)`, 'gi'), `FROM ${relation}`);
}

/** Whether `sql` names a derived column (a filter or a sort by Sentiment): the rows must be read with their analysis. */
export const namesText = (sql: string) => sql.includes(PREFIX);

/**
 * The analysis joined to rows already cut to a page (`idExpr` their id), as `txa`: a page of a
 * hundred rows probes its hundred analyses, where the join before the cut read every row's
 * (a records page of 100,000 responses: 16 ms without Sentiment, 37 ms with it joined first).
 */
export function analysisJoin(module: SmartModule, idExpr: string): string {
  if (!SAFE_ID.test(module.moduleId)) throw new Error(`The data source id "${module.moduleId}" cannot be named in SQL.`);
  return `LEFT JOIN text_analysis txa ON txa.source_id = '${module.moduleId}' AND txa.row_key = CAST(${idExpr} AS VARCHAR)`;
}

/** A derived column's value in `analysisJoin`'s rows. */
export const analysisValue = (c: Column) => `txa.${SOURCE_OF[c.column]}`;
