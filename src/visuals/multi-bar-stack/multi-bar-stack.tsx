import { useEffect } from 'react';
import { useElement } from '../../elements/element-context';
import type { VisualProps } from '../common/visual-props';
import { setting, stringList } from '../common/settings';
import { visibleContent } from '../common/rows';
import { isSelected } from '../common/selection';
import { colourAt, DIMMED } from '../common/palette';
import { legendPercent } from '../common/format';
import { orderedSeries } from '../common/use-chart';
import { barShares, SINGLE_BAR_DEFAULTS as D } from '../single-bar-stack/single-bar-stack';

/** Multi-bar stack with hero: a single bar stack per category with the first series' share as its hero; a click filters. */
export function MultiBarStackVisual(props: VisualProps) {
  const { primary, settings, onDrawn, onSelect, selections, name, mode } = props;
  const { t } = useElement();
  const series = primary.data;
  const content = visibleContent(series?.content ?? [], setting(settings, 'ShowBlank', false));
  const order = orderedSeries(content.flatMap((e) => e.data.map((r) => r.Name)), stringList(settings, 'SeriesOrder'));
  const palette = stringList(settings, 'Palette');
  useEffect(() => {
    onDrawn();
  }, [onDrawn, content.length]);
  return (
    <ul className="multi-bar-stack">
      {content.map((e) => {
        const parts = barShares(order.map((s) => ({ name: s, value: Number(e.data.find((r) => r.Name === s)?.Val ?? 0) })));
        const dim = mode === 'Selection' && !isSelected(selections, name, e.Name);
        return (
          <li key={e.Name} style={{ opacity: dim ? DIMMED : 1 }}>
            <p className="hero-value">
              {t('visuals.shareOf', { value: legendPercent(parts[0]?.share ?? 0), series: parts[0]?.name ?? '' })} <span className="hero-label">{e.Name}</span>
            </p>
            <div className="stack-bar" role="group" aria-label={e.Name} style={{ gap: D.StackGap, height: D.BarThickness }}>
              {parts.map((p, i) => {
                const style = { flexGrow: p.share, background: colourAt(i, palette), borderRadius: D.Rounding };
                const label = `${e.Name}, ${p.name}: ${legendPercent(p.share)}`;
                return onSelect && series ? (
                  <button key={p.name} type="button" className="part" style={style} aria-label={label} onClick={() => onSelect({ axisKey: series.filterKey, axisValue: e.Name, seriesKey: series.seriesFilterKey ?? '', seriesValue: p.name })} />
                ) : (
                  <span key={p.name} className="part" style={style} role="img" aria-label={label} />
                );
              })}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
