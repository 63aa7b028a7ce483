import { useCallback, useEffect, useRef, useState } from 'react';
import { useElement } from '../../elements/element-context';
import { isBadRequest } from '../../api/client';
import { getSource } from '../../api/datasources';
import { getTopics, saveTopics, type CountedTopic, type TextAnalysisProgress, type Topic } from '../../api/text-topics';
import { problemOf } from '../problem';
import { TextProgress } from './text-progress';
import { TopicTree } from './topic-tree';
import { TopicForm } from './topic-form';
import { TopicProposals } from './topic-proposals';
import { acceptCandidate, addTopic, changeTopic, errorsByTopic, freshIds, mergeCandidate, removeTopic, type TopicErrors } from './taxonomy';

/** How often a pass at work is asked how far it has come. */
export const PROGRESS_POLL_MS = 1500;

const strip = ({ id, name, parentId, terms, exclusions }: Topic): Topic => ({ id, name, ...(parentId ? { parentId } : {}), terms, exclusions });
const NO_ERRORS: TopicErrors = { byTopic: {}, general: [] };

/**
 * The source's topics: the analysis pass's progress, the taxonomy as a tree to edit (saved whole
 * with PUT; a 400 shows by the field it names), and the portal's suggestions to accept, rename,
 * merge or drop. After a save the server reads the history again: the counts follow the progress.
 */
export function SourceTopics({ sourceId, analysis: initial }: { sourceId: string; analysis: TextAnalysisProgress }) {
  const { t, api, host } = useElement();
  const [analysis, setAnalysis] = useState(initial);
  const [saved, setSaved] = useState<CountedTopic[] | null>(null);
  const [draft, setDraft] = useState<Topic[]>([]);
  const [editing, setEditing] = useState<string | null>(null);
  const [errors, setErrors] = useState<TopicErrors>(NO_ERRORS);
  const [state, setState] = useState<'loading' | 'failed' | 'ready' | 'saving' | 'saved'>('loading');
  const [problem, setProblem] = useState<string | null>(null);
  const [dirty, setDirty] = useState(false);
  const focusAfter = useRef<string | null>(null);

  // The page read the source again (after an import): its progress is the newer.
  const [given, setGiven] = useState(initial);
  if (given !== initial) {
    setGiven(initial);
    setAnalysis(initial);
  }

  const loadTopics = useCallback((keepDraft: boolean) => {
    getTopics(sourceId, api)
      .then((res) => {
        if (isBadRequest(res)) throw res;
        setSaved(res.topics);
        if (!keepDraft) setDraft(res.topics.map(strip));
        setState((s) => (s === 'loading' || s === 'failed' ? 'ready' : s));
      })
      .catch((failure: unknown) => {
        if (keepDraft) return;
        setProblem(problemOf(failure, t('textTopics.loadFailed')));
        setState('failed');
      });
  }, [api, sourceId, t]);
  useEffect(() => loadTopics(false), [loadTopics]);

  // While the pass reads, ask how far it has come; once it is done, the counts are read again.
  const working = analysis.state === 'pending' || analysis.state === 'running';
  useEffect(() => {
    if (!working) return;
    let live = true;
    const timer = setTimeout(() => {
      getSource(sourceId, api)
        .then((res) => {
          if (!live || isBadRequest(res)) return;
          const next = res.textAnalysis;
          if (!next) return;
          setAnalysis(next);
          if (next.state === 'done') loadTopics(true);
        })
        // A missed answer: the next render asks again (the state object is new each time).
        .catch(() => live && setAnalysis((a) => ({ ...a })));
    }, PROGRESS_POLL_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [analysis, api, loadTopics, sourceId, working]);

  // Focus a control once the render that shows it is on screen.
  useEffect(() => {
    if (!focusAfter.current) return;
    host.shadowRoot?.querySelector<HTMLElement>(focusAfter.current)?.focus();
    focusAfter.current = null;
  });
  const edit = (next: Topic[], focus?: string) => {
    setDraft(next);
    setDirty(true);
    if (state === 'saved') setState('ready');
    if (focus) focusAfter.current = focus;
  };
  const editAt = (id: string) => {
    setEditing(id);
    focusAfter.current = 'input[name="topic-name"]';
  };

  const counted = new Map((saved ?? []).map((x) => [x.id, x]));
  const save = async () => {
    const sent = freshIds(draft.map((x) => ({ ...x, name: x.name.trim() })), new Set((saved ?? []).map((x) => x.id)));
    setState('saving');
    setErrors(NO_ERRORS);
    setProblem(null);
    try {
      const res = await saveTopics(sourceId, sent, api);
      if (isBadRequest(res)) {
        // By position: the draft's topics keep their own ids until they are saved.
        const found = errorsByTopic(draft, res.errors, res.message);
        setErrors(found);
        setState('ready');
        // The first topic the server refused opens, its field focused; else the message is read out.
        const first = draft.find((x) => found.byTopic[x.id]);
        if (first) {
          setEditing(first.id);
          const field = Object.keys(found.byTopic[first.id])[0];
          focusAfter.current = field === 'name' ? 'input[name="topic-name"]' : field === 'parentId' ? 'select[name="topic-parent"]' : `#topic-${field} input`;
        }
        return;
      }
      // Until the pass has read the history, a topic keeps the figures it had (a new one has none yet).
      setSaved(res.topics.map((x) => ({ ...x, count: counted.get(x.id)?.count, netSentiment: counted.get(x.id)?.netSentiment })));
      setDraft(res.topics.map(strip));
      setDirty(false);
      setState('saved');
      // The server reads the history again: show that pass's progress.
      setAnalysis((a) => ({ ...a, state: 'pending', rowsDone: 0, rowsTotal: 0 }));
    } catch (failure) {
      setProblem(problemOf(failure, t('datasources.unreachable')));
      setState('ready');
    }
  };

  const current = editing ? draft.find((x) => x.id === editing) : undefined;
  const form = current && (
    <TopicForm
      topic={current}
      all={draft}
      errors={errors.byTopic[current.id] ?? {}}
      onChange={(next) => edit(changeTopic(draft, current.id, () => next))}
      onClose={() => {
        setEditing(null);
        focusAfter.current = `[data-topic="${current.id}"] > .topic-row button`;
      }}
    />
  );

  return (
    <section className="topics-admin" aria-labelledby="topics-title">
      <h2 id="topics-title">{t('textTopics.title')}</h2>
      <h3>{t('textTopics.analysis')}</h3>
      <TextProgress analysis={analysis} />
      <h3 id="taxonomy-title">{t('textTopics.taxonomy')}</h3>
      {state === 'loading' && <p role="status">{t('common.loading')}</p>}
      {state === 'failed' && <p className="banner error" role="alert">{problem}</p>}
      {state !== 'loading' && state !== 'failed' && (
        <>
          <TopicTree
            topics={draft}
            counted={counted}
            refused={new Set(Object.keys(errors.byTopic))}
            editing={editing}
            onEdit={(id) => (editing === id ? setEditing(null) : editAt(id))}
            onAddUnder={(id) => {
              const added = addTopic(draft, '', [], id);
              edit(added.topics);
              editAt(added.id);
            }}
            onDelete={(id) => {
              const at = draft.findIndex((x) => x.id === id);
              const next = removeTopic(draft, id);
              const neighbour = next[Math.min(at, next.length - 1)];
              if (editing === id) setEditing(null);
              edit(next, neighbour ? `[data-topic="${neighbour.id}"] > .topic-row button` : '#add-topic');
            }}
            form={form}
          />
          {state === 'saved' && <p className="banner success" role="status">{t('textTopics.savedNote')}</p>}
          {errors.general.length > 0 && <p className="banner error" role="alert">{errors.general.join(' ')}</p>}
          {Object.keys(errors.byTopic).length > 0 && <p className="banner error" role="alert">{t('textTopics.fixFields')}</p>}
          {problem && <p className="banner error" role="alert">{problem}</p>}
          {dirty && <p className="hint">{t('textTopics.unsaved')}</p>}
          <div className="actions">
            <button
              type="button"
              id="add-topic"
              className="secondary"
              onClick={() => {
                const added = addTopic(draft, '');
                edit(added.topics);
                editAt(added.id);
              }}
            >
              {t('textTopics.add')}
            </button>
            <button type="button" onClick={() => void save()} disabled={state === 'saving'}>{state === 'saving' ? t('textTopics.saving') : t('textTopics.save')}</button>
          </div>
          <TopicProposals
            sourceId={sourceId}
            topics={draft}
            onAccept={(candidate) => edit(acceptCandidate(draft, candidate).topics)}
            onMerge={(candidate, into) => edit(mergeCandidate(draft, candidate, into))}
          />
        </>
      )}
    </section>
  );
}
