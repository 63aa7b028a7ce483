import { notFound } from '../http/errors';
import type { SmartModule } from './schema';
import type { CardViewModel } from '../../src/api/types';

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

const CARDS: Profile['cardViewerViewModel'] = {
  templates: [
    { name: 'Response', titleField: 'CustomerName', subtitleField: 'Store', textField: 'Verbatim', fields: ['ResponseDate', 'NPS', 'Stars', 'Channel'] },
    { name: 'Score', titleField: 'Store', subtitleField: 'Region', textField: 'Verbatim', fields: ['NPS', 'NPSGroup', 'Segment', 'Spend'] },
  ],
  facets: ['NPSGroup', 'Channel', 'Region'],
  cardLimit: { min: DEFAULT_CARD_LIMIT, max: 20_000 },
  cardIdField: 'Id',
  cardNameField: 'CustomerName',
  sortFields: ['NPS', 'Stars', 'Spend', 'ResponseDate'],
};

/** The comments view's cards keep to its own columns. */
const COMMENT_CARDS: Profile['cardViewerViewModel'] = {
  ...CARDS,
  templates: [{ name: 'Comment', titleField: 'CustomerName', subtitleField: 'Store', textField: 'Verbatim', fields: ['ResponseDate', 'NPS'] }],
  facets: [],
  sortFields: ['NPS', 'ResponseDate'],
};

function responseProfiles(module: SmartModule): Profile[] {
  const common = {
    smartDataModuleId: module.moduleId, smartFilterTags: ['Core'], ignoreClaimsForFilters: module.ignoreClaims, favouritesModuleId: 'favourites',
    enableSelectedCellTextSelection: true, dateFilterType: 'DateTime' as const, hasExport: true, recordIdField: 'Id', cardViewerViewModel: CARDS,
  };
  return [
    { ...common, name: 'default', defaultSmartFilters: [], columns: [], detailsLink: `/content/insights/${module.moduleId}/default/{Id}`, defaultOrderBy: { fieldKey: module.dateKey, operatorAsString: 'DESC' } },
    // The comments view: who said what, lowest scores first, the detractors by default.
    {
      ...common, name: 'comments', cardViewerViewModel: COMMENT_CARDS, defaultSmartFilters: [{ filterKey: 'NPSGroup', filterValue: 'Detractor' }], columns: ['Id', 'ResponseDate', 'Store', 'NPS', 'Verbatim', 'CustomerName'],
      detailsLink: `/content/insights/${module.moduleId}/comments/{Id}`, defaultOrderBy: { fieldKey: 'NPS', operatorAsString: 'ASC' },
    },
  ];
}

const made = new WeakMap<SmartModule, readonly Profile[]>();

/** The profiles of a module, the first being the default one; made once per module (every records call names one). */
export function profilesOf(module: SmartModule): readonly Profile[] {
  let profiles = made.get(module);
  // A view is offered only where the module has every column it shows (reviews have no NPS or verbatim).
  if (!profiles) made.set(module, (profiles = responseProfiles(module).filter((p) => p.columns.every((key) => module.columns.some((c) => c.key === key && !c.isHidden)))));
  return profiles;
}

export function profileOf(module: SmartModule, name: string): Profile {
  const profile = profilesOf(module).find((p) => p.name.toLowerCase() === name.toLowerCase());
  if (!profile) throw notFound(`No profile "${name}" for module "${module.moduleId}".`);
  return profile;
}

/** The module's columns this profile shows, in its order (hidden columns never). */
export function profileColumns(module: SmartModule, profile: Profile) {
  const visible = module.columns.filter((c) => !c.isHidden);
  if (profile.columns.length === 0) return visible;
  return profile.columns.map((key) => visible.find((c) => c.key === key)!);
}
