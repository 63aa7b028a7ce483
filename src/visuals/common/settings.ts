/** Reads a setting, falling back to the default when it is missing or of the wrong kind (spec part 3: unsupported settings fall back). */
export function setting<T extends string | number | boolean>(bindings: Record<string, unknown>, key: string, fallback: T, allowed?: readonly T[]): T {
  const v = bindings[key];
  if (typeof v !== typeof fallback) return fallback;
  if (typeof v === 'number' && !Number.isFinite(v)) return fallback;
  if (allowed && !allowed.includes(v as T)) return fallback;
  return v as T;
}

/** Y min/max accept 'auto' or a number (spec part 3). */
export function axisBound(bindings: Record<string, unknown>, key: string): number | 'auto' {
  const v = bindings[key];
  return typeof v === 'number' && Number.isFinite(v) ? v : 'auto';
}

/** A list setting of strings (Palette); anything else falls back. */
export function stringList(bindings: Record<string, unknown>, key: string): string[] {
  const v = bindings[key];
  return Array.isArray(v) && v.every((x) => typeof x === 'string') ? v : [];
}
