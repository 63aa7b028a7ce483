import { useRef, useState } from 'react';
import { useElement } from '../../elements/element-context';
import { isBadRequest } from '../../api/client';
import { proposeTopics, type Topic, type TopicCandidate } from '../../api/text-topics';
import { numberFormat } from '../../lib/intl';
import { problemOf } from '../problem';

type Shown = TopicCandidate & { key: string; into: string };

interface Props {
  sourceId: string;
  topics: Topic[];
  onAccept: (candidate: TopicCandidate) => void;
  onMerge: (candidate: TopicCandidate, into: string) => void;
}

/**
 * "Suggest topics": candidates from the source's own comments with their counts and examples, each
 * to accept (renamed first if wished), merge into a topic, or drop. Whatever is done with one, it
 * leaves the list and the focus goes to the next (else back to the button), with a word said.
 */
export function TopicProposals({ sourceId, topics, onAccept, onMerge }: Props) {
  const { t, api, lang } = useElement();
  const [shown, setShown] = useState<Shown[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [said, setSaid] = useState('');
  const list = useRef<HTMLOListElement>(null);
  const suggest = useRef<HTMLButtonElement>(null);

  const load = async () => {
    setBusy(true);
    setError(null);
    setSaid('');
    try {
      const res = await proposeTopics(sourceId, api);
      if (isBadRequest(res)) throw res;
      setShown(res.candidates.map((c, i) => ({ ...c, key: `c${i}`, into: '' })));
    } catch (failure) {
      setError(problemOf(failure, t('datasources.unreachable')));
    } finally {
      setBusy(false);
    }
  };

  const settle = (index: number, message: string) => {
    setShown((all) => all && all.filter((_, i) => i !== index));
    setSaid(message);
    requestAnimationFrame(() => {
      const names = list.current?.querySelectorAll<HTMLInputElement>('input[name="candidate-name"]');
      (names?.[Math.min(index, names.length - 1)] ?? suggest.current)?.focus();
    });
  };
  const edit = (index: number, change: Partial<Shown>) => setShown((all) => all && all.map((c, i) => (i === index ? { ...c, ...change } : c)));
  const n = (value: number) => numberFormat(lang).format(value);

  return (
    <section className="proposals" aria-labelledby="proposals-title">
      <h3 id="proposals-title">{t('textTopics.proposals')}</h3>
      <p className="hint">{t('textTopics.proposalsHint')}</p>
      <button ref={suggest} type="button" className="secondary" onClick={() => void load()} disabled={busy}>
        {busy ? t('textTopics.suggesting') : t('textTopics.suggest')}
      </button>
      {error && <p className="banner error" role="alert">{error}</p>}
      <p role="status" className="cx-visually-hidden">{said}</p>
      {shown?.length === 0 && <p>{t('textTopics.noProposals')}</p>}
      {shown && shown.length > 0 && (
        <ol className="candidates" ref={list}>
          {shown.map((c, i) => {
            const name = c.name.trim();
            return (
              <li key={c.key}>
                <label>
                  {t('textTopics.candidateName')}
                  <input name="candidate-name" value={c.name} maxLength={80} onChange={(e) => edit(i, { name: e.target.value })} />
                </label>
                <p>{t('textTopics.candidateCount', { count: c.count, comments: n(c.count) })}</p>
                <p className="hint">
                  {t('textTopics.candidateTerms')} <span translate="no">{c.terms.join(', ')}</span>
                </p>
                {c.examples.length > 0 && (
                  <ul className="examples" aria-label={t('textTopics.examplesOf', { name })}>
                    {/* A sample may hold the same comment twice: keyed by place. */}
                    {c.examples.map((x, j) => <li key={j}><q lang={c.lang}>{x}</q></li>)}
                  </ul>
                )}
                <div className="actions">
                  <button type="button" disabled={!name} aria-label={t('textTopics.acceptOf', { name })} onClick={() => { onAccept({ ...c, name }); settle(i, t('textTopics.accepted', { name })); }}>
                    {t('textTopics.accept')}
                  </button>
                  <select value={c.into} aria-label={t('textTopics.mergeTarget', { name })} onChange={(e) => edit(i, { into: e.target.value })}>
                    <option value="">{t('textTopics.chooseTopic')}</option>
                    {topics.map((x) => <option key={x.id} value={x.id}>{x.name || t('textTopics.unnamed')}</option>)}
                  </select>
                  <button
                    type="button"
                    className="secondary"
                    disabled={!c.into}
                    aria-label={t('textTopics.mergeOf', { name })}
                    onClick={() => { onMerge(c, c.into); settle(i, t('textTopics.merged', { name, into: topics.find((x) => x.id === c.into)?.name ?? '' })); }}
                  >
                    {t('textTopics.merge')}
                  </button>
                  <button type="button" className="secondary" aria-label={t('textTopics.dropOf', { name })} onClick={() => settle(i, t('textTopics.dropped', { name }))}>
                    {t('textTopics.drop')}
                  </button>
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
