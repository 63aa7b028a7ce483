import { useEffect, useState, type FormEvent } from 'react';
import type { TFunction } from 'i18next';
import { checkTag, MAX_TAG_LENGTH } from '../../lib/case-rules';

/** Tag warnings stay 5 seconds (spec part 3 section 9). */
export const WARNING_MS = 5000;

/** The page's words for the shared tag rules (src/lib/case-rules.ts); an empty input just closes. */
export function tagProblem(t: TFunction, raw: string, existing: readonly string[]): string {
  const result = checkTag(raw, existing);
  if (!('problem' in result) || result.problem === 'empty') return '';
  return result.problem === 'tooLong' ? t('case.tagTooLong', { max: MAX_TAG_LENGTH }) : t(result.problem === 'exists' ? 'case.tagExists' : 'case.tagNotAllowed');
}

/** The case's tags: each removable, a new one added (lower-cased), suggestions from the tags in use. */
export function TagEditor({ t, tags, suggestions, busy, onAdd, onRemove }: { t: TFunction; tags: string[]; suggestions: string[]; busy: boolean; onAdd: (tag: string) => void; onRemove: (tag: string) => void }) {
  const [text, setText] = useState('');
  const [warning, setWarning] = useState('');
  useEffect(() => {
    if (!warning) return;
    const timer = setTimeout(() => setWarning(''), WARNING_MS);
    return () => clearTimeout(timer);
  }, [warning]);
  const add = (e: FormEvent) => {
    e.preventDefault();
    const tag = text.trim().toLowerCase();
    if (!tag) return;
    const problem = tagProblem(t, tag, tags);
    if (problem) return setWarning(problem);
    setText('');
    onAdd(tag);
  };
  return (
    <section className="tag-editor" aria-labelledby="tags-title">
      <h3 id="tags-title">{t('case.tags')}</h3>
      <ul className="tags">
        {tags.map((tag) => (
          <li key={tag}>
            {tag}{' '}
            <button type="button" className="link" disabled={busy} aria-label={t('case.removeTag', { tag })} onClick={() => onRemove(tag)}>×</button>
          </li>
        ))}
        {tags.length === 0 && <li className="hint">{t('case.noTags')}</li>}
      </ul>
      <form onSubmit={add} className="add-tag">
        <label>
          {t('case.newTag')}
          <input value={text} list="tag-suggestions" onChange={(e) => setText(e.target.value)} aria-invalid={!!warning} />
        </label>
        <datalist id="tag-suggestions">{suggestions.map((s) => <option key={s} value={s} />)}</datalist>
        <button type="submit" className="secondary" disabled={busy}>{t('case.addTag')}</button>
      </form>
      {warning && <p className="field-error" role="alert">{warning}</p>}
    </section>
  );
}
