import { useState } from 'react';
import { useElement } from '../../elements/element-context';
import { requestTrial } from '../../api/identity';
import { isBadRequest } from '../../api/client';

type State = 'idle' | 'sending' | 'sent' | 'again' | 'failed';

/** The request-a-free-trial button of the profile panel, with its confirmation in place. */
export function TrialRequest() {
  const { t, api } = useElement();
  const [state, setState] = useState<State>('idle');

  const send = async () => {
    setState('sending');
    try {
      const res = await requestTrial(api);
      setState(isBadRequest(res) ? 'failed' : res.alreadyRequested ? 'again' : 'sent');
    } catch {
      setState('failed');
    }
  };

  return (
    <section aria-labelledby="trial-title" className="trial">
      <h2 id="trial-title">{t('trial.title')}</h2>
      {state === 'sent' || state === 'again' ? (
        <p className="banner success" role="status">{t(state === 'sent' ? 'trial.sent' : 'trial.again')}</p>
      ) : (
        <>
          <p className="hint">{t('trial.hint')}</p>
          {state === 'failed' && <p className="banner error" role="alert">{t('trial.failed')}</p>}
          <button type="button" className="secondary" disabled={state === 'sending'} onClick={() => void send()}>
            {t('trial.request')}
          </button>
        </>
      )}
    </section>
  );
}
