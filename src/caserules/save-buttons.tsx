import type { ReactNode } from 'react';
import { useElement } from '../elements/element-context';

/** A form's own buttons: any before Save (a test), Save, and Cancel while something is being edited. */
export function SaveButtons({ save, busy, onCancel, children }: { save: string; busy: boolean; onCancel?: () => void; children?: ReactNode }) {
  const { t } = useElement();
  return (
    <div className="actions">
      {children}
      <button type="submit" disabled={busy}>
        {save}
      </button>
      {onCancel && (
        <button type="button" className="secondary" onClick={onCancel}>
          {t('caseRules.cancel')}
        </button>
      )}
    </div>
  );
}
