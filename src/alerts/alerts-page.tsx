import { useEffect, useState } from 'react';
import { useElement } from '../elements/element-context';
import { isBadRequest } from '../api/client';
import { createAlert, deleteAlert, listAlerts, updateAlert, type AlertView } from '../api/alerts';
import { smartFilters, type Dimension } from '../api/smartdata';
import type { AlertDefinition } from '../lib/alerts';
import { AlertForm } from './alert-form';
import { longInstant } from '../lib/dates';
import { Loading, LoadFailed } from '../elements/load-states';
import { useDrawnAnswer } from '../visuals/common/partner-events';
import { numberFormat } from '../lib/intl';

const MODULE = 'responses';
const NEW_ALERT: AlertDefinition = { name: '', moduleId: MODULE, measure: 'nps', condition: 'below', threshold: 20, schedule: 'daily', filters: [] };

type Saved = AlertView[] | { errors: Record<string, string> };

/**
 * The alerts page (`cx-alerts`, /alerts): the user's subscriptions with what each watches and
 * how it last measured, a form to add one, and for each: edit, pause or resume, delete.
 */
export function AlertsPage() {
  const { t, api, lang, emit } = useElement();
  const [alerts, setAlerts] = useState<AlertView[] | null>(null);
  const [dimensions, setDimensions] = useState<Dimension[]>([]);
  const [failed, setFailed] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const [message, setMessage] = useState('');

  useEffect(() => {
    let live = true;
    Promise.all([listAlerts(api), smartFilters(MODULE, [], ['Core'], api)])
      .then(([list, filters]) => {
        if (!live) return;
        if (isBadRequest(list)) return setFailed(true);
        setAlerts(list);
        if (!isBadRequest(filters)) setDimensions(filters.smartFilters);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [api]);

  /** Applies a call's answer: the new list, or the errors by field for the form. */
  const apply = async (call: Promise<AlertView[] | { message?: string; errors?: Record<string, string[]> }>, done: string): Promise<Record<string, string> | null> => {
    const res = (await call.catch(() => ({ errors: { _: [t('alerts.failed')] } }))) as Saved | { message?: string; errors?: Record<string, string[]> };
    if (Array.isArray(res)) {
      setAlerts(res);
      setEditing(null);
      setMessage(done);
      return null;
    }
    const errors = (res as { errors?: Record<string, string[]> }).errors ?? {};
    const byField = Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, v[0]]));
    if (!Object.keys(byField).length) byField.name = (res as { message?: string }).message ?? t('alerts.failed');
    return byField;
  };

  const describe = (a: AlertView) => {
    const measure = a.measure === 'driverShare' ? t('alerts.driverShareOf', { driver: t(`alerts.drivers.${a.driver}`) }) : t(`alerts.measures.${a.measure}`);
    const condition = a.condition === 'newDetractor' ? t('alerts.conditions.newDetractor') : `${t(`alerts.conditions.${a.condition}`)} ${a.threshold}`;
    const scope = a.filters.length ? a.filters.map((f) => `${f.key}: ${f.value}`).join(', ') : t('alerts.allData');
    return `${measure} · ${condition} · ${scope}`;
  };

  // The list is on screen: once per load (the user's own changes redraw it, as they are not loads).
  useDrawnAnswer(emit, alerts ? api : null, () => ({ name: MODULE, count: alerts!.length }));

  if (failed) return <LoadFailed className="banner error">{t('alerts.loadFailed')}</LoadFailed>;
  if (!alerts) return <Loading>{t('alerts.loading')}</Loading>;
  return (
    <section className="alerts" part="base" aria-labelledby="alerts-title">
      <h1 id="alerts-title">{t('alerts.title')}</h1>
      <p className="hint">{t('alerts.intro')}</p>
      <p className="cx-visually-hidden" role="status">
        {message}
      </p>
      {alerts.length === 0 ? (
        <p className="empty">{t('alerts.empty')}</p>
      ) : (
        <ul className="alert-list">
          {alerts.map((a) => (
            <li key={a.id} className={a.active ? '' : 'paused'} aria-labelledby={`alert-${a.id}`}>
              {editing === a.id ? (
                <AlertForm
                  initial={a}
                  dimensions={dimensions}
                  submitLabel={t('alerts.save')}
                  onCancel={() => setEditing(null)}
                  onSave={(d) => apply(updateAlert(a.id, { ...strip(d), active: a.active }, api), t('alerts.saved'))}
                />
              ) : (
                <>
                  <h2 id={`alert-${a.id}`}>
                    {a.name}
                    {a.firing && <span className="badge firing">{t('alerts.firing')}</span>}
                    {!a.active && <span className="badge">{t('alerts.paused')}</span>}
                  </h2>
                  <p>{describe(a)}</p>
                  <p className="hint">
                    {t(`alerts.schedules.${a.schedule}`)} ·{' '}
                    {a.lastCheckedAt
                      ? t('alerts.lastChecked', { at: longInstant(a.lastCheckedAt), value: a.lastValue === null ? '–' : numberFormat(lang).format(Number(a.lastValue.toFixed(2))) })
                      : t('alerts.notChecked')}
                    {a.lastFiredAt && <> · {t('alerts.lastFired', { at: longInstant(a.lastFiredAt) })}</>}
                  </p>
                  <div className="actions">
                    <button type="button" className="secondary" onClick={() => setEditing(a.id)}>
                      {t('alerts.edit')}
                      <span className="cx-visually-hidden"> {a.name}</span>
                    </button>
                    <button type="button" className="secondary" onClick={() => void apply(updateAlert(a.id, { ...strip(a), active: !a.active }, api), t(a.active ? 'alerts.pausedNow' : 'alerts.resumed'))}>
                      {t(a.active ? 'alerts.pause' : 'alerts.resume')}
                      <span className="cx-visually-hidden"> {a.name}</span>
                    </button>
                    <button type="button" className="secondary danger" onClick={() => confirm(t('alerts.confirmDelete', { name: a.name })) && void apply(deleteAlert(a.id, api), t('alerts.deleted'))}>
                      {t('alerts.delete')}
                      <span className="cx-visually-hidden"> {a.name}</span>
                    </button>
                  </div>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      <section aria-labelledby="new-alert-title" className="new-alert">
        <h2 id="new-alert-title">{t('alerts.new')}</h2>
        <AlertForm key={alerts.length} initial={NEW_ALERT} dimensions={dimensions} submitLabel={t('alerts.create')} onSave={(d) => apply(createAlert(strip(d), api), t('alerts.created'))} />
      </section>
    </section>
  );
}

/** The subscription's own fields, without what the server reports about it. */
function strip(a: AlertDefinition): AlertDefinition {
  const { name, moduleId, measure, driver, condition, threshold, schedule, filters } = a;
  return { name, moduleId, measure, ...(driver ? { driver } : {}), condition, ...(condition === 'newDetractor' ? {} : { threshold }), schedule, filters };
}
