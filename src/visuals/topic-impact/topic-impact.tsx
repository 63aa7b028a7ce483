import { useEffect, useMemo, useRef, useState } from 'react';
import type { TFunction } from 'i18next';
import { useElement } from '../../elements/element-context';
import { isBadRequest } from '../../api/client';
import { topicImpact, type TopicImpactRow } from '../../api/text';
import { numberFormat } from '../../lib/intl';
import type { VisualProps } from '../common/visual-props';
import { useVisualSource } from '../common/visual-source';
import { useChart } from '../common/use-chart';
import { setting } from '../common/settings';
import { isSelected } from '../common/selection';
import { drawTopicImpact, type ImpactBar } from './draw';

/** The dimension of a comment's topics (server/text/dimensions.ts): a row matches a topic by its name. */
const TOPIC_KEY = 'Topic';

type Answer = { rows: TopicImpactRow[] } | { error: string };

/** Names past this many characters are shortened on the bar; the row's label says them whole. */
const NAME_ROOM = 28;
const shorten = (name: string) => (name.length > NAME_ROOM ? `${name.slice(0, NAME_ROOM - 1).trimEnd()}…` : name);

type Ranked = TopicImpactRow & { difference: number };
/** The topics to draw: those with a difference, the largest movers (as the server ranks them), then highest first. */
export function rankedImpact(rows: readonly TopicImpactRow[], top: number): Ranked[] {
  return rows
    .filter((r): r is Ranked => typeof r.difference === 'number' && Number.isFinite(r.difference))
    .slice(0, top)
    .sort((a, b) => b.difference - a.difference);
}

/** A row's bar in the reader's words: the figure, the counts and one sentence that says it all. */
function barOf(t: TFunction, lang: string, r: Ranked): ImpactBar {
  const points = numberFormat(lang, { maximumFractionDigits: 0, signDisplay: 'exceptZero' });
  const whole = numberFormat(lang, { maximumFractionDigits: 0 });
  const mentions = t('topicImpact.mentions', { count: r.withCount, formatted: whole.format(r.withCount) });
  const counts = r.tooFew ? `${mentions} · ${t('topicImpact.fewMentions')}` : mentions;
  const label = t(r.difference >= 0 ? 'topicImpact.rowHigher' : 'topicImpact.rowLower', {
    topic: r.name,
    points: whole.format(Math.abs(r.difference)),
    with: r.withNps === null ? '–' : whole.format(r.withNps),
    without: r.withoutNps === null ? '–' : whole.format(r.withoutNps),
    withCount: whole.format(r.withCount),
    withoutCount: whole.format(r.withoutCount),
  });
  return { topicId: r.topicId, topic: r.name, name: shorten(r.name), difference: r.difference, value: points.format(r.difference), counts, tooFew: r.tooFew, label: r.tooFew ? `${label} ${t('topicImpact.fewMentionsNote')}` : label };
}

/**
 * Topic impact (issue 49): the topics of the source's comments ranked by how far they move the NPS,
 * the NPS of the rows mentioning a topic against those that do not, with the counts so that a small
 * topic is not over-read. Its figures come from the text analysis for the tile's own filters.
 */
export function TopicImpactVisual({ name, width, height, settings, onDrawn, onSelect, selections, mode, lang }: VisualProps) {
  const { t, api } = useElement();
  const source = useVisualSource();
  const ref = useRef<SVGSVGElement>(null);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const filters = JSON.stringify(source?.smartFilters ?? []);

  useEffect(() => {
    if (!source?.moduleId) return;
    let live = true;
    topicImpact(source.moduleId, JSON.parse(filters) as [], api)
      .then((res) => live && setAnswer(isBadRequest(res) ? { error: res.message ?? '' } : { rows: res.topics }))
      .catch((e: unknown) => live && setAnswer({ error: e instanceof Error ? e.message : String(e) }));
    return () => {
      live = false;
    };
  }, [api, source?.moduleId, filters]);

  const top = setting(settings, 'TopN', 12);
  const bars = useMemo(() => (answer && 'rows' in answer ? rankedImpact(answer.rows, top).map((r) => barOf(t, lang, r)) : []), [answer, top, t, lang]);
  const chart = answer && 'rows' in answer && bars.length > 0;
  // A click filters the dashboard to the comments about the topic (the Topic dimension takes its name).
  const onBar = onSelect ? (topic: string) => onSelect({ axisKey: TOPIC_KEY, axisValue: topic, seriesKey: '', seriesValue: '' }) : undefined;
  const model = { bars, width, height: height - 24, anySelected: mode === 'Selection' };
  useChart(ref, (svg) => drawTopicImpact(svg, { ...model, onBar, isSelected: (topic) => isSelected(selections, name, topic) }), !!chart, JSON.stringify({ model, selections }) + String(!!onBar), onDrawn);
  // Without a chart (no source, failed, nothing to rank) the tile is drawn all the same.
  useEffect(() => {
    if (!source?.moduleId || (answer && !chart)) onDrawn();
  }, [source?.moduleId, answer, chart, onDrawn]);

  if (!source?.moduleId) return <p className="no-data">{t('topicImpact.noSource')}</p>;
  if (!answer) return <p className="no-data" role="status">{t('topicImpact.loading')}</p>;
  if ('error' in answer) return <p className="cx-error" role="alert">{t('topicImpact.failed')} {answer.error}</p>;
  if (!chart) return <p className="no-data">{t('topicImpact.none')}</p>;
  return (
    <div className="topic-impact">
      <p className="hint impact-caption">{t('topicImpact.caption')}</p>
      <svg ref={ref} className="chart" part="chart" role="group" aria-label={t('topicImpact.chartLabel')} />
    </div>
  );
}
