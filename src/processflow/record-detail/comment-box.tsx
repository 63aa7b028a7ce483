import { useMemo, useState, type ClipboardEvent } from 'react';
import type { TFunction } from 'i18next';
import type { Person } from '../../api/processflow';
import { trackEvent } from '../../api/telemetry';

/** The telemetry event of a mention (spec part 3 section 7: mention events are tracked). */
export const MENTION_EVENT = 'Mention User';

/** Spec part 3 section 5: the mention list opens after 3 typed characters. */
export const MENTION_MIN = 3;

/** The people still mentioned (`@Full Name`) in a comment: only they are sent. */
export const mentionedIn = (text: string, people: readonly Person[]) => people.filter((p) => text.includes(`@${p.userFriendlyName}`)).map((p) => p.userId);

/**
 * The comment of an action: plain text (a paste is inserted as plain text), `@` and three letters
 * list the colleagues to mention; choosing one writes `@Full Name`.
 */
export function CommentBox({ t, id, value, onChange, people, placeholder, invalid }: { t: TFunction; id: string; value: string; onChange: (v: string) => void; people: readonly Person[]; placeholder: string; invalid: boolean }) {
  const [caret, setCaret] = useState(0);
  const query = useMemo(() => /@([^@\n]*)$/.exec(value.slice(0, caret))?.[1] ?? null, [value, caret]);
  const options = query !== null && query.length >= MENTION_MIN ? people.filter((p) => p.userFriendlyName.toLowerCase().includes(query.toLowerCase())).slice(0, 8) : [];
  const choose = (p: Person) => {
    const start = caret - (query?.length ?? 0) - 1;
    const next = `${value.slice(0, start)}@${p.userFriendlyName} ${value.slice(caret)}`;
    onChange(next);
    setCaret(start + p.userFriendlyName.length + 2);
    trackEvent(MENTION_EVENT, { mentionedUserId: p.userId });
  };
  const paste = (e: ClipboardEvent<HTMLTextAreaElement>) => {
    e.preventDefault();
    const text = e.clipboardData.getData('text/plain');
    const el = e.currentTarget;
    const next = value.slice(0, el.selectionStart) + text + value.slice(el.selectionEnd);
    onChange(next);
    setCaret(el.selectionStart + text.length);
  };
  return (
    <div className="comment-box">
      <label htmlFor={id}>{t('case.comment')}</label>
      <textarea
        id={id}
        rows={4}
        value={value}
        placeholder={placeholder}
        aria-invalid={invalid}
        onChange={(e) => {
          onChange(e.target.value);
          setCaret(e.target.selectionStart);
        }}
        onSelect={(e) => setCaret(e.currentTarget.selectionStart)}
        onPaste={paste}
      />
      {options.length > 0 && (
        <ul className="mentions" aria-label={t('case.mentionList')}>
          {options.map((p) => (
            <li key={p.userId}>
              <button type="button" onClick={() => choose(p)}>
                {p.userFriendlyName}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
