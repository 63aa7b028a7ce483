import type { Breadcrumb, VisualDefinition } from '../../src/api/visual-types';
import { localiseName, type Lang } from '../i18n';

/** The settings that hold texts a tile shows, at any depth: titles, column and measure headers, tab names, a blank field's text. */
const TEXT_SETTINGS = new Set(['Header', 'SubHeader', 'HeroLabel', 'NullOrWhitespaceValue', 'Name']);

/** The settings with their shown texts in the language; the query's are names of fields, never shown. */
function localiseSettings(lang: Lang, value: unknown, key = ''): unknown {
  if (typeof value === 'string') return TEXT_SETTINGS.has(key) ? localiseName(lang, value) : value;
  if (Array.isArray(value)) return value.map((v) => localiseSettings(lang, v));
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k === 'Query' || k === 'ExtraSeries' ? v : localiseSettings(lang, v, k)]));
}

/** A visual's shown texts in the language (its query and other settings as they are). */
export function localiseDefinition(lang: Lang, def: VisualDefinition): VisualDefinition {
  if (lang === 'en') return def;
  return { ...def, templateBindings: localiseSettings(lang, def.templateBindings) as VisualDefinition['templateBindings'] };
}

export function localiseBreadcrumb(lang: Lang, b: Breadcrumb): Breadcrumb {
  return { ...b, name: localiseName(lang, b.name), templateBindings: { path: b.templateBindings.path.map((p) => ({ ...p, name: localiseName(lang, p.name) })) } };
}

/** The layouts' names to show, by their keys (the keys stay the API's). */
export const layoutLabels = (lang: Lang, keys: string[]): Record<string, string> => Object.fromEntries(keys.map((k) => [k, localiseName(lang, k)]));
