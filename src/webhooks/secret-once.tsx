import { useEffect, useRef, useState } from 'react';
import { useElement } from '../elements/element-context';

/** A new signing secret, shown this once, with a copy button; focus comes here so it is not missed. */
export function SecretOnce({ name, secret, onDone }: { name: string; secret: string; onDone: () => void }) {
  const { t } = useElement();
  const [copied, setCopied] = useState<boolean | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => box.current?.focus(), [secret]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      // Without clipboard access the text is selected for the user's own copy.
      field.current?.select();
      setCopied(false);
    }
  };
  return (
    <div ref={box} className="banner info secret-once" role="region" aria-labelledby="secret-title" tabIndex={-1}>
      <h2 id="secret-title">{t('webhooks.secretTitle', { name })}</h2>
      <p>{t('webhooks.secretOnce')}</p>
      <div className="row">
        <label className="cx-visually-hidden" htmlFor="webhook-secret">
          {t('webhooks.secretLabel')}
        </label>
        <input id="webhook-secret" ref={field} readOnly value={secret} spellCheck={false} onFocus={(e) => e.target.select()} />
        <button type="button" onClick={() => void copy()}>
          {t('webhooks.copy')}
        </button>
        <button type="button" className="secondary" onClick={onDone}>
          {t('webhooks.secretDone')}
        </button>
      </div>
      <p role="status" className="hint">
        {copied === null ? '' : t(copied ? 'webhooks.copied' : 'webhooks.copyManually')}
      </p>
    </div>
  );
}
