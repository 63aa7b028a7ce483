import type { ReactNode } from 'react';
import { useElement } from '../../elements/element-context';
import type { CountedTopic, Topic } from '../../api/text-topics';
import { numberFormat } from '../../lib/intl';
import { childrenOf } from './taxonomy';

interface Props {
  topics: Topic[];
  /** The saved topics' counts and net sentiment, by id. */
  counted: Map<string, CountedTopic>;
  /** Topics whose fields the server refused. */
  refused: Set<string>;
  editing: string | null;
  onEdit: (id: string) => void;
  onAddUnder: (id: string) => void;
  onDelete: (id: string) => void;
  /** The editing form, shown under the topic it edits. */
  form: ReactNode;
}

/** The taxonomy as nested lists: each topic's name, comments, net sentiment and its actions; sub-topics under it. */
export function TopicTree(props: Props) {
  const { t } = useElement();
  const { topics } = props;
  if (!topics.length) return <p>{t('textTopics.noTopics')}</p>;
  return <Level {...props} parentId={undefined} depth={0} seen={new Set()} />;
}

function Level(props: Props & { parentId: string | undefined; depth: number; seen: Set<string> }) {
  const { t, lang } = useElement();
  const { topics, counted, refused, editing, onEdit, onAddUnder, onDelete, form, parentId, depth, seen } = props;
  const n = numberFormat(lang);
  const net = numberFormat(lang, { signDisplay: 'exceptZero', maximumFractionDigits: 0 });
  // A cycle in a draft (refused on save) must not loop here.
  const level = childrenOf(topics, parentId).filter((x) => !seen.has(x.id));
  if (!level.length) return null;
  const inner = new Set([...seen, ...level.map((x) => x.id)]);
  return (
    <ul className={depth ? 'topics sub' : 'topics'} aria-label={depth ? undefined : t('textTopics.taxonomy')}>
      {level.map((topic) => {
        const figures = counted.get(topic.id);
        const name = topic.name || t('textTopics.unnamed');
        return (
          <li key={topic.id} data-topic={topic.id}>
            <div className="topic-row">
              <span className="topic-name">{name}</span>
              {refused.has(topic.id) && <span className="field-error">{t('textTopics.refused')}</span>}
              <span className="topic-figures">
                {figures?.count === undefined
                  ? t('textTopics.notCounted')
                  : t('textTopics.figures', {
                      count: figures.count,
                      comments: n.format(figures.count),
                      net: figures.netSentiment == null ? '—' : net.format(figures.netSentiment),
                    })}
              </span>
              <span className="topic-actions">
                <button type="button" className="link" aria-expanded={editing === topic.id} aria-label={t('textTopics.editOf', { name })} onClick={() => onEdit(topic.id)}>{t('textTopics.edit')}</button>
                <button type="button" className="link" aria-label={t('textTopics.addUnderOf', { name })} onClick={() => onAddUnder(topic.id)}>{t('textTopics.addUnder')}</button>
                <button type="button" className="link" aria-label={t('textTopics.deleteOf', { name })} onClick={() => onDelete(topic.id)}>{t('textTopics.delete')}</button>
              </span>
            </div>
            {editing === topic.id && form}
            <Level {...props} parentId={topic.id} depth={depth + 1} seen={inner} />
          </li>
        );
      })}
    </ul>
  );
}
