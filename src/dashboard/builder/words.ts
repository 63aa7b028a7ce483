import type { TFunction } from 'i18next';
import type { Words } from '../../lib/visual-words';

/** The words new tiles are titled in and measures named in: the builder's language (dashboardBuilder.* keys). */
export const builderWords = (t: TFunction): Words => (key, values) => t(`dashboardBuilder.${key}`, values);
