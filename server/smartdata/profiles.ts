import { notFound } from '../http/errors';
import { isMultiValued, type SmartModule } from './schema';
import type { CardViewModel } from '../../src/api/types';
import { dimensionsOf, levelsOf } from './column-roles';

/** A data viewer profile (spec part 2 section 3): a named view of a module. Cards use only the profile's columns. */
export interface Profile {
  name: string;
  smartDataModuleId: string;
  smartFilterTags: string[];
  defaultSmartFilters: Array<{ filterKey: string; filterValue: string }>;
  ignoreClaimsForFilters: boolean;
  favouritesModuleId: string;
  detailsLink: string;
  enableSelectedCellTextSelection: boolean;
  dateFilterType: 'DateTime';
  hasExport: boolean;
  defaultOrderBy: { fieldKey: string; operatorAsString: 'ASC' | 'DESC' };
  recordIdField: string;
  /** The columns of this view, in order; none means every visible column of the module. */
  columns: string[];
  cardViewerViewModel: CardViewModel & { cardLimit: { min: number; max: number } };
}

/** Spec part 9: without a configured minimum the card limit is 5000. */
export const DEFAULT_CARD_LIMIT = 5000;

/** A view as a source's definition may name it (the built-in sources do); the rest of a profile follows from the module. */
export interface ViewConfig {
  name: string;
  columns: string[];
  defaultSmartFilters: Array<{ filterKey: string; filterValue: string }>;
  defaultOrderBy?: { fieldKey: string; operatorAsString: 'ASC' | 'DESC' };
  cards: Omit<CardViewModel, 'cardIdField' | 'cardLimit'> & { cardLimit?: { min: number; max: number } };
}

/** A source's views from its columns' roles: all its columns, and the comments where it has a verbatim. */
function viewsByRole(module: SmartModule, idKey: string): ViewConfig[] {
  const visible = module.columns.filter((c) => !c.isHidden);
  const verbatim = visible.find((c) => c.role === 'verbatim');
  const customer = visible.find((c) => c.role === 'customer' && c.typeName === 'String');
  const dims = dimensionsOf(module);
  // The finest level of a hierarchy says where (a store), else the first dimension.
  const levels = levelsOf(module);
  const place = levels.some((c) => c.hierarchy) ? levels[levels.length - 1] : levels[0];
  const scores = visible.filter((c) => c.role === 'score');
  const title = customer ?? place ?? visible[0];
  const fields = [module.dateKey, ...scores.map((c) => c.key), ...dims.slice(0, 2).map((c) => c.key)].filter((k, i, all) => all.indexOf(k) === i && k !== title.key).slice(0, 4);
  const cards: ViewConfig['cards'] = {
    templates: [{ name: 'Record', titleField: title.key, subtitleField: place && place !== title ? place.key : '', textField: verbatim?.key ?? '', fields }],
    facets: dims.slice(0, 3).map((c) => c.key),
    cardNameField: title.key,
    sortFields: [...scores.filter((c) => c.typeName === 'Number').map((c) => c.key), module.dateKey],
  };
  const views: ViewConfig[] = [{ name: 'default', columns: [], defaultSmartFilters: [], cards }];
  if (verbatim) {
    const columns = [idKey, module.dateKey, place?.key, scores[0]?.key, verbatim.key, customer?.key].filter((k, i, all): k is string => !!k && all.indexOf(k) === i);
    const main = scores.find((c) => c.typeName === 'Number');
    views.push({ name: 'comments', columns, defaultSmartFilters: [], ...(main ? { defaultOrderBy: { fieldKey: main.key, operatorAsString: 'ASC' as const } } : {}), cards: { ...cards, facets: [] } });
  }
  return views;
}

function profilesFor(module: SmartModule): Profile[] {
  const idKey = (module.columns.find((c) => c.column === module.idColumn) ?? module.columns[0]).key;
  const common = {
    smartDataModuleId: module.moduleId, smartFilterTags: ['Core'], ignoreClaimsForFilters: module.ignoreClaims, favouritesModuleId: 'favourites',
    enableSelectedCellTextSelection: true, dateFilterType: 'DateTime' as const, hasExport: true, recordIdField: idKey,
  };
  return (module.views ?? viewsByRole(module, idKey)).map((v) => ({
    ...common,
    name: v.name,
    defaultSmartFilters: v.defaultSmartFilters,
    columns: v.columns,
    detailsLink: `/content/insights/${module.moduleId}/${v.name}/{${idKey}}`,
    defaultOrderBy: v.defaultOrderBy ?? { fieldKey: module.dateKey, operatorAsString: 'DESC' },
    cardViewerViewModel: { ...v.cards, cardLimit: v.cards.cardLimit ?? { min: DEFAULT_CARD_LIMIT, max: 20_000 }, cardIdField: idKey },
  }));
}

const made = new WeakMap<SmartModule, readonly Profile[]>();

/** The profiles of a module, the first being the default one; made once per module (every records call names one). */
export function profilesOf(module: SmartModule): readonly Profile[] {
  let profiles = made.get(module);
  // A view is offered only where the module has every column it shows (reviews have no NPS or verbatim).
  if (!profiles) made.set(module, (profiles = profilesFor(module).filter((p) => p.columns.every((key) => module.columns.some((c) => c.key === key && !c.isHidden)))));
  return profiles;
}

export function profileOf(module: SmartModule, name: string): Profile {
  const profile = profilesOf(module).find((p) => p.name.toLowerCase() === name.toLowerCase());
  if (!profile) throw notFound(`No profile "${name}" for module "${module.moduleId}".`);
  return profile;
}

/** The module's columns this profile shows, in its order (hidden columns never). */
export function profileColumns(module: SmartModule, profile: Profile) {
  // A topic list is no cell: a records grid shows a row's topics through /api/text/highlights.
  const visible = module.columns.filter((c) => !c.isHidden && !isMultiValued(c));
  if (profile.columns.length === 0) return visible;
  return profile.columns.map((key) => visible.find((c) => c.key === key)!);
}
