import { invalidFilter } from './errors';

/** One comparison `attribute eq "value"`: the filters identity providers send before they create or link. */
export interface Filter {
  /** The attribute as the resource names it (canonical case). */
  attribute: string;
  value: string;
}

const EQ = /^\s*([A-Za-z][\w.:-]*)\s+eq\s+("(?:[^"\\]|\\.)*"|true|false)\s*$/i;

/**
 * Parses `filter` against the attributes a resource can be filtered by (compared case-insensitively,
 * RFC 7644 section 3.4.2.2); anything else is a 400 invalidFilter that says what is supported.
 */
export function parseFilter(filter: string, attributes: readonly string[]): Filter {
  const supported = `Supported: ${attributes.map((a) => `${a} eq "…"`).join(', ')}.`;
  const match = EQ.exec(filter);
  if (!match) throw invalidFilter(`The filter ${JSON.stringify(filter.slice(0, 200))} is not supported. ${supported}`);
  const attribute = attributes.find((a) => a.toLowerCase() === match[1].toLowerCase());
  if (!attribute) throw invalidFilter(`Filtering by ${match[1]} is not supported. ${supported}`);
  let value: string;
  try {
    value = match[2].startsWith('"') ? (JSON.parse(match[2]) as string) : match[2].toLowerCase();
  } catch {
    throw invalidFilter('The filter value is not a valid string.');
  }
  return { attribute, value };
}
