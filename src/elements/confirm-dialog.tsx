import { useId, type ReactNode } from 'react';
import { ModalDialog } from './modal-dialog';

/**
 * The question before something is done that cannot be undone (a delete): its title, what it
 * does (`children`), the refusal of a try that failed, the confirm button and Cancel, which has
 * the focus (ModalDialog: focus kept in it and given back, Escape cancels).
 */
export function ConfirmDialog({ title, confirmLabel, cancelLabel, busy, error, onConfirm, onCancel, children }: {
  title: string;
  confirmLabel: string;
  cancelLabel: string;
  busy: boolean;
  error?: string;
  onConfirm: () => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <ModalDialog labelledBy={`${id}-title`} describedBy={`${id}-text`} onCancel={onCancel}>
      <h2 id={`${id}-title`}>{title}</h2>
      <div id={`${id}-text`}>{children}</div>
      {error && <p className="banner error" role="alert">{error}</p>}
      <div className="actions">
        <button type="button" className="danger" onClick={onConfirm} disabled={busy}>
          {confirmLabel}
        </button>
        <button type="button" className="secondary" onClick={onCancel} data-autofocus>
          {cancelLabel}
        </button>
      </div>
    </ModalDialog>
  );
}
