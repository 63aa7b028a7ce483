import { useEffect, useRef } from 'react';
import type { TFunction } from 'i18next';
import type { EmailPreview as Preview } from '../../api/processflow';

/**
 * The e-mail as the customer will get it (issue 45): recipient, subject and text. Send sends it;
 * Back returns to the form with everything as it was.
 */
export function EmailPreview({ t, id, preview, busy, onSend, onBack }: { t: TFunction; id: string; preview: Preview; busy: boolean; onSend: () => void; onBack: () => void }) {
  const title = useRef<HTMLHeadingElement>(null);
  // The preview takes the focus, so that a screen reader reads it and the keyboard is at its buttons.
  useEffect(() => title.current?.focus(), []);
  return (
    <section className="email-preview" aria-labelledby={id}>
      <h3 id={id} ref={title} tabIndex={-1}>{t('email.previewTitle')}</h3>
      <p className="email-to">{t('email.to', { to: preview.to })}</p>
      <p className="email-subject">{t('email.subjectLine', { subject: preview.subject })}</p>
      <div className="email-text">{preview.text}</div>
      <div className="buttons">
        <button type="button" onClick={onSend} disabled={busy} aria-busy={busy}>{t('email.send')}</button>
        <button type="button" className="secondary" onClick={onBack} disabled={busy}>{t('email.back')}</button>
      </div>
    </section>
  );
}
