import { useCallback, useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { useElement } from '../../elements/element-context';
import { request, isBadRequest } from '../../api/client';
import { $settings, loadSettings } from '../../stores/settings';
import { qrPayload, QR_TICK_MS, secondsLeft, shouldRegenerate } from '../../lib/qr-timer';
import { isMobilePage } from '../../lib/mobile';
import { QrCode } from './qr-code';
import { trackEvent } from '../../api/telemetry';

interface Code {
  code: string;
  expires: string;
  username: string;
  clientId: string;
}

/** The one-time QR code for signing in to the mobile assistant, with a countdown. */
export function EchoLogin() {
  const { t, go, api } = useElement();
  const settings = useStore($settings);
  const [code, setCode] = useState<Code | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const [failed, setFailed] = useState(false);

  const current = useRef<Code | null>(null);
  const pending = useRef(false);

  /** Asks for a new code; one request at a time. */
  const next = useCallback(() => {
    if (pending.current) return;
    pending.current = true;
    request<Code>('POST', '/api/identity/totp/next', { target: api })
      .then((res) => {
        if (isBadRequest(res)) throw new Error(res.message);
        current.current = res;
        setCode(res);
        setFailed(false);
      })
      .catch(() => {
        trackEvent('Error generating new TOTP code');
        setFailed(true);
      })
      .finally(() => (pending.current = false));
  }, [api]);

  useEffect(() => {
    if (isMobilePage()) {
      go('/echo-503');
      return;
    }
    void loadSettings();
    // The effect runs again when the element's context changes; the code in hand stays valid then.
    if (!current.current) next();
    // Tick every second; replace the code when 20 seconds or less remain.
    const timer = setInterval(() => {
      const at = Date.now();
      setNow(at);
      if (current.current && shouldRegenerate(current.current.expires, at)) next();
    }, QR_TICK_MS);
    return () => clearInterval(timer);
  }, [go, next]);

  // Echo 2 (QR sign-in) needs isEcho2Enabled and a QR base URL in the settings.
  if (settings && !(settings.isEcho2Enabled && settings.qrBaseUrl)) {
    return (
      <section part="base" className="panel" aria-labelledby="echo-title">
        <h1 id="echo-title">{t('echo.title')}</h1>
        <p className="banner info">{t('echo.disabled')}</p>
      </section>
    );
  }

  return (
    <section part="base" className="panel" aria-labelledby="echo-title">
      <h1 id="echo-title">{t('echo.title')}</h1>
      <p>{t('echo.intro')}</p>
      {failed && (
        <p className="banner error" role="alert">
          {t('echo.failed')}
        </p>
      )}
      {!code && !failed && <p role="status">{t('common.loading')}</p>}
      {code && (
        <>
          <QrCode value={qrPayload(settings?.qrBaseUrl || 'cxassistant://login', code)} label={t('echo.qrLabel')} />
          <p className="code" aria-label={t('echo.codeLabel')}>
            {code.code.replace(/(\d{4})(\d{4})/, '$1 $2')}
          </p>
          <p className="countdown" role="timer" aria-live="off">
            {t('echo.expires', { count: secondsLeft(code.expires, now) })}
          </p>
          <button type="button" className="secondary" onClick={next}>
            {t('echo.newCode')}
          </button>
        </>
      )}
    </section>
  );
}
