import type { TFunction } from 'i18next';
import { PRIORITIES, type CaseQueue } from '../api/caserules';
import { browserTimeZone, weekdayName } from '../lib/dates';

/** The week as the form shows it, Monday first (0 is Sunday, as the contract counts). */
export const WEEK = [1, 2, 3, 4, 5, 6, 0];

export const newQueue = (): CaseQueue => ({
  name: '',
  firstResponseHours: { High: 4, Normal: 8, Low: 24 },
  resolutionHours: { High: 24, Normal: 48, Low: 120 },
  calendar: { days: [1, 2, 3, 4, 5], start: '09:00', end: '17:00', timeZone: browserTimeZone() },
});

/** A queue's hours per priority in words: "High 4 h · Normal 8 h · Low 24 h". */
export const describeHours = (hours: CaseQueue['firstResponseHours'], t: TFunction) =>
  PRIORITIES.map((p) => t('caseRules.queues.hoursOf', { priority: t(`caseRules.priorities.${p}`), hours: hours[p] })).join(' · ');

/** A queue's working time in words: "Mon, Tue, Wed, Thu, Fri · 09:00–17:00 · Europe/Berlin". */
export const describeCalendar = (c: CaseQueue['calendar'], lang: string) =>
  [WEEK.filter((d) => c.days.includes(d)).map((d) => weekdayName(d, lang, 'short')).join(', '), `${c.start}–${c.end}`, c.timeZone].join(' · ');
