import { useState, type FormEvent } from 'react';
import type { TFunction } from 'i18next';
import { ACTION_TYPE, type ActionGroup, type AllocationOption, type Person } from '../../api/processflow';
import { CommentBox, mentionedIn } from './comment-box';

export interface ActionRequest {
  actionName: string;
  comment: string;
  properties: Record<string, unknown>;
  /** A public reply: it goes through the social call (the review provider's sign-in). */
  isSocial: boolean;
}

/**
 * The options' texts, each different (issue 43): the name with the colleague's detail (region or
 * group), and a number after the second and later of what still reads alike.
 */
export function allocationLabels(users: readonly AllocationOption[]): string[] {
  const texts = users.map((u) => (u.userDetail ? `${u.userName} – ${u.userDetail}` : u.userName));
  const seen = new Map<string, number>();
  return texts.map((text) => {
    const n = (seen.get(text) ?? 0) + 1;
    seen.set(text, n);
    return n > 1 ? `${text} (${n})` : text;
  });
}

interface Props {
  t: TFunction;
  group: ActionGroup;
  people: readonly Person[];
  allocations: ReadonlyArray<{ role: string; users: AllocationOption[] }>;
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
    // The spec's names (part 3, action properties); the role as the case holds it (AllocatedToRole).
    const properties: Record<string, unknown> = { actionComment: comment.trim(), mentionedUsers: mentionedIn(comment, people) };
    const assigned = allocations.find((g) => g.role === role)?.users.find((u) => u.userId === userId);
    if (type === ACTION_TYPE.Allocation) Object.assign(properties, { allocatedToUserId: userId, allocatedToUserName: assigned?.userName ?? '', allocatedToRole: role });
    if (type === ACTION_TYPE.SendEmail) properties.actionSubjectLine = subject.trim();
    onSubmit({ actionName, comment: comment.trim(), properties, isSocial: !!items.find((i) => i.actionName === actionName)?.isSocial });
  };
  const id = (name: string) => `action-${group.actionType}-${name}`;
  return (
    <form className="action-form" onSubmit={submit} noValidate aria-labelledby={id('title')}>
      <h3 id={id('title')}>{group.label ?? group.name}</h3>
      {items.length > 1 && (
        <fieldset aria-invalid={tried && missing.action}>
          <legend>{t('case.chooseAction')}</legend>
          {items.map((i) => (
            <label key={i.actionName} className="inline">
              <input type="radio" name={id('item')} checked={actionName === i.actionName} onChange={() => setActionName(i.actionName)} />
              {i.label ?? i.actionName}
            </label>
          ))}
        </fieldset>
      )}
      {type === ACTION_TYPE.Allocation && (
        <label>
          {t('case.assignTo')}
          <select value={assignee} onChange={(e) => setAssignee(e.target.value)} aria-invalid={tried && missing.assignee}>
            <option value="">{t('case.choosePerson')}</option>
            {allocations.map((g) => {
              const labels = allocationLabels(g.users);
              return (
                <optgroup key={g.role} label={g.role}>
                  {g.users.map((u, i) => <option key={u.userId} value={`${g.role}|${u.userId}`}>{labels[i]}</option>)}
                </optgroup>
              );
            })}
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
      <button type="submit" disabled={busy} aria-busy={busy}>{t('case.submit', { name: group.label ?? group.name })}</button>
    </form>
  );
}
