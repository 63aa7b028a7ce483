import type { SchemaColumn } from '../../api/viewer';
import { longDate } from '../../lib/dates';
import { numberFormat } from '../../lib/intl';
import { $config } from '../../stores/config';

export { isHiddenValue } from '../../lib/profanity';

/** A number as the page's language writes it (135,59 in German), without grouping: ids stay as they are. */
const PLAIN: Intl.NumberFormatOptions = { maximumFractionDigits: 20, useGrouping: false };

/** A cell as text: dates in the long format (YYYY-MM-DDTHH:mm:ss), numbers in the page's language, blanks empty. */
export function cellText(value: unknown, type: SchemaColumn['typeName'], lang: string = $config.get().locale): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return numberFormat(lang, PLAIN).format(value);
  const text = String(value);
  return type === 'DateTime' ? longDate(text) : text;
}
