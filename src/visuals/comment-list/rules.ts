import type { DataRow } from '../../api/visual-types';
import { periodDay } from '../../lib/dates';

/** Ordered list defaults of spec part 3. */
export const LIST_DEFAULTS = { ItemMinHeight: 60, LinesToShow: 5, IconWidth: 40, IconMargin: 10, PaddingBottom: 15, ClipText: false } as const;
export const NO_COMMENT = 'No comment provided';

export interface DisplayField {
  Field?: string;
  Type: 'Literal' | 'Field';
  Value?: string;
  Style: 'Bold' | 'Italic' | 'Plain';
  MarginBottom?: number;
  NullOrWhitespaceValue?: string;
  NullOrWhitespaceValueStyle?: 'Bold' | 'Italic' | 'Plain';
  Question?: string;
}

export interface ShownField {
  text: string;
  style: 'Bold' | 'Italic' | 'Plain';
  marginBottom: number;
  /** True when the row had nothing and the fallback text shows. */
  fallback: boolean;
  /** The row's field the text comes from (a hidden comment's raw text is asked for by it). */
  field?: string;
}

/** Reads DisplayFields; malformed entries are skipped (settings fall back). */
export function readDisplayFields(value: unknown): DisplayField[] {
  if (!Array.isArray(value)) return [{ Field: 'Verbatim', Type: 'Field', Style: 'Plain', NullOrWhitespaceValue: NO_COMMENT, NullOrWhitespaceValueStyle: 'Italic' }];
  return value.filter((f): f is DisplayField => !!f && typeof f === 'object' && (f.Type === 'Literal' || typeof f.Field === 'string'));
}

const blank = (v: unknown) => v === null || v === undefined || String(v).trim() === '';

/**
 * The texts a row shows. A field with no value shows its NullOrWhitespaceValue (the comment field:
 * 'No comment provided' in italics); a row whose fields are all empty without a fallback is dropped (null).
 */
export function shownFields(row: DataRow, fields: readonly DisplayField[]): ShownField[] | null {
  const out: ShownField[] = [];
  let any = false;
  for (const f of fields) {
    const raw = f.Type === 'Literal' ? f.Value : row[f.Field ?? ''];
    if (!blank(raw)) {
      any = true;
      out.push({ text: String(raw), style: f.Style ?? 'Plain', marginBottom: f.MarginBottom ?? 0, fallback: false, ...(f.Type === 'Field' ? { field: f.Field } : {}) });
    } else if (f.NullOrWhitespaceValue) {
      any = true;
      out.push({ text: f.NullOrWhitespaceValue, style: f.NullOrWhitespaceValueStyle ?? 'Italic', marginBottom: f.MarginBottom ?? 0, fallback: true });
    }
  }
  return any ? out : null;
}

/** The Drillthrough link with each {Field} replaced by the row's value, URL-encoded. */
export function drillthroughLink(template: string, row: DataRow): string {
  return template.replace(/\{([A-Za-z0-9_]+)\}/g, (_, field: string) => encodeURIComponent(String(row[field] ?? '')));
}

/** A date field as 'DD MMM YYYY', as it is written (the seeded rows carry ISO dates); other text as it is. */
export function displayValue(text: string): string {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(text) ? periodDay(text) : text;
}
