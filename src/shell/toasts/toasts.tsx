import { useStore } from '@nanostores/react';
import { useElement } from '../../elements/element-context';
import { $toasts, dismissToast, type Toast } from '../../stores/toasts';

/**
 * The page's toasts, bottom right. Two live regions that are always there (so additions are
 * announced): errors assertively, the rest politely.
 */
export function Toasts() {
  const { t } = useElement();
  const toasts = useStore($toasts);
  return (
    <div part="base" className="stack">
      <div aria-live="polite" className="region">
        {toasts.filter((x) => x.kind !== 'error').map((x) => <ToastView key={x.id} toast={x} close={t('toasts.close')} />)}
      </div>
      <div aria-live="assertive" className="region">
        {toasts.filter((x) => x.kind === 'error').map((x) => <ToastView key={x.id} toast={x} close={t('toasts.close')} />)}
      </div>
    </div>
  );
}

function ToastView({ toast, close }: { toast: Toast; close: string }) {
  return (
    <div part="toast" className={`toast ${toast.kind}`}>
      <span>{toast.text}</span>
      {toast.action && (
        <button type="button" onClick={toast.action.run}>
          {toast.action.label}
        </button>
      )}
      <button type="button" className="close" aria-label={close} onClick={() => dismissToast(toast.id)}>
        ×
      </button>
    </div>
  );
}
