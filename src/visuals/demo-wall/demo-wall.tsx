import { useEffect, useRef, useState } from 'react';
import { useElement } from '../../elements/element-context';
import { isBadRequest } from '../../api/client';
import { singleVisual } from '../../api/dashboards';
import type { DataRow } from '../../api/visual-types';
import { drawGauge, GAUGE_DEFAULTS } from '../gauge/draw';
import { formatValue } from '../common/format';
import { initialWall, replaceSlot, WALL } from './rotation';

export interface DemoWallProps {
  moduleId?: string;
  /** The visual giving the gauge value. */
  gauge?: string;
  /** The visual giving the comments. */
  comments?: string;
}

function WallGauge({ value, label }: { value: number; label: string }) {
  const ref = useRef<SVGSVGElement>(null);
  useEffect(() => {
    if (!ref.current) return;
    return drawGauge(ref.current, { ...GAUGE_DEFAULTS, value, previous: null, previousValid: false, lower: -1, upper: 1, thickness: GAUGE_DEFAULTS.Thickness, arcSize: GAUGE_DEFAULTS.ArcSize, size: GAUGE_DEFAULTS.Size, format: GAUGE_DEFAULTS.TextFormat, deltaType: 'PointChange', label });
  }, [value, label]);
  return <svg ref={ref} className="chart" />;
}

/** The demo card wall: the NPS gauge and five comment cards; one card changes every 5 s, or when clicked. */
export function DemoWall({ moduleId = 'responses', gauge = 'nps', comments = 'comments' }: DemoWallProps) {
  const { t, api } = useElement();
  const [nps, setNps] = useState<number | null>(null);
  const [pool, setPool] = useState<DataRow[]>([]);
  const [wall, setWall] = useState(() => initialWall(0));
  const [error, setError] = useState('');

  useEffect(() => {
    let live = true;
    Promise.all([singleVisual(moduleId, gauge, [], api), singleVisual(moduleId, comments, [], api)])
      .then(([g, c]) => {
        if (!live) return;
        if (isBadRequest(g) || isBadRequest(c)) return setError(t('visuals.loadFailed'));
        setNps(g.primary.data?.content[0]?.data[0]?.Val ?? null);
        const rows = (c.primary.data?.content[0]?.data ?? []).filter((r) => typeof r.Verbatim === 'string' && r.Verbatim.trim());
        setPool(rows);
        setWall(initialWall(rows.length));
      })
      .catch(() => live && setError(t('visuals.loadFailed')));
    return () => {
      live = false;
    };
  }, [api, moduleId, gauge, comments, t]);

  useEffect(() => {
    if (pool.length === 0) return;
    const timer = setInterval(() => setWall((w) => replaceSlot(w, pool.length)), WALL.rotateMs);
    return () => clearInterval(timer);
  }, [pool.length]);

  if (error) return <p className="cx-error" role="alert">{error}</p>;
  return (
    <div className="wall" part="base" style={{ aspectRatio: `${WALL.width} / ${WALL.height}`, maxWidth: WALL.width }}>
      <section className="card gauge-card" aria-label={t('wall.nps')}>
        <h2>{t('wall.nps')}</h2>
        {nps !== null && <WallGauge value={nps} label={`${t('wall.nps')}: ${formatValue(nps, '0.0%')}`} />}
      </section>
      {wall.slots.map((index, slot) => {
        const row = pool[index];
        return (
          <button key={slot} type="button" className="card comment-card" aria-label={t('wall.another', { comment: row.Verbatim })} onClick={() => setWall((w) => replaceSlot(w, pool.length, slot))}>
            <span className="comment">“{row.Verbatim}”</span>
            <span className="who">{String(row.Store ?? '')}</span>
          </button>
        );
      })}
    </div>
  );
}
