/**
 * Typed attribute parsing for cx-* elements. r2wc parses only non-empty values and throws on
 * bad JSON; these parsers never throw: they return a value or a reason the host can show.
 */

export type AttributeType = 'string' | 'number' | 'boolean' | 'json' | readonly string[];

export interface AttributeSpec {
  /** Prop name on the React component (camelCase). The attribute is its kebab-case form. */
  prop: string;
  type: AttributeType;
  /** Number bounds, inclusive. */
  min?: number;
  max?: number;
}

export type ParseResult = { ok: true; value: unknown } | { ok: false; reason: string };

/** `apiBase` -> `api-base`. */
export function toKebab(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

/**
 * Parses one attribute value. `null` means the attribute is absent: the prop is then undefined
 * (booleans false), so removing an attribute restores the component's default.
 */
export function parseAttribute(spec: AttributeSpec, raw: string | null): ParseResult {
  const { type } = spec;
  // Present means true, as in HTML, except the text "false": a framework that meets the tag before
  // it is defined (Svelte, React with a lazily loaded element) writes `readonly="false"` for false.
  if (type === 'boolean') return { ok: true, value: raw !== null && raw.toLowerCase() !== 'false' };
  if (raw === null) return { ok: true, value: undefined };
  if (type === 'string') return { ok: true, value: raw };
  if (type === 'number') return parseNumber(spec, raw);
  if (type === 'json') return parseJson(raw);
  return type.includes(raw)
    ? { ok: true, value: raw }
    : { ok: false, reason: `expected one of ${type.join(', ')}` };
}

function parseNumber(spec: AttributeSpec, raw: string): ParseResult {
  const text = raw.trim();
  const value = text === '' ? NaN : Number(text);
  if (!Number.isFinite(value)) return { ok: false, reason: 'expected a number' };
  if (spec.min !== undefined && value < spec.min) return { ok: false, reason: `expected at least ${spec.min}` };
  if (spec.max !== undefined && value > spec.max) return { ok: false, reason: `expected at most ${spec.max}` };
  return { ok: true, value };
}

function parseJson(raw: string): ParseResult {
  try {
    return { ok: true, value: JSON.parse(raw) };
  } catch {
    return { ok: false, reason: 'expected JSON' };
  }
}

/** Checks a value set as a property against the same rules as the attribute. */
export function checkProperty(spec: AttributeSpec, value: unknown): ParseResult {
  if (value === undefined || value === null) return { ok: true, value: undefined };
  const { type } = spec;
  if (type === 'json') return { ok: true, value };
  if (type === 'boolean') return { ok: true, value: Boolean(value) };
  if (type === 'number' && typeof value === 'number') return parseNumber(spec, String(value));
  return parseAttribute(spec, String(value));
}
