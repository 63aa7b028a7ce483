import { useEffect, useRef } from 'react';
import { useElement } from '../../elements/element-context';

export type CodeKind = 'app' | 'recovery';

/** The sign-in's second step: the authenticator's 6-digit code, or a recovery code instead. */
export function CodeStep({ kind, value, invalid, onChange, onKind }: { kind: CodeKind; value: string; invalid: boolean; onChange: (v: string) => void; onKind: (k: CodeKind) => void }) {
  const { t } = useElement();
  const field = useRef<HTMLInputElement>(null);
  // The step appears after the password was accepted: the code field takes the focus.
  useEffect(() => field.current?.focus(), [kind]);
  const app = kind === 'app';
  return (
    <div className="code-step" role="group" aria-labelledby="code-step-hint">
      <p className="banner info" id="code-step-hint" role="status">{t(app ? 'login.codeHint' : 'login.recoveryHint')}</p>
      <label>
        {t(app ? 'login.code' : 'login.recoveryCode')}
        <input
          ref={field}
          name="otp"
          autoComplete="one-time-code"
          inputMode={app ? 'numeric' : 'text'}
          maxLength={app ? 6 : 20}
          spellCheck={false}
          value={value}
          aria-invalid={invalid && !value}
          onChange={(e) => onChange(e.target.value)}
        />
      </label>
      <button type="button" className="secondary" onClick={() => onKind(app ? 'recovery' : 'app')}>
        {t(app ? 'login.useRecoveryCode' : 'login.useAppCode')}
      </button>
    </div>
  );
}
