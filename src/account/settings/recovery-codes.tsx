import { useState } from 'react';
import { useElement } from '../../elements/element-context';

/** Recovery codes, shown once: to copy or save as a file before leaving the page. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  const { t } = useElement();
  const [copied, setCopied] = useState(false);
  const text = `${codes.join('\n')}\n`;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'cx-portal-recovery-codes.txt';
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  return (
    <div className="recovery">
      <p className="hint" id="recovery-hint">{t('secondFactor.codesHint')}</p>
      <ul className="codes" aria-describedby="recovery-hint" aria-label={t('secondFactor.codesLabel')}>
        {codes.map((code) => (
          <li key={code}><code>{code}</code></li>
        ))}
      </ul>
      <div className="actions">
        <button type="button" className="secondary" onClick={() => void copy()}>{t('secondFactor.copy')}</button>
        <button type="button" className="secondary" onClick={download}>{t('secondFactor.download')}</button>
      </div>
      {copied && <p className="hint" role="status">{t('secondFactor.copied')}</p>}
    </div>
  );
}
