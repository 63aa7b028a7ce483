import { useElement } from '../elements/element-context';
import { ModalDialog } from '../elements/modal-dialog';

/** The question before something is deleted. */
export function ConfirmDialog({ title, text, busy, onConfirm, onCancel }: { title: string; text: string; busy: boolean; onConfirm: () => void; onCancel: () => void }) {
  const { t } = useElement();
  return (
    <ModalDialog labelledBy="confirm-title" describedBy="confirm-text" onCancel={onCancel}>
      <h2 id="confirm-title">{title}</h2>
      <p id="confirm-text">{text}</p>
      <div className="actions">
        <button type="button" className="danger" onClick={onConfirm} disabled={busy}>
          {t('caseRules.confirmDelete')}
        </button>
        <button type="button" className="secondary" onClick={onCancel} data-autofocus>
          {t('caseRules.cancel')}
        </button>
      </div>
    </ModalDialog>
  );
}
