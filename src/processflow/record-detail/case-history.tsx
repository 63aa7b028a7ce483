import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useElement } from '../../elements/element-context';
import { isBadRequest } from '../../api/client';
import { historyCsv, type HistoryEntry } from '../../api/processflow';
import { longDate, longInstant } from '../../lib/dates';
import { downloadText } from '../../lib/download';

/** The names the server writes for what no person did (issue 45): rules, escalations, the customer's survey answer. */
const SYSTEM_NAMES: Record<string, string> = { 'Case rules': 'rules', System: 'system', Customer: 'customer' };
export const whoDid = (t: TFunction, userName: string) => (SYSTEM_NAMES[userName] ? t(`history.by.${SYSTEM_NAMES[userName]}`) : userName);

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));
/** A deadline as the server names it (firstResponse, resolution) or as a time. */
const deadlineText = (t: TFunction, v: unknown) => (/^\d{4}-\d\d-\d\d/.test(text(v)) ? longInstant(text(v)) : t(`clock.${text(v)}`, { defaultValue: text(v) }));

/**
 * The details worth reading of an entry (issue 45): the rule that opened the case, an escalation's
 * level, colleague and deadline, a closing's root cause, resolution and recovery survey.
 */
export function historyDetails(t: TFunction, p: Record<string, unknown>): string[] {
  const lines: string[] = [];
  if (p.rule) lines.push(t('history.rule', { rule: text(p.rule) }));
  if (p.level) lines.push(t('history.escalated', { level: text(p.level), to: text(p.escalatedTo) }));
  if (p.level && p.deadline) lines.push(t('history.deadline', { deadline: deadlineText(t, p.deadline) }));
  if (p.rootCause) lines.push(t('history.rootCause', { cause: text(p.rootCause) }));
  if (typeof p.problemResolved === 'boolean') lines.push(t(p.problemResolved ? 'history.resolvedYes' : 'history.resolvedNo'));
  if (typeof p.recoverySurvey === 'string') lines.push(t(`history.survey.${p.recoverySurvey}`, { defaultValue: p.recoverySurvey }));
  return lines;
}

/** The case's history, newest first, with its export as CSV. */
export function CaseHistory({ t, moduleId, pfoId, sourceObjectId, history }: { t: TFunction; moduleId: string; pfoId: string; sourceObjectId: number; history: HistoryEntry[] }) {
  const { api } = useElement();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const exportCsv = () => {
    setBusy(true);
    setError('');
    historyCsv(moduleId, pfoId, api)
      .then((csv) => (isBadRequest(csv) ? setError(csv.message ?? '') : downloadText(`case-${sourceObjectId}-history.csv`, String(csv), 'text/csv')))
      .catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)))
      .finally(() => setBusy(false));
  };
  return (
    <section aria-labelledby="case-history">
      <h3 id="case-history">{t('case.history')}</h3>
      <p className="history-tools">
        <button type="button" className="secondary" onClick={exportCsv} disabled={busy} aria-busy={busy}>{t('history.export')}</button>
      </p>
      {error && <p className="cx-error" role="alert">{t('history.exportFailed')} {error}</p>}
      {history.length === 0 ? (
        <p className="hint">{t('case.noHistory')}</p>
      ) : (
        <ol className="timeline">
          {[...history].reverse().map((h) => {
            const details = historyDetails(t, h.properties ?? {});
            return (
              <li key={h.historyId}>
                <p>
                  <strong>{h.label ?? h.actionName}</strong> · {whoDid(t, h.userName)} · <time dateTime={h.actionedAt}>{longDate(h.actionedAt)}</time>
                  {h.fromState !== h.toState && <> · {t('case.stateChange', { from: t(`case.states.${h.fromState}`, { defaultValue: h.fromState }), to: t(`case.states.${h.toState}`, { defaultValue: h.toState }) })}</>}
                </p>
                {details.length > 0 && <p className="details">{details.join(' · ')}</p>}
                {h.comment && <p className="comment">{h.comment}</p>}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
