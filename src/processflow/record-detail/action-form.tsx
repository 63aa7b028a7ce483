import { useRef, useState, type FormEvent } from 'react';
import type { TFunction } from 'i18next';
import { ACTION_TYPE, type ActionGroup, type ClosingOptions, type EmailPreview as Preview, type Person } from '../../api/processflow';
import { CommentBox, mentionedIn } from './comment-box';
import { allocationProperties, AssigneeSelect, type Allocations } from '../shared/assignee-select';
import { ClosingFields, closingProblems, closingProperties, isClosing, NEW_CLOSING } from '../shared/closing-fields';
import { EmailPreview } from './email-preview';


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
  allocations: Allocations;
  busy: boolean;
  /** What closing asks (root causes, the recovery survey); from the case's answer. */
  closing?: ClosingOptions;
  /** The e-mail as it would go, or the server's reason why not: shown before it is sent. */
  preview?: (subject: string, comment: string) => Promise<Preview | { error: string }>;
  onSubmit: (request: ActionRequest) => void;
  /** A quick template chosen by name (a review card's call to action): the comment starts with its text. */
  quickTemplate?: string;
}

/**
 * One action group's form (spec part 3 sections 4 and 5): the action (chosen for the user when
 * there is one), a comment with mentions, and what the action type needs: a colleague and role
 * to assign, a subject to e-mail. Templates only when exactly one action item has them.
 */
export function ActionForm({ t, group, people, allocations, busy, onSubmit, quickTemplate, closing, preview }: Props) {
  const items = group.actionItems;
  const [actionName, setActionName] = useState(items.length === 1 ? items[0].actionName : '');
  const named = items.flatMap((i) => i.quickTemplates ?? []).find((q) => q.name.toLowerCase() === (quickTemplate ?? '').toLowerCase());
  const [comment, setComment] = useState(named?.text ?? '');
  const [assignee, setAssignee] = useState('');
  const [subject, setSubject] = useState('');
  const [tried, setTried] = useState(false);
  const [closed, setClosed] = useState(NEW_CLOSING);
  const [shown, setShown] = useState<Preview | null>(null);
  const [previewError, setPreviewError] = useState('');
  const [previewing, setPreviewing] = useState(false);
  const subjectInput = useRef<HTMLInputElement>(null);
  const withTemplates = items.filter((i) => i.templates?.length);
  const templates = withTemplates.length === 1 ? withTemplates[0].templates! : [];
  const type = group.actionType;
  const closes = isClosing(actionName);
  const closingMissing = closes ? closingProblems(t, closed, closing) : [];
  const missing = {
    action: !actionName,
    comment: !comment.trim(),
    assignee: type === ACTION_TYPE.Allocation && !assignee,
    subject: type === ACTION_TYPE.SendEmail && !subject.trim(),
  };
  const invalid = Object.values(missing).some(Boolean) || closingMissing.length > 0;
  const send = () => {
    // The spec's names (part 3, action properties).
    const properties: Record<string, unknown> = { actionComment: comment.trim(), mentionedUsers: mentionedIn(comment, people) };
    if (type === ACTION_TYPE.Allocation) Object.assign(properties, allocationProperties(allocations, assignee));
    if (type === ACTION_TYPE.SendEmail) properties.actionSubjectLine = subject.trim();
    if (closes) Object.assign(properties, closingProperties(closed, closing));
    onSubmit({ actionName, comment: comment.trim(), properties, isSocial: !!items.find((i) => i.actionName === actionName)?.isSocial });
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (invalid) return;
    if (type !== ACTION_TYPE.SendEmail || !preview) return send();
    // An e-mail is shown as it would go (recipient, subject, text) before it is sent (issue 45).
    setPreviewing(true);
    setPreviewError('');
    preview(subject.trim(), comment.trim())
      .then((answer) => ('error' in answer ? setPreviewError(answer.error) : setShown(answer)))
      .catch((err: unknown) => setPreviewError(err instanceof Error ? err.message : String(err)))
      .finally(() => setPreviewing(false));
  };
  const id = (name: string) => `action-${group.actionType}-${name}`;
  if (shown) {
    return (
      <EmailPreview t={t} id={id('preview')} preview={shown} busy={busy} onSend={send}
        onBack={() => {
          setShown(null);
          // The form is back on screen by the next frame: the editing starts again at the subject.
          requestAnimationFrame(() => subjectInput.current?.focus());
        }} />
    );
  }
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
      {type === ACTION_TYPE.Allocation && <AssigneeSelect t={t} allocations={allocations} value={assignee} onChange={setAssignee} invalid={tried && missing.assignee} />}
      {type === ACTION_TYPE.SendEmail && (
        <label>
          {t('case.subject')}
          <input ref={subjectInput} value={subject} onChange={(e) => setSubject(e.target.value)} aria-invalid={tried && missing.subject} />
        </label>
      )}
      {closes && <ClosingFields t={t} id={id('closing')} options={closing} value={closed} onChange={setClosed} tried={tried} />}
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
      {tried && invalid && <p className="field-error" role="alert">{[Object.values(missing).some(Boolean) && t(`case.invalid.${type}`), ...closingMissing].filter(Boolean).join(' ')}</p>}
      {previewError && <p className="field-error" role="alert">{t('email.previewFailed')} {previewError}</p>}
      <button type="submit" disabled={busy || previewing} aria-busy={busy || previewing}>
        {type === ACTION_TYPE.SendEmail && preview ? t('email.preview') : t('case.submit', { name: group.label ?? group.name })}
      </button>
    </form>
  );
}
