import { useEffect, useState } from 'react';
import { useElement } from '../../elements/element-context';
import { isBadRequest } from '../../api/client';
import { singleVisual } from '../../api/dashboards';
import type { DataRow } from '../../api/visual-types';
import { rangeFor, toFilterBounds } from '../../lib/date-ranges';
import { relativeTime } from '../../lib/dates';
import { DRIVER_CAPTIONS, DriverIcon } from './driver-icons';
import { initialWall, replaceSlot, WALL } from './rotation';
import { numberFormat } from '../../lib/intl';
import { CleanedText } from '../../elements/hidden-value';
import { LoadFailed } from '../../elements/load-states';
import { useDrawnAnswer } from '../common/partner-events';
import { isHiddenValue } from '../../lib/profanity';

const USD: Intl.NumberFormatOptions = { style: 'currency', currency: 'USD' };

export interface DemoWallProps {
  moduleId?: string;
  /** The visual giving the gauge value. */
  gauge?: string;
  /** The visual giving the comments. */
  comments?: string;
  /** The module's date field: the wall shows the month to date. */
  dateKey?: string;
}

/** One demo feedback card (spec part 3): store, when, comment, spend banner, NPS label and the four drivers. */
function FeedbackCard({ row, moduleId, onReplace }: { row: DataRow; moduleId: string; onReplace: () => void }) {
  const { t, lang } = useElement();
  const when = relativeTime(typeof row.ResponseDate === 'string' ? row.ResponseDate : null);
  const spend = typeof row.Spend === 'number' ? numberFormat(lang, USD).format(row.Spend) : null;
  const label = String(row.NPSGroup ?? '');
  return (
    // The card's button is stretched over it, so a hidden comment's 'Click to show.' is a button of its own, not inside it.
    <li className="slot">
      <div className="card comment-card">
        <button type="button" className="replace" aria-label={t('wall.another', { comment: isHiddenValue(row.Verbatim) ? t('viewer.hidden') : row.Verbatim })} onClick={onReplace}></button>
        <span className="top">
          <span className="title">{String(row.Store ?? '')}</span>
          {spend && <span className="banner">{spend}</span>}
        </span>
        {when && <span className="subtitle">{t(`wall.when.${when.key}`, { count: when.days })}</span>}
        <span className="comment">
          <CleanedText value={row.Verbatim} moduleId={moduleId} field="Verbatim" recordId={row.Key}>“{row.Verbatim}”</CleanedText>
        </span>
        <span className="bottom">
          {label && <span className={`nps-label group-${label.toLowerCase()}`}>{t(`wall.groups.${label}`, { defaultValue: label })}</span>}
          <span className="drivers">
            {DRIVER_CAPTIONS.map((caption) => {
              const value = String(row[`Driver_${caption}`] ?? '');
              return (
                <span key={caption} className={`driver group-${value.toLowerCase()}`} title={`${t(`wall.drivers.${caption}`)}: ${value}`}>
                  <DriverIcon caption={caption} />
                  <span className="cx-visually-hidden">{`${t(`wall.drivers.${caption}`)}: ${t(`wall.groups.${value}`, { defaultValue: value })}`}</span>
                </span>
              );
            })}
          </span>
        </span>
      </div>
    </li>
  );
}

/** The demo card wall: the NPS gauge (month to date) and five feedback cards; one card changes every 5 s, or when clicked. */
export function DemoWall({ moduleId = 'responses', gauge = 'nps', comments = 'comments', dateKey = 'ResponseDate' }: DemoWallProps) {
  const { t, api, lang, emit } = useElement();
  const [nps, setNps] = useState<{ value: number; responses?: number } | null>(null);
  const [pool, setPool] = useState<DataRow[] | null>(null);
  const [wall, setWall] = useState(() => initialWall(0));
  const [error, setError] = useState('');

  useEffect(() => {
    let live = true;
    const monthToDate = [{ filterKey: dateKey, filterDataType: 'DateTime', ...toFilterBounds(rangeFor('ThisMonth', new Date())!) }];
    Promise.all([singleVisual(moduleId, gauge, monthToDate, api), singleVisual(moduleId, comments, monthToDate, api)])
      .then(([g, c]) => {
        if (!live) return;
        if (isBadRequest(g) || isBadRequest(c)) return setError(t('visuals.loadFailed'));
        const series = g.primary.data;
        const value = series?.content[0]?.data[0]?.Val;
        setNps(typeof value === 'number' ? { value, responses: series?.currentRecordCount } : null);
        const rows = (c.primary.data?.content[0]?.data ?? []).filter((r) => typeof r.Verbatim === 'string' && r.Verbatim.trim());
        setPool(rows);
        setWall(initialWall(rows.length));
      })
      .catch(() => live && setError(t('visuals.loadFailed')));
    return () => {
      live = false;
    };
  }, [api, moduleId, gauge, comments, dateKey, t]);

  const poolSize = pool?.length ?? 0;
  useEffect(() => {
    if (poolSize === 0) return;
    const timer = setInterval(() => setWall((w) => replaceSlot(w, poolSize)), WALL.rotateMs);
    return () => clearInterval(timer);
  }, [poolSize]);

  // The gauge and the cards are on screen: once per load, with the comments the cards are drawn from.
  useDrawnAnswer(emit, pool, () => ({ name: comments, count: pool!.length }));

  if (error) return <LoadFailed>{error}</LoadFailed>;
  return (
    <ul className="wall" part="base" aria-busy={pool === null} aria-label={t('wall.label')} style={{ aspectRatio: `${WALL.width} / ${WALL.height}`, maxWidth: WALL.width }}>
      <li className="slot card gauge-card">
        {nps ? <cx-nps-gauge value={nps.value} responses={nps.responses} lang={lang}></cx-nps-gauge> : <span className="hint">{pool ? t('wall.noGauge') : t('wall.loading')}</span>}
      </li>
      {pool?.length === 0 && <li className="slot card hint">{t('wall.noComments')}</li>}
      {pool && wall.slots.map((index, slot) => <FeedbackCard key={slot} row={pool[index]} moduleId={moduleId} onReplace={() => setWall((w) => replaceSlot(w, poolSize, slot))} />)}
    </ul>
  );
}
