import type { Block, VisualType } from '../../api/visual-types';
import { setting } from './settings';
import { formatValue } from './format';

/**
 * Single-figure tiles and the setting that formats their figure. They keep the overall figure as
 * their hero and state the selection's figure in words beside it (never a silent swap or an
 * unlabelled tick).
 */
const HEADLINES: Partial<Record<VisualType, { key: string; fallback: string }>> = {
  Gauge: { key: 'TextFormat', fallback: '0.0%' },
  HeroText: { key: 'ValueFormat', fallback: '0.0%' },
  StarRatingChart: { key: 'HeroFormat', fallback: '0.00' },
  MiniLineWithGauge: { key: 'TextFormat', fallback: '0.0%' },
  MiniLineWithHero: { key: 'ValueFormat', fallback: '0.0%' },
  MiniLineWithIconBar: { key: 'ValueFormat', fallback: '0.0' },
};

export const isHeadline = (template: string): boolean => template in HEADLINES;

/** The headline figure of a block (its first row's value) in the tile's own format; null when there is none. */
export function headlineFigure(template: string, settings: Record<string, unknown>, block: Block | undefined, lang?: string): string | null {
  const rule = HEADLINES[template as VisualType];
  const value = block?.data?.content[0]?.data[0]?.Val;
  if (!rule || typeof value !== 'number' || !Number.isFinite(value)) return null;
  return formatValue(value, setting(settings, rule.key, rule.fallback), undefined, lang);
}
