import type { ColumnRole, Definition, ProposedColumn, Score, SourceColumn } from '../api/datasources';

type Column = ProposedColumn | SourceColumn;

/** The score kind a column gets when the user makes it a score or driver: a rating for numbers, a sentiment label for text. */
function defaultScore(column: Column): Score {
  if (column.typeName !== 'Number') return { kind: 'Sentiment' };
  return { kind: 'Rating' };
}

/**
 * A column given a new role: a score or driver keeps (or gets) a score kind, any other role drops
 * it; a customer field is hidden by default, as the server proposes it.
 */
export function withRole<C extends Column>(column: C, role: ColumnRole): C {
  const scored = role === 'score' || role === 'driver';
  const { score: _score, ...rest } = column;
  const next = { ...rest, role } as C;
  if (scored) next.score = column.score ?? defaultScore(column);
  if (role === 'customer') next.hidden = true;
  else if (column.role === 'customer') next.hidden = false;
  return next;
}

/** Replaces the column with key `key` by `change(column)`. */
export function changeColumn<C extends { key: string }>(columns: readonly C[], key: string, change: (c: C) => C): C[] {
  return columns.map((c) => (c.key === key ? change(c) : c));
}

/**
 * A new preview's definition with the user's earlier edits kept: the name (when changed from the
 * proposal), and per column its name, role, score and date format wherever the same column (key
 * and type) is in the new file too; the id and date columns when they still exist.
 */
export function keepEdits(next: Definition, edited: Definition, proposed: Definition): Definition {
  const before = new Map(edited.columns.map((c) => [c.key, c]));
  const columns = next.columns.map((c) => {
    const old = before.get(c.key);
    if (!old || old.typeName !== c.typeName) return c;
    const format = old.date && c.date?.candidates?.includes(old.date.format) ? old.date.format : c.date?.format;
    return { ...c, name: old.name, role: old.role, score: old.score, hidden: old.hidden, claimType: old.claimType, hierarchy: old.hierarchy, ...(c.date && format ? { date: { ...c.date, format } } : {}) };
  });
  const has = (key: string | null) => (key && columns.some((c) => c.key === key) ? key : null);
  return {
    ...next,
    name: edited.name !== proposed.name ? edited.name : next.name,
    columns,
    idColumn: edited.idColumn === proposed.idColumn ? next.idColumn : has(edited.idColumn),
    dateKey: edited.dateKey === proposed.dateKey ? next.dateKey : has(edited.dateKey),
  };
}

/** The order a date format reads its day and month in: 'dayFirst', 'monthFirst' or 'yearFirst'. */
export function dateOrder(format: string): 'dayFirst' | 'monthFirst' | 'yearFirst' {
  if (format.startsWith('YY')) return 'yearFirst';
  return format.indexOf('DD') < format.indexOf('MM') ? 'dayFirst' : 'monthFirst';
}

/** The definition as the server takes it: a claim type or hierarchy only on a dimension, and only when named. */
export function sendable(definition: Definition): Definition {
  return {
    ...definition,
    columns: definition.columns.map(({ claimType, hierarchy, ...c }) => {
      const dimension = c.role === 'dimension';
      const type = dimension ? claimType?.trim() : '';
      const level = dimension && hierarchy?.name.trim() ? { name: hierarchy.name.trim(), level: hierarchy.level } : undefined;
      return { ...c, ...(type ? { claimType: type } : {}), ...(level ? { hierarchy: level } : {}) };
    }),
  };
}
