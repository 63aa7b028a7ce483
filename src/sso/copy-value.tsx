import { useId, useRef, useState } from 'react';
import { useElement } from '../elements/element-context';

/**
 * A value to hand to another system (an address, a token): read-only, with a Copy button; the
 * outcome is said in a status, and without clipboard access the text is selected for a manual copy.
 */
export function CopyValue({ label, value, name }: { label: string; value: string; name?: string }) {
  const { t } = useElement();
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const [said, setSaid] = useState('');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setSaid(t('ssoAdmin.copied', { label }));
    } catch {
      field.current?.select();
      setSaid(t('ssoAdmin.copyManually'));
    }
  };
  return (
    <div className="copy-value">
      <label htmlFor={id}>{label}</label>
      <div className="row">
        <input id={id} ref={field} name={name} readOnly value={value} spellCheck={false} onFocus={(e) => e.target.select()} />
        <button type="button" className="secondary" onClick={() => void copy()}>
          {t('ssoAdmin.copy')}
          <span className="cx-visually-hidden"> {label}</span>
        </button>
      </div>
      <p className="hint" role="status">
        {said}
      </p>
    </div>
  );
}
