import { scaleBand, scaleLinear } from 'd3';
import { useElement } from '../../elements/element-context';
import { clampWindow, MAX_CHART_WIDTH, type Bucket } from './card-rules';

const HEIGHT = 56;

/**
 * The sort/zoom slider: a bar per bucket of sorted cards, the visible window marked. 'Position'
 * moves the window, 'Zoom' sets how many buckets it holds; both are range inputs (arrow keys,
 * Page Up/Down, Home/End), and a click on a bar moves the window there.
 */
export function BucketSlider({ buckets, start, visible, onChange }: { buckets: Bucket[]; start: number; visible: number; onChange: (w: { start: number; visible: number }) => void }) {
  const { t } = useElement();
  const total = buckets.length;
  const width = Math.min(MAX_CHART_WIDTH, Math.max(120, total * 8));
  const x = scaleBand<number>().domain(buckets.map((_, i) => i)).range([0, width]).paddingInner(0.15);
  const max = Math.max(...buckets.map((b) => b.value), 0);
  const y = scaleLinear().domain([Math.min(0, ...buckets.map((b) => b.value)), max || 1]).range([HEIGHT - 2, 4]);
  const set = (s: number, v: number) => onChange(clampWindow(s, v, total));
  const windowX = x(start) ?? 0;
  const last = buckets[Math.min(total, start + visible) - 1];
  return (
    <div className="slider">
      {/* What the slider is, for someone who meets it for the first time. */}
      <p className="hint" id="slider-help">{t('cards.sliderHelp', { size: buckets[0] ? buckets[0].to - buckets[0].from : 0 })}</p>
      <svg width={width} height={HEIGHT} role="img" aria-label={t('cards.sliderChart', { count: total })} aria-describedby="slider-help">
        {buckets.map((b, i) => (
          <rect
            key={b.from}
            x={x(i)}
            y={y(Math.max(0, b.value))}
            width={x.bandwidth()}
            height={Math.max(1, Math.abs(y(b.value) - y(0)))}
            className={i >= start && i < start + visible ? 'bar in' : 'bar'}
            onClick={() => set(i - Math.floor(visible / 2), visible)}
          />
        ))}
        <rect className="window" x={windowX} y={0} width={Math.max(2, (x(Math.min(total - 1, start + visible - 1)) ?? 0) + x.bandwidth() - windowX)} height={HEIGHT} />
      </svg>
      <div className="slider-controls">
        <label>
          {t('cards.position')}
          <input type="range" min={0} max={Math.max(0, total - visible)} value={start} onChange={(e) => set(Number(e.target.value), visible)} disabled={total <= visible} />
        </label>
        <label>
          {t('cards.zoom')}
          <input type="range" min={1} max={Math.max(1, total)} value={visible} onChange={(e) => set(start, Number(e.target.value))} />
        </label>
        <span className="hint" role="status">
          {last ? t('cards.window', { from: start + 1, to: start + visible, total, first: buckets[start]?.label ?? '', last: last.label }) : ''}
        </span>
      </div>
    </div>
  );
}
