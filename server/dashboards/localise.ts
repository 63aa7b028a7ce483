import type { Breadcrumb, VisualDefinition } from '../../src/api/visual-types';
import { localiseName, type Lang } from '../i18n';

const TEXT_SETTINGS = ['Header', 'SubHeader', 'HeroLabel'] as const;

/** A visual's titles in the language (its query and other settings as they are). */
export function localiseDefinition(lang: Lang, def: VisualDefinition): VisualDefinition {
  if (lang === 'en') return def;
  const bindings: Record<string, unknown> = { ...def.templateBindings };
  for (const key of TEXT_SETTINGS) if (typeof bindings[key] === 'string') bindings[key] = localiseName(lang, bindings[key] as string);
  return { ...def, templateBindings: bindings as VisualDefinition['templateBindings'] };
}

export function localiseBreadcrumb(lang: Lang, b: Breadcrumb): Breadcrumb {
  return { ...b, name: localiseName(lang, b.name), templateBindings: { path: b.templateBindings.path.map((p) => ({ ...p, name: localiseName(lang, p.name) })) } };
}

/** The layouts' names to show, by their keys (the keys stay the API's). */
export const layoutLabels = (lang: Lang, keys: string[]): Record<string, string> => Object.fromEntries(keys.map((k) => [k, localiseName(lang, k)]));
