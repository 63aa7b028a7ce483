import { useState, type ReactNode } from 'react';
import { useElement } from './element-context';
import { ModalDialog } from './modal-dialog';
import { ApiError, isBadRequest } from '../api/client';
import type { BadRequest } from '../api/errors';

/** One form's call: busy while it runs; a refusal in the server's own words (a 400's, a 429's), else a plain "did not work". */
export function useSubmit() {
  const { t } = useElement();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const run = async <T,>(call: () => Promise<T | BadRequest>, done: (result: T) => void) => {
    setBusy(true);
    setError('');
    try {
      const res = await call();
      if (isBadRequest(res)) setError(res.message ?? Object.values(res.errors ?? {}).flat()[0] ?? t('common.failed'));
      else done(res);
    } catch (e) {
      setError(e instanceof ApiError && !e.handled ? e.message : t('common.failed'));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, setError, run };
}

/**
 * A dialog holding one form (ModalDialog: focus kept in it and given back, Escape cancels): its
 * title, what it does, the fields, the server's refusal in an alert, the submit button, any more
 * actions, and Cancel (or `cancel`'s words).
 */
export function FormDialog({ id, title, intro, submit, cancel, busy, error, className = 'dialog-form', actions, onSubmit, onCancel, children }: {
  id: string;
  title: string;
  intro?: string;
  submit: string;
  cancel?: string;
  busy: boolean;
  error: string;
  className?: string;
  /** Buttons between the submit and Cancel. */
  actions?: ReactNode;
  onSubmit: () => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  const { t } = useElement();
  return (
    <ModalDialog labelledBy={`${id}-title`} describedBy={intro ? `${id}-intro` : undefined} onCancel={onCancel}>
      <form
        className={className}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!busy) onSubmit();
        }}
      >
        <h2 id={`${id}-title`}>{title}</h2>
        {intro && <p id={`${id}-intro`} className="hint">{intro}</p>}
        {children}
        {error && <p className="banner error" role="alert">{error}</p>}
        <div className="actions">
          <button type="submit" disabled={busy}>{submit}</button>
          {actions}
          <button type="button" className="secondary" onClick={onCancel}>{cancel ?? t('common.cancel')}</button>
        </div>
      </form>
    </ModalDialog>
  );
}
