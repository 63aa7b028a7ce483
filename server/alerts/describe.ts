import { ALERT_WINDOW_DAYS, type AlertDefinition } from '../../src/lib/alerts';

const MEASURE_NAMES: Record<AlertDefinition['measure'], string> = { nps: 'NPS', stars: 'Average star rating', detractors: 'Detractors', driverShare: 'Negative share', netSentiment: 'Net sentiment' };

const measureName = (a: AlertDefinition) => (a.measure === 'driverShare' ? `${MEASURE_NAMES.driverShare} of ${a.driver}` : MEASURE_NAMES[a.measure]);
const format = (a: AlertDefinition, v: number | null) =>
  v === null ? 'no value' : a.measure === 'stars' ? v.toFixed(2) : a.measure === 'detractors' ? String(Math.round(v)) : `${v.toFixed(1)}${a.measure === 'driverShare' ? '%' : ''}`;

/** The subject and text of a firing: what was measured, against what, under which filters. */
export function describeFiring(a: AlertDefinition, value: number | null, previous: number | null): { subject: string; text: string } {
  const scope = a.filters.length ? ` (${a.filters.map((f) => `${f.key}: ${f.value}`).join(', ')})` : '';
  const period = `over the last ${ALERT_WINDOW_DAYS} days`;
  let what: string;
  switch (a.condition) {
    case 'newDetractor':
      what = `${format(a, value)} new detractor${value === 1 ? '' : 's'} arrived`;
      break;
    case 'changeBy':
      what = `${measureName(a)} moved from ${format(a, previous)} to ${format(a, value)} ${period}, more than ${a.threshold} points`;
      break;
    default:
      what = `${measureName(a)} is ${format(a, value)} ${period}, ${a.condition} ${a.threshold}`;
  }
  return { subject: `Alert: ${a.name}`, text: `${a.name}: ${what}${scope}.` };
}
