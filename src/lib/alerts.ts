/**
 * Alert subscriptions, shared by the alerts page and the server: what can be measured, the
 * conditions and schedules, and the rules a subscription must keep (English messages; the page
 * translates by field).
 */

export const ALERT_MEASURES = ['nps', 'stars', 'detractors', 'driverShare', 'netSentiment'] as const;
export type AlertMeasure = (typeof ALERT_MEASURES)[number];
export const ALERT_CONDITIONS = ['below', 'above', 'changeBy', 'newDetractor'] as const;
export type AlertCondition = (typeof ALERT_CONDITIONS)[number];
export const ALERT_SCHEDULES = ['immediate', 'daily', 'weekly'] as const;
export type AlertSchedule = (typeof ALERT_SCHEDULES)[number];
/** The drivers whose share of negative ("Detractor") ratings an alert may watch. */
export const ALERT_DRIVERS = ['Price', 'Availability', 'Service', 'Information'] as const;

/** Every alert measures the last seven days (the dashboards' default period) against the seven before. */
export const ALERT_WINDOW_DAYS = 7;
/** How long each schedule waits between checks (an immediate alert is checked on every scheduler run). */
export const SCHEDULE_MS: Record<AlertSchedule, number> = { immediate: 0, daily: 86_400_000, weekly: 7 * 86_400_000 };

export interface AlertFilter {
  key: string;
  value: string;
}

export interface AlertDefinition {
  name: string;
  moduleId: string;
  measure: AlertMeasure;
  /** For a driver's share. */
  driver?: (typeof ALERT_DRIVERS)[number];
  condition: AlertCondition;
  /** The threshold (below, above) or the points of change (changeBy). */
  threshold?: number;
  schedule: AlertSchedule;
  filters: AlertFilter[];
}

/** The range a measure's value can take: NPS and net sentiment -100..100, stars 1..5, counts and shares. */
export const MEASURE_RANGE: Record<AlertMeasure, [number, number]> = { nps: [-100, 100], stars: [1, 5], detractors: [0, 1_000_000], driverShare: [0, 100], netSentiment: [-100, 100] };

/** What is wrong with a subscription, keyed by field (none when it can be saved). */
export function alertProblems(a: AlertDefinition): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!a.name.trim()) problems.name = 'An alert needs a name.';
  if (a.measure === 'driverShare' && !a.driver) problems.driver = 'Choose the driver whose share to watch.';
  if (a.condition === 'newDetractor') {
    if (a.measure !== 'detractors') problems.condition = '"Every new detractor" goes with the detractors measure.';
  } else {
    const [min, max] = a.condition === 'changeBy' ? [0.1, MEASURE_RANGE[a.measure][1] - MEASURE_RANGE[a.measure][0]] : MEASURE_RANGE[a.measure];
    if (a.threshold === undefined || !Number.isFinite(a.threshold)) problems.threshold = 'Enter the number the condition compares with.';
    else if (a.threshold < min || a.threshold > max) problems.threshold = `Enter a number from ${min} to ${max}.`;
  }
  const keys = a.filters.map((f) => f.key);
  if (new Set(keys).size !== keys.length) problems.filters = 'Each filter field once: choose one value per field.';
  return problems;
}

/** Whether a measured value meets the condition (a change compares with the previous period). */
export function conditionMet(a: Pick<AlertDefinition, 'condition' | 'threshold'>, value: number | null, previous: number | null): boolean {
  if (value === null || a.threshold === undefined) return false;
  if (a.condition === 'below') return value < a.threshold;
  if (a.condition === 'above') return value > a.threshold;
  if (a.condition === 'changeBy') return previous !== null && Math.abs(value - previous) > a.threshold;
  return false;
}
