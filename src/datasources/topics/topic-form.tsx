import { useElement } from '../../elements/element-context';
import type { Topic } from '../../api/text-topics';
import { subtreeOf, withParent, type TopicField } from './taxonomy';
import { TermList } from './term-list';

interface Props {
  topic: Topic;
  all: Topic[];
  errors: Partial<Record<TopicField, string[]>>;
  onChange: (next: Topic) => void;
  onClose: () => void;
}

/** One topic's name, parent, terms and exclusions; changes go into the draft at once and are saved with the taxonomy. */
export function TopicForm({ topic, all, errors, onChange, onClose }: Props) {
  const { t } = useElement();
  const barred = subtreeOf(all, topic.id);
  const fieldErrors = (field: TopicField) => (errors[field] ?? []).map((m) => <span key={m} className="field-error" id={`topic-${field}-error`}>{m}</span>);
  const invalid = (field: TopicField) => (errors[field]?.length ? { 'aria-invalid': true, 'aria-describedby': `topic-${field}-error` } : {});
  return (
    <section className="topic-form" aria-labelledby="topic-form-title">
      <h4 id="topic-form-title">{t('textTopics.editTitle', { name: topic.name || t('textTopics.unnamed') })}</h4>
      <label>
        {t('textTopics.name')}
        <input name="topic-name" value={topic.name} maxLength={80} onChange={(e) => onChange({ ...topic, name: e.target.value })} {...invalid('name')} />
        {fieldErrors('name')}
      </label>
      <label>
        {t('textTopics.parent')}
        <select name="topic-parent" value={topic.parentId ?? ''} onChange={(e) => onChange(withParent(topic, e.target.value || undefined))} {...invalid('parentId')}>
          <option value="">{t('textTopics.topLevel')}</option>
          {all.filter((x) => !barred.has(x.id)).map((x) => (
            <option key={x.id} value={x.id}>{x.name || t('textTopics.unnamed')}</option>
          ))}
        </select>
        {fieldErrors('parentId')}
      </label>
      <TermList id="topic-terms" label={t('textTopics.terms')} hint={t('textTopics.termsHint')} terms={topic.terms} errors={errors.terms} onChange={(terms) => onChange({ ...topic, terms })} />
      <TermList id="topic-exclusions" label={t('textTopics.exclusions')} hint={t('textTopics.exclusionsHint')} terms={topic.exclusions} errors={errors.exclusions} onChange={(exclusions) => onChange({ ...topic, exclusions })} />
      <div className="actions">
        <button type="button" className="secondary" onClick={onClose}>{t('textTopics.done')}</button>
      </div>
    </section>
  );
}
