import { useElement } from '../../elements/element-context';
import type { TextAnalysisProgress } from '../../api/text-topics';
import { numberFormat } from '../../lib/intl';

/** How far the source's pass over its comments has come: a bar with the rows read of the rows to read, in words too. */
export function TextProgress({ analysis }: { analysis: TextAnalysisProgress }) {
  const { t, lang } = useElement();
  const n = (value: number) => numberFormat(lang).format(value);
  const { state, rowsDone, rowsTotal } = analysis;
  if (state === 'failed') {
    return <p className="banner error" role="alert">{t('textTopics.analysisFailed', { message: analysis.message ?? '' }).trim()}</p>;
  }
  if (state === 'done') return <p role="status">{t('textTopics.analysisDone')}</p>;
  const words = state === 'pending' || rowsTotal === 0 ? t('textTopics.analysisPending') : t('textTopics.analysisRunning', { done: n(rowsDone), total: n(rowsTotal) });
  return (
    <div className="progress">
      {/* Until the pass has counted its rows the bar has no end: indeterminate. */}
      {state === 'running' && rowsTotal > 0 ? (
        <progress aria-label={t('textTopics.analysisProgress')} max={rowsTotal} value={Math.min(rowsDone, rowsTotal)} aria-valuetext={words}></progress>
      ) : (
        <progress aria-label={t('textTopics.analysisProgress')}></progress>
      )}
      <p role="status" aria-live="polite">{words}</p>
    </div>
  );
}
