import { describe, expect, it } from 'vitest';
import { checkAnswers, pagesOf, pickLocale, surveyLocales, surveyProblems, visibleQuestions, type Question, type SurveyDefinition, type SurveySettings } from '../../src/lib/survey-model';
import { alertProblems, conditionMet, type AlertDefinition } from '../../src/lib/alerts';
import { filterLink, filtersOfLink, linkOfFilters } from '../../src/lib/filter-link';

const q = (id: string, kind: Question['kind'], extra: Partial<Question> = {}): Question => ({ id, kind, required: false, text: { en: id }, ...extra });
const settings: SurveySettings = { title: { en: 'Visit' }, reportToResponses: true, stores: ['Leeds'], channel: 'Survey' };
const definition = (questions: Question[]): SurveyDefinition => ({ questions, thankYou: { en: 'Thanks' } });

describe('survey display logic', () => {
  const def = definition([
    q('nps', 'nps', { required: true }),
    q('why', 'single', { options: [{ id: 'a', text: { en: 'A' } }, { id: 'b', text: { en: 'B' } }], showIf: { questionId: 'nps', op: 'atMost', value: 6 } }),
    q('more', 'text', { required: true, showIf: { questionId: 'why', op: 'equals', value: 'b' } }),
    q('p', 'page'),
    q('stars', 'stars', { required: true }),
  ]);

  it('shows a question when an earlier answer matches, and hides its dependants with it', () => {
    expect(visibleQuestions(def, { nps: 3, why: 'b' }).map((x) => x.id)).toEqual(['nps', 'why', 'more', 'p', 'stars']);
    // A promoter never sees "why", so "more" stays hidden even with an old answer to "why".
    expect(visibleQuestions(def, { nps: 9, why: 'b' }).map((x) => x.id)).toEqual(['nps', 'p', 'stars']);
    expect(pagesOf(def, { nps: 9 }).map((p) => p.map((x) => x.id))).toEqual([['nps'], ['stars']]);
  });

  it('keeps only the answers of visible questions and names each refused one', () => {
    expect(checkAnswers(def, { nps: 10, why: 'a', stars: 4 })).toEqual({ kept: { nps: 10, stars: 4 }, errors: {} });
    expect(checkAnswers(def, { nps: 2, why: 'b', stars: 6 }).errors).toEqual({ more: 'This question needs an answer.', stars: 'Choose a whole number from 1 to 5.' });
    expect(checkAnswers(def, { nps: 2, why: 'c', stars: 1 }).errors).toEqual({ why: 'Choose one of the options.' });
  });
});

describe('publishing rules', () => {
  it('want a title, options for a choice, logic on earlier questions, and the NPS and stars the responses carry', () => {
    const problems = surveyProblems({ ...settings, title: { en: ' ' } }, definition([
      q('later', 'text', { showIf: { questionId: 'nps', op: 'atMost', value: 6 } }),
      q('nps', 'nps', { required: true }),
      q('pick', 'multiple', { options: [{ id: 'x', text: { en: 'Only' } }] }),
    ]));
    expect(problems.map((p) => p.message)).toEqual([
      'A survey needs a title.',
      'A survey that reports to the responses data needs exactly one required star rating question, shown to everyone.',
      'Question 1 can only depend on an earlier question.',
      'Question 3 needs at least two options.',
    ]);
    expect(surveyProblems({ ...settings, reportToResponses: false }, definition([q('t', 'text')]))).toEqual([]);
  });
});

describe('alert rules', () => {
  const base: AlertDefinition = { name: 'A', moduleId: 'responses', measure: 'nps', condition: 'below', threshold: 10, schedule: 'daily', filters: [] };
  it('check the threshold against the measure and the condition against the measure', () => {
    expect(alertProblems(base)).toEqual({});
    expect(alertProblems({ ...base, measure: 'stars', threshold: 6 })).toEqual({ threshold: 'Enter a number from 1 to 5.' });
    expect(alertProblems({ ...base, condition: 'changeBy', threshold: 0 })).toEqual({ threshold: 'Enter a number from 0.1 to 200.' });
    expect(alertProblems({ ...base, filters: [{ key: 'Region', value: 'North' }, { key: 'Region', value: 'South' }] }).filters).toBeDefined();
  });
  it('fire below, above and on a change larger than the points', () => {
    expect(conditionMet(base, 9.9, null)).toBe(true);
    expect(conditionMet(base, 10, null)).toBe(false);
    expect(conditionMet({ condition: 'above', threshold: 10 }, 10.1, null)).toBe(true);
    expect(conditionMet({ condition: 'changeBy', threshold: 5 }, 20, 14)).toBe(true);
    expect(conditionMet({ condition: 'changeBy', threshold: 5 }, 20, 16)).toBe(false);
    expect(conditionMet({ condition: 'changeBy', threshold: 5 }, 20, null)).toBe(false);
    expect(conditionMet(base, null, null)).toBe(false);
  });
});

describe('dashboard links with filters', () => {
  it('round-trip the period and the values', () => {
    const link = filterLink('/dashboard/overview/', 'Last7Days', [{ key: 'Region', value: 'North & East' }, { key: 'Channel', value: 'Online' }]);
    expect(link).toBe('/dashboard/overview/?date=Last7Days&f.Region=North+%26+East&f.Channel=Online');
    expect(filtersOfLink(new URL(link, 'http://x').searchParams)).toEqual({ dateChoice: 'Last7Days', values: { Region: ['North & East'], Channel: ['Online'] } });
    expect(filtersOfLink(new URLSearchParams('editor'))).toBeNull();
    expect(filtersOfLink(new URLSearchParams('date=Bogus&f.Region=North'))?.dateChoice).toBe('Last7Days');
    // An alert's days: fixed, whenever the link is followed; a broken range falls back to Last 7 Days.
    const days = filterLink('/dashboard/overview/', { from: '2026-11-14', to: '2026-11-20' }, [{ key: 'Region', value: 'North' }]);
    expect(days).toBe('/dashboard/overview/?date=CustomRange&from=2026-11-14&to=2026-11-20&f.Region=North');
    expect(filtersOfLink(new URL(days, 'http://x').searchParams)).toEqual({ dateChoice: 'CustomRange', customFrom: '2026-11-14', customTo: '2026-11-20', values: { Region: ['North'] } });
    expect(filtersOfLink(new URLSearchParams('date=CustomRange&from=14/11/2026'))?.dateChoice).toBe('Last7Days');
  });

  it('write the filters chosen on a dashboard as the link that opens it with them (a shared link)', () => {
    const chosen = { dateChoice: 'Month:2026-02' as const, values: { Region: ['North', 'South & East'] } };
    const link = linkOfFilters('/dashboard/overview/', chosen);
    expect(filtersOfLink(new URL(link, 'http://x').searchParams)).toEqual(chosen);
    const days = { dateChoice: 'CustomRange' as const, customFrom: '2026-03-01', customTo: '2026-03-07', values: {} };
    expect(filtersOfLink(new URL(linkOfFilters('/dashboard/overview/', days), 'http://x').searchParams)).toEqual(days);
    // A custom range still being chosen (one day missing) is shared as the default period.
    expect(linkOfFilters('/d/', { dateChoice: 'CustomRange', customFrom: '2026-03-01', customTo: '', values: {} })).toBe('/d/?date=Last7Days');
  });
});

describe("a public survey's language", () => {
  it('is offered in English, and in German when its title has a German text', () => {
    expect(surveyLocales({ en: 'Visit' })).toEqual(['en']);
    expect(surveyLocales({ en: 'Visit', de: ' ' })).toEqual(['en']);
    expect(surveyLocales({ en: 'Visit', de: 'Besuch' })).toEqual(['en', 'de']);
  });

  it("is the first of the respondent's languages it is offered in, regional ones included, else its default", () => {
    expect(pickLocale(['fr-FR', 'de-AT', 'en'], ['en', 'de'])).toBe('de');
    expect(pickLocale(['DE'], ['en', 'de'])).toBe('de');
    expect(pickLocale(['de'], ['en'])).toBe('en');
    expect(pickLocale([], ['en', 'de'])).toBe('en');
  });
});
