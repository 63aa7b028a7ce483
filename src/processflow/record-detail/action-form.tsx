import { useState, type FormEvent } from 'react';
import type { TFunction } from 'i18next';
import { ACTION_TYPE, type ActionGroup, type Person } from '../../api/processflow';
import { CommentBox, mentionedIn } from './comment-box';

export interface ActionRequest {
  actionName: string;
  comment: string;
  properties: Record<string, unknown>;
  /** A public reply: it goes through the social call (the review provider's sign-in). */
  isSocial: boolean;
}

interface Props {
  t: TFunction;
  group: ActionGroup;
  people: readonly Person[];
  allocations: ReadonlyArray<{ role: string; users: Person[] }>;
  busy: boolean;
  onSubmit: (request: ActionRequest) => void;
  /** A quick template chosen by name (a review card's call to action): the comment starts with its text. */
  quickTemplate?: string;
}

/**
 * One action group's form (spec part 3 sections 4 and 5): the action (chosen for the user when
 * there is one), a comment with mentions, and what the action type needs: a colleague and role
 * to assign, a subject to e-mail. Templates only when exactly one action item has them.
 */
export function ActionForm({ t, group, people, allocations, busy, onSubmit, quickTemplate }: Props) {
  const items = group.actionItems;
  const [actionName, setActionName] = useState(items.length === 1 ? items[0].actionName : '');
  const named = items.flatMap((i) => i.quickTemplates ?? []).find((q) => q.name.toLowerCase() === (quickTemplate ?? '').toLowerCase());
  const [comment, setComment] = useState(named?.text ?? '');
  const [assignee, setAssignee] = useState('');
  const [subject, setSubject] = useState('');
  const [tried, setTried] = useState(false);
  const withTemplates = items.filter((i) => i.templates?.length);
  const templates = withTemplates.length === 1 ? withTemplates[0].templates! : [];
  const type = group.actionType;
  const [role, userId] = assignee.split('|');
  const missing = {
    action: !actionName,
    comment: !comment.trim(),
    assignee: type === ACTION_TYPE.Allocation && !assignee,
    subject: type === ACTION_TYPE.SendEmail && !subject.trim(),
  };
  const invalid = Object.values(missing).some(Boolean);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (invalid) return;
    const properties: Record<string, unknown> = { mentions: mentionedIn(comment, people) };
    if (type === ACTION_TYPE.Allocation) Object.assign(properties, { userId, role });
    if (type === ACTION_TYPE.SendEmail) properties.subject = subject.trim();
    onSubmit({ actionName, comment: comment.trim(), properties, isSocial: !!items.find((i) => i.actionName === actionName)?.isSocial });
  };
  const id = (name: string) => `action-${group.actionType}-${name}`;
  return (
    <form className="action-form" onSubmit={submit} noValidate aria-labelledby={id('title')}>
      <h3 id={id('title')}>{group.name}</h3>
      {items.length > 1 && (
        <fieldset aria-invalid={tried && missing.action}>
          <legend>{t('case.chooseAction')}</legend>
          {items.map((i) => (
            <label key={i.actionName} className="inline">
              <input type="radio" name={id('item')} checked={actionName === i.actionName} onChange={() => setActionName(i.actionName)} />
              {i.actionName}
            </label>
          ))}
        </fieldset>
      )}
      {type === ACTION_TYPE.Allocation && (
        <label>
          {t('case.assignTo')}
          <select value={assignee} onChange={(e) => setAssignee(e.target.value)} aria-invalid={tried && missing.assignee}>
            <option value="">{t('case.choosePerson')}</option>
            {allocations.map((g) => (
              <optgroup key={g.role} label={g.role}>
                {g.users.map((u) => <option key={u.userId} value={`${g.role}|${u.userId}`}>{u.fullName}</option>)}
              </optgroup>
            ))}
          </select>
        </label>
      )}
      {type === ACTION_TYPE.SendEmail && (
        <label>
          {t('case.subject')}
          <input value={subject} onChange={(e) => setSubject(e.target.value)} aria-invalid={tried && missing.subject} />
        </label>
      )}
      <CommentBox
        t={t}
        id={id('comment')}
        value={comment}
        onChange={setComment}
        people={people}
        invalid={tried && missing.comment}
        placeholder={t(templates.length ? 'case.placeholderTemplates' : 'case.placeholder')}
      />
      {templates.length > 0 && (
        <div className="templates" role="group" aria-label={t('case.templates')}>
          {templates.map((text, i) => (
            <button key={text} type="button" className="secondary" onClick={() => setComment(text)}>
              {withTemplates[0].quickTemplates?.[i]?.name ?? t('case.template', { n: i + 1 })}
            </button>
          ))}
        </div>
      )}
      {tried && invalid && <p className="field-error" role="alert">{t(`case.invalid.${type}`)}</p>}
      <button type="submit" disabled={busy} aria-busy={busy}>{t('case.submit', { name: group.name })}</button>
    </form>
  );
}
