import { useEffect, useState } from 'react';
import { useElement } from '../elements/element-context';
import { isBadRequest } from '../api/client';
import { webhookDeliveries, type Attempt } from '../api/webhooks';
import { TableRegion } from '../elements/table-region';
import { longInstant } from '../lib/dates';

/** What an attempt got: the HTTP status, or the error when no answer came. */
export function Outcome({ a }: { a: Pick<Attempt, 'ok' | 'status' | 'error'> }) {
  const { t } = useElement();
  return <span className={a.ok ? 'outcome ok' : 'outcome failed'}>{a.status !== null ? t(a.ok ? 'webhooks.statusOk' : 'webhooks.statusFailed', { status: a.status }) : (a.error ?? t('webhooks.noAnswer'))}</span>;
}

/** A webhook's last attempts (newest first): time, event, attempt, outcome and the receiver's answer. */
export function DeliveryLog({ id, name, version }: { id: string; name: string; version: number }) {
  const { t, api } = useElement();
  const [log, setLog] = useState<{ pending: number; attempts: Array<Attempt & { id: string }> } | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    webhookDeliveries(id, api)
      .then((res) => live && (isBadRequest(res) ? setFailed(true) : setLog(res)))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [id, api, version]);

  if (failed) return <p className="banner error" role="alert">{t('webhooks.logFailed')}</p>;
  if (!log) return <p role="status">{t('webhooks.logLoading')}</p>;
  return (
    <div className="delivery-log">
      {log.pending > 0 && <p className="hint">{t('webhooks.pending', { count: log.pending })}</p>}
      {log.attempts.length === 0 ? (
        <p className="empty">{t('webhooks.logEmpty')}</p>
      ) : (
        <TableRegion label={t('webhooks.logOf', { name })}>
          <table>
            <caption className="cx-visually-hidden">{t('webhooks.logOf', { name })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('webhooks.logTime')}</th>
                <th scope="col">{t('webhooks.logEvent')}</th>
                <th scope="col">{t('webhooks.logAttempt')}</th>
                <th scope="col">{t('webhooks.logStatus')}</th>
                <th scope="col">{t('webhooks.logAnswer')}</th>
              </tr>
            </thead>
            <tbody>
              {log.attempts.map((a) => (
                <tr key={a.id}>
                  <td>{longInstant(a.at)}</td>
                  <td>{a.event}</td>
                  <td>{a.attempt}</td>
                  <td>
                    <Outcome a={a} />
                  </td>
                  <td className="answer">{a.answer ? a.answer.slice(0, 300) : ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
    </div>
  );
}
