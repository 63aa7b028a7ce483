import { localiseName, type Lang } from '../i18n';
import type { ActionGroup } from './workflow';
import type { schemaFields } from './cases';

/**
 * The case page's shown names in the request's language: each action group, item and history
 * entry gets a `label` (its name stays the one actions are taken and preselected by), each field its name.
 */
export const localiseGroups = (lang: Lang, groups: ActionGroup[]) =>
  groups.map((g) => ({ ...g, label: localiseName(lang, g.name), actionItems: g.actionItems.map((i) => ({ ...i, label: localiseName(lang, i.actionName) })) }));

export const localiseFields = (lang: Lang, fields: ReturnType<typeof schemaFields>) => fields.map((f) => ({ ...f, name: localiseName(lang, f.name) }));

export const localiseHistory = <T extends { actionName: unknown }>(lang: Lang, entries: T[]): Array<T & { label: string }> =>
  entries.map((e) => ({ ...e, label: localiseName(lang, String(e.actionName)) }));
