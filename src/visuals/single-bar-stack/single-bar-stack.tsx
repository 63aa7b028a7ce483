import { useEffect } from 'react';
import { useElement } from '../../elements/element-context';
import type { VisualProps } from '../common/visual-props';
import { setting, stringList } from '../common/settings';
import { visibleContent } from '../common/rows';
import { isSelected } from '../common/selection';
import { colourAt, DIMMED } from '../common/palette';
import { legendPercent } from '../common/format';

/** Single bar stack defaults of spec part 3: bar thickness 8, rounding 4, stack gap 2, padding 15, legend image 20x20. */
export const SINGLE_BAR_DEFAULTS = { BarThickness: 8, Rounding: 4, StackGap: 2, Padding: 15, LegendImageSize: 20 } as const;

/** Shares of a whole, each at least 0: the parts of the single bar. */
export function barShares(values: ReadonlyArray<{ name: string; value: number }>): Array<{ name: string; share: number }> {
  const total = values.reduce((t, v) => t + Math.max(0, v.value), 0);
  return values.map((v) => ({ name: v.name, share: total > 0 ? Math.max(0, v.value) / total : 0 }));
}

/** Single bar stack with hero number: the categories' shares in one bar, the first share as the hero; parts filter on click. */
export function SingleBarStackVisual(props: VisualProps) {
  const { t } = useElement();
  const { primary, settings, onDrawn, onSelect, selections, name, mode } = props;
  const series = primary.data;
  const order = stringList(settings, 'SeriesOrder');
  const content = visibleContent(series?.content ?? [], setting(settings, 'ShowBlank', false)).sort((a, b) => (order.indexOf(a.Name) + 1 || 99) - (order.indexOf(b.Name) + 1 || 99));
  const parts = barShares(content.map((e) => ({ name: e.Name, value: e.data[0].Val as number })));
  const palette = stringList(settings, 'Palette');
  const gap = setting(settings, 'StackGap', SINGLE_BAR_DEFAULTS.StackGap);
  const thickness = setting(settings, 'BarThickness', SINGLE_BAR_DEFAULTS.BarThickness);
  const legendSize = setting(settings, 'LegendImageSize', SINGLE_BAR_DEFAULTS.LegendImageSize);
  useEffect(() => {
    onDrawn();
  }, [onDrawn, parts.length]);
  const hero = parts[0];
  return (
    <div className="single-bar-stack" style={{ padding: setting(settings, 'Padding', SINGLE_BAR_DEFAULTS.Padding) }}>
      {hero && (
        <p className="hero-value">
          {legendPercent(hero.share)} <span className="hero-label">{primary.heroLabel.content || hero.name}</span>
        </p>
      )}
      <div className="stack-bar" role="group" aria-label={t('visuals.shares')} style={{ gap, height: thickness }}>
        {parts.map((p, i) => {
          const style = { flexGrow: p.share, background: colourAt(i, palette), borderRadius: setting(settings, 'Rounding', SINGLE_BAR_DEFAULTS.Rounding), opacity: mode === 'Selection' && !isSelected(selections, name, p.name) ? DIMMED : 1 };
          const label = `${p.name}: ${legendPercent(p.share)}`;
          return onSelect && series ? (
            <button key={p.name} type="button" className="part" style={style} aria-label={label} onClick={() => onSelect({ axisKey: series.filterKey, axisValue: p.name, seriesKey: '', seriesValue: '' })} />
          ) : (
            <span key={p.name} className="part" style={style} role="img" aria-label={label} />
          );
        })}
      </div>
      <ul className="legend">
        {parts.map((p, i) => (
          <li key={p.name}>
            <span className="swatch" style={{ background: colourAt(i, palette), width: legendSize, height: legendSize }} aria-hidden="true" />
            {p.name} {legendPercent(p.share)}
          </li>
        ))}
      </ul>
    </div>
  );
}
