import { useElement } from '../../elements/element-context';
import type { SentimentModelUse, TextAnalysisProgress } from '../../api/text-topics';
import { numberFormat } from '../../lib/intl';

/** How far the source's pass over its comments has come: a bar with the rows read of the rows to read, in words too. */
export function TextProgress({ analysis }: { analysis: TextAnalysisProgress }) {
  const { t, lang } = useElement();
  const n = (value: number) => numberFormat(lang).format(value);
  const { state, rowsDone, rowsTotal } = analysis;
  const models = <SentimentModels models={analysis.models ?? []} wordLists={analysis.wordLists ?? []} />;
  if (state === 'failed') {
    return (
      <>
        <p className="banner error" role="alert">{t('textTopics.analysisFailed', { message: analysis.message ?? '' }).trim()}</p>
        {models}
      </>
    );
  }
  if (state === 'done') {
    return (
      <>
        <p role="status">{t('textTopics.analysisDone')}</p>
        {models}
      </>
    );
  }
  const words = state === 'pending' || rowsTotal === 0 ? t('textTopics.analysisPending') : t('textTopics.analysisRunning', { done: n(rowsDone), total: n(rowsTotal) });
  return (
    <>
      <div className="progress">
        {/* Until the pass has counted its rows the bar has no end: indeterminate. */}
        {state === 'running' && rowsTotal > 0 ? (
          <progress aria-label={t('textTopics.analysisProgress')} max={rowsTotal} value={Math.min(rowsDone, rowsTotal)} aria-valuetext={words}></progress>
        ) : (
          <progress aria-label={t('textTopics.analysisProgress')}></progress>
        )}
        <p role="status" aria-live="polite">{words}</p>
      </div>
      {models}
    </>
  );
}

/**
 * Which learned model reads the source's comments, per language, with how well it agreed with the
 * scores on held-out rows beside the word lists': the source's own, one learned from another source,
 * or none (word lists; also where the source's own model read no better than they do).
 */
function SentimentModels({ models, wordLists }: { models: SentimentModelUse[]; wordLists: ReadonlyArray<'en' | 'de'> }) {
  const { t, lang } = useElement();
  if (!models.length && !wordLists.length) return <p className="sentiment-model">{t('textTopics.modelNone')}</p>;
  const percent = numberFormat(lang, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const f1 = numberFormat(lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return (
    <>
      {models.map((m) => {
        const values = {
          count: numberFormat(lang).format(m.trainedOn),
          language: t(`textTopics.commentLang.${m.lang}`),
          source: m.sourceName,
          accuracy: percent.format(m.accuracy),
          f1: f1.format(m.macroF1),
          lexiconAccuracy: percent.format(m.lexiconAccuracy),
          lexiconF1: f1.format(m.lexiconMacroF1),
        };
        const key = m.from === 'portal' ? 'textTopics.modelPortal' : m.inUse ? 'textTopics.modelOwn' : 'textTopics.modelOwnUnused';
        return (
          <p className="sentiment-model" key={m.lang} data-lang={m.lang}>
            {t(key, values)}
          </p>
        );
      })}
      {wordLists.map((l) => (
        <p className="sentiment-model" key={l} data-lang={l}>
          {t('textTopics.modelNoneIn', { language: t(`textTopics.commentLang.${l}`) })}
        </p>
      ))}
    </>
  );
}
