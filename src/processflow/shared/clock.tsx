import { useCallback, useEffect, useState } from 'react';
import type { TFunction } from 'i18next';
import type { CaseRecord } from '../../api/processflow';
import { utc } from '../../lib/dates';

/** The states in which a case has no clock any more. */
const CLOSED = new Set(['Resolved', 'ClosedNoAction']);

export interface Deadline {
  kind: 'firstResponse' | 'resolution';
  /** Milliseconds since the epoch. */
  at: number;
}

const when = (v: unknown) => (typeof v === 'string' && v ? utc(v).getTime() : Number.NaN);

/**
 * The deadline a case works to now (issue 45): the first response until someone has responded,
 * then the resolution; none once it is closed or when it has no deadlines.
 */
export function nextDeadline(r: CaseRecord): Deadline | undefined {
  if (CLOSED.has(r.State) || r.ClosedAt) return undefined;
  const first = when(r.FirstResponseDueAt);
  if (!r.FirstRespondedAt && Number.isFinite(first)) return { kind: 'firstResponse', at: first };
  const resolution = when(r.ResolutionDueAt);
  return Number.isFinite(resolution) ? { kind: 'resolution', at: resolution } : undefined;
}

/** A span of time as a worker reads it: minutes under an hour, hours under two days, then days. */
export function spanText(t: TFunction, ms: number): string {
  const minutes = Math.max(1, Math.round(Math.abs(ms) / 60_000));
  if (minutes < 60) return t('clock.minutes', { count: minutes });
  const hours = Math.round(minutes / 60);
  return hours < 48 ? t('clock.hours', { count: hours }) : t('clock.days', { count: Math.round(hours / 24) });
}

/**
 * The time now by the server's clock, moving on each minute so that a clock on screen stays
 * right. `sync` takes the server's `now` (ISO) as an answer arrives; without one the browser's
 * clock counts.
 */
export function useServerClock(): { now: number; sync: (serverNow?: string) => void } {
  const [clock, setClock] = useState(() => ({ at: Date.now(), offset: 0 }));
  useEffect(() => {
    const timer = setInterval(() => setClock((c) => ({ ...c, at: Date.now() })), 60_000);
    return () => clearInterval(timer);
  }, []);
  const sync = useCallback((serverNow?: string) => {
    const at = Date.now();
    const server = serverNow ? utc(serverNow).getTime() : Number.NaN;
    setClock({ at, offset: Number.isFinite(server) ? server - at : 0 });
  }, []);
  return { now: clock.at + clock.offset, sync };
}

/** A case's clock: "Due in 3 h" or "Overdue by 2 h" with an Overdue badge; nothing without a deadline. */
export function CaseClock({ t, record, now, withKind = false }: { t: TFunction; record: CaseRecord; now: number; withKind?: boolean }) {
  const due = nextDeadline(record);
  if (!due) return null;
  const late = due.at < now;
  const span = spanText(t, due.at - now);
  return (
    <span className={`clock${late ? ' late' : ''}`} data-clock={due.kind}>
      {withKind && <>{t(`clock.${due.kind}`)}: </>}
      {t(late ? 'clock.overdueBy' : 'clock.dueIn', { time: span })}
      {late && <> <span className="badge overdue">{t('clock.overdue')}</span></>}
    </span>
  );
}
