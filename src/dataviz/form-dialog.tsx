import { useState, type ReactNode } from 'react';
import { useElement } from '../elements/element-context';
import { ModalDialog } from '../elements/modal-dialog';
import { ApiError, isBadRequest } from '../api/client';
import type { BadRequest } from '../api/errors';
import type { SourceChoice } from './home-data';

/** The message of a refused call: the server's own words (a 400's, a 429's), else a plain "did not work". */
export function useSubmit() {
  const { t } = useElement();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const run = async <T,>(call: () => Promise<T | BadRequest>, done: (result: T) => void) => {
    setBusy(true);
    setError('');
    try {
      const res = await call();
      if (isBadRequest(res)) setError(res.message ?? Object.values(res.errors ?? {}).flat()[0] ?? t('dashboardManage.failed'));
      else done(res);
    } catch (e) {
      setError(e instanceof ApiError && !e.handled ? e.message : t('dashboardManage.failed'));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, setError, run };
}

/**
 * A dialog holding one form (ModalDialog: focus kept in it and given back, Escape cancels): its
 * title, what it does, the fields, the server's refusal in an alert, the submit and Cancel buttons.
 */
export function FormDialog({ id, title, intro, submit, busy, error, onSubmit, onCancel, children }: {
  id: string;
  title: string;
  intro?: string;
  submit: string;
  busy: boolean;
  error: string;
  onSubmit: () => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  const { t } = useElement();
  return (
    <ModalDialog labelledBy={`${id}-title`} describedBy={intro ? `${id}-intro` : undefined} onCancel={onCancel}>
      <form
        className="dialog-form"
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
          <button type="button" className="secondary" onClick={onCancel}>{t('dashboardManage.cancel')}</button>
        </div>
      </form>
    </ModalDialog>
  );
}

/** A data source select: a first choice of the caller's (none yet, the same source, the file's), then the sources. */
export function SourceSelect({ label, first, sources, value, onChange }: { label: string; first: string; sources: SourceChoice[]; value: string; onChange: (id: string) => void }) {
  return (
    <label>
      {label}
      <select name="moduleId" value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{first}</option>
        {sources.map((s) => (
          <option key={s.id} value={s.id}>{s.name}</option>
        ))}
      </select>
    </label>
  );
}
