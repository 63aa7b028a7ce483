import { badRequest } from '../../http/errors';
import { keysOf, uniqueNames, type Header } from '../headers';

/** Where each of the source's columns is in a file, and the file's columns the source does not have. */
export interface Matched {
  /** By the source's column order: the file's column index. */
  indexes: number[];
  extra: string[];
}

const plain = (name: string) => name.replace(/\s+/g, ' ').trim().toLowerCase();
const quoted = (names: string[]) => names.map((n) => `"${n}"`).join(', ');

/**
 * Matches the source's columns to a file's header as the preview named them: by key (the field id or
 * name made a key), else by name. A column of the source the file lacks is a 400 naming them all,
 * before anything is written; the file's other columns are left out.
 */
export function matchColumns(columns: ReadonlyArray<{ key: string; name: string }>, header: Header): Matched {
  const { names } = uniqueNames(header.names);
  const keys = keysOf(names.map((name, i) => header.fieldIds?.[i] || name)).map((k) => k.toLowerCase());
  const byName = names.map(plain);
  const used = new Set<number>();
  const missing: string[] = [];
  const indexes = columns.map((c) => {
    let at = keys.indexOf(c.key.toLowerCase());
    if (at < 0 || used.has(at)) at = byName.findIndex((n, i) => n === plain(c.name) && !used.has(i));
    if (at < 0) missing.push(c.name);
    used.add(at);
    return at;
  });
  if (missing.length) throw badRequest(`The file lacks ${missing.length === 1 ? 'a column' : `${missing.length} columns`} of this data source: ${quoted(missing)}. Send a file with ${missing.length === 1 ? 'it' : 'them'}, or make a new data source from it.`);
  return { indexes, extra: names.filter((_, i) => !used.has(i)) };
}
