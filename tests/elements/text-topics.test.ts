import { afterEach, describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { fixture, fixtureCleanup, html } from '@open-wc/testing-helpers';
import '../../elements/cx-datasources';
import { json, realFetch, server, type Call } from './fake-server';
import { enterValue, settled, shadow } from './helpers';
import type { CountedTopic, TextAnalysisProgress, TopicCandidate } from '../../src/api/text-topics';

/** A source's topics on its page (issue 49): progress, the taxonomy to edit, suggestions, against a fake server. */

afterEach(() => {
  fixtureCleanup();
  realFetch();
});

const SOURCE = {
  id: 'reviews', name: 'Store reviews', builtin: false, state: 'ready', rows: 5000, lastImportAt: '2026-03-01T09:30:00Z', roles: [], dateKey: null,
  columns: [
    { key: 'Comment', name: 'Comment', typeName: 'String', role: 'verbatim', hidden: false },
    { key: 'Stars', name: 'Stars', typeName: 'Number', role: 'score', score: { kind: 'Rating', min: 1, max: 5 }, hidden: false },
    { key: 'Sentiment', name: 'Sentiment', typeName: 'String', role: 'score', score: { kind: 'Sentiment' }, hidden: false, derived: 'text' },
    { key: 'Topic', name: 'Topic', typeName: 'String', role: 'attribute', hidden: false, derived: 'topic' },
  ],
  dependents: { dashboards: [], favourites: 0, alerts: 0 },
};

const TOPICS: CountedTopic[] = [
  { id: 'delivery', name: 'Delivery', terms: ['delivery', 'courier'], exclusions: [], count: 1200, netSentiment: -35 },
  { id: 'late-delivery', name: 'Late delivery', parentId: 'delivery', terms: ['late', 'delayed'], exclusions: ['not late'], count: 300, netSentiment: -80 },
  { id: 'staff', name: 'Staff', terms: ['staff', 'friendly'], exclusions: [], count: 1, netSentiment: null },
];

const CANDIDATES: TopicCandidate[] = [
  { name: 'refund', terms: ['refund', 'money back'], count: 240, lang: 'en', examples: ['Still waiting for my refund.', 'Getting my money back took weeks.'] },
  { name: 'app', terms: ['app', 'login'], count: 90, examples: ['The app keeps logging me out.'] },
  { name: 'parking', terms: ['parking'], count: 12, examples: ['No parking anywhere near the store.'] },
];

const RUNNING: TextAnalysisProgress = { state: 'running', rowsDone: 1200, rowsTotal: 5000 };

interface Options {
  analysis?: TextAnalysisProgress | null;
  /** What PUT answers (default: the body's topics, saved). */
  put?: (body: { topics: CountedTopic[] }) => Response;
}

/** The source's routes; after a save the pass runs for two polls, then the counts are the ones `after` gives. */
function sourceServer({ analysis = RUNNING, put }: Options = {}) {
  let topics = TOPICS;
  let polls: number | null = null;
  const calls = server((method, path) => {
    if (method === 'GET' && path === '/api/datasources/reviews') {
      if (polls === null) return json({ ...SOURCE, textAnalysis: analysis });
      polls += 1;
      const state = polls <= 1 ? { state: 'running', rowsDone: 2500, rowsTotal: 5000 } : { state: 'done', rowsDone: 5000, rowsTotal: 5000 };
      return json({ ...SOURCE, textAnalysis: state });
    }
    if (method === 'GET' && path === '/api/datasources/reviews/topics') return json({ topics });
    if (method === 'PUT' && path === '/api/datasources/reviews/topics') {
      const body = JSON.parse(calls.at(-1)!.body) as { topics: CountedTopic[] };
      if (put) return put(body);
      polls = 0;
      // Saved at once; counted once the pass has read the history.
      topics = body.topics.map((t) => ({ ...t, count: t.id === 'refunds' ? 240 : (TOPICS.find((x) => x.id === t.id)?.count ?? 0), netSentiment: -60 }));
      return json({ topics: body.topics });
    }
    if (method === 'POST' && path === '/api/datasources/reviews/topics/proposals') return json({ candidates: CANDIDATES });
    if (path === '/api/datasources/reviews/imports') return json([]);
    if (path === '/api/identity/roles') return json([{ name: 'PortalAdmin' }]);
    return undefined;
  });
  return calls;
}

const q = <T extends Element>(el: Element, selector: string) => shadow(el).querySelector<T>(selector);
const all = <T extends Element>(el: Element, selector: string) => [...shadow(el).querySelectorAll<T>(selector)];
/** A button by its accessible name (its aria-label, else its text). */
const button = (el: Element, name: string) => all<HTMLButtonElement>(el, 'button').find((b) => (b.getAttribute('aria-label') ?? b.textContent?.trim()) === name);
const focused = (el: Element) => shadow(el).activeElement as HTMLElement | null;
const topLevel = (el: Element) => all(el, 'ul.topics:not(.sub) > li > .topic-row .topic-name').map((n) => n.textContent);
const rowOf = (el: Element, id: string) => q(el, `[data-topic="${id}"] > .topic-row`)!;
const nameField = (el: Element) => q<HTMLInputElement>(el, 'input[name="topic-name"]')!;

async function open(options?: Options, lang = 'en') {
  const calls = sourceServer(options);
  const el = await fixture(html`<cx-datasources source-id="reviews" lang=${lang} api-base="http://portal.test"></cx-datasources>`);
  await expect.poll(() => all(el, 'ul.topics li').length).toBe(3);
  return { el, calls };
}

async function suggest(el: Element) {
  button(el, 'Suggest topics')!.click();
  await expect.poll(() => all(el, 'input[name="candidate-name"]').length).toBe(3);
}

const sentTopics = (calls: Call[]) => JSON.parse(calls.filter((c) => c.method === 'PUT').at(-1)!.body).topics;

describe('<cx-datasources source-id> topics', () => {
  it('should show the analysis progress and the taxonomy as a tree with counts and net sentiment, accessibly', async () => {
    const { el } = await open();
    // The columns computed from the comments are named, not offered for editing.
    expect(all<HTMLInputElement>(el, 'table.columns tbody input:not([type])').map((i) => i.value)).toEqual(['Comment', 'Stars']);
    expect(q(el, '.computed-columns')!.textContent).toBe('Computed from the comments (text analysis): Sentiment, Topic');
    const bar = q<HTMLProgressElement>(el, 'progress[aria-label="Comments analysed"]')!;
    expect([bar.value, bar.max]).toEqual([1200, 5000]);
    expect(bar.getAttribute('aria-valuetext')).toBe('1,200 of 5,000 rows read');
    expect(q(el, '.topics-admin .progress [role="status"]')!.textContent).toBe('1,200 of 5,000 rows read');
    expect(topLevel(el)).toEqual(['Delivery', 'Staff']);
    expect(all(el, '[data-topic="delivery"] ul.sub > li .topic-name').map((n) => n.textContent)).toEqual(['Late delivery']);
    expect(rowOf(el, 'delivery').querySelector('.topic-figures')!.textContent).toBe('1,200 comments · net sentiment -35');
    expect(rowOf(el, 'staff').querySelector('.topic-figures')!.textContent).toBe('1 comment · net sentiment —');
    await expect(el).to.be.accessible();
    await suggest(el);
    expect(shadow(el).textContent).toContain('240 comments');
    expect(all(el, 'ul.examples li').map((li) => li.textContent)).toContain('Still waiting for my refund.');
    // Read out in the comments' language, not the page's.
    expect(q(el, 'ul.examples q')!.getAttribute('lang')).toBe('en');
    await expect(el).to.be.accessible();
  });

  it('should accept a renamed proposal, merge one into a topic, drop one, save, and show the counts once the pass has read the history', async () => {
    const { el, calls } = await open();
    await suggest(el);
    enterValue(all<HTMLInputElement>(el, 'input[name="candidate-name"]')[0], 'Refunds');
    await settled(el);
    button(el, 'Accept “Refunds”')!.click();
    await expect.poll(() => topLevel(el)).toEqual(['Delivery', 'Staff', 'Refunds']);
    expect(q(el, '.proposals [role="status"]')!.textContent).toBe('“Refunds” has been added to the topics. Save to apply it.');
    // The focus goes on to the next suggestion.
    await expect.poll(() => focused(el)).toBe(all(el, 'input[name="candidate-name"]')[0]);
    expect(focused(el)).toHaveProperty('value', 'app');
    enterValue(q<HTMLSelectElement>(el, 'select[aria-label="Topic to merge “app” into"]')!, 'staff');
    await settled(el);
    button(el, 'Merge “app”')!.click();
    await expect.poll(() => all(el, 'input[name="candidate-name"]').length).toBe(1);
    button(el, 'Drop “parking”')!.click();
    await expect.poll(() => focused(el)).toBe(button(el, 'Suggest topics'));
    expect(shadow(el).textContent).toContain('Changes not saved yet.');

    button(el, 'Save the topics')!.click();
    await expect.poll(() => calls.some((c) => c.method === 'PUT')).toBe(true);
    expect(sentTopics(calls)).toEqual([
      { id: 'delivery', name: 'Delivery', terms: ['delivery', 'courier'], exclusions: [] },
      { id: 'late-delivery', name: 'Late delivery', parentId: 'delivery', terms: ['late', 'delayed'], exclusions: ['not late'] },
      { id: 'staff', name: 'Staff', terms: ['staff', 'friendly', 'app', 'login'], exclusions: [] },
      { id: 'refunds', name: 'Refunds', terms: ['refund', 'money back'], exclusions: [] },
    ]);
    await expect.poll(() => q(el, '.topics-admin .banner.success')?.textContent).toBe(
      'The topics have been saved. Their counts follow once the analysis has read the comments again; its progress is shown above.',
    );
    expect(rowOf(el, 'refunds').querySelector('.topic-figures')!.textContent).toBe('not counted yet');
    await expect.poll(() => shadow(el).textContent, { timeout: 4000 }).toContain('2,500 of 5,000 rows read');
    await expect.poll(() => rowOf(el, 'refunds').querySelector('.topic-figures')!.textContent, { timeout: 6000 }).toBe('240 comments · net sentiment -60');
    expect(q(el, '.topics-admin .progress')).toBeNull();
    expect(shadow(el).textContent).toContain('Every comment has been analysed.');
  });

  it('should rename a topic in place: its id, sub-topics and counts stay until the save', async () => {
    const { el, calls } = await open();
    button(el, 'Edit “Delivery”')!.click();
    await expect.poll(() => focused(el)?.getAttribute('name')).toBe('topic-name');
    enterValue(nameField(el), 'Shipping');
    await settled(el);
    expect(rowOf(el, 'delivery').querySelector('.topic-name')!.textContent).toBe('Shipping');
    expect(rowOf(el, 'delivery').querySelector('.topic-figures')!.textContent).toBe('1,200 comments · net sentiment -35');
    expect(q<HTMLSelectElement>(el, 'select[name="topic-parent"]')!.options.length).toBe(2); // None and Staff: not itself nor its sub-topic
    button(el, 'Save the topics')!.click();
    await expect.poll(() => calls.some((c) => c.method === 'PUT')).toBe(true);
    expect(sentTopics(calls).slice(0, 2)).toEqual([
      { id: 'delivery', name: 'Shipping', terms: ['delivery', 'courier'], exclusions: [] },
      { id: 'late-delivery', name: 'Late delivery', parentId: 'delivery', terms: ['late', 'delayed'], exclusions: ['not late'] },
    ]);
  });

  it('should show a 400 by the field it names, with the topic opened and its field focused, accessibly', async () => {
    const message = 'Another topic at this level is called “Delivery”.';
    const { el, calls } = await open({ put: () => json({ message: `topics.2.name: ${message}`, errors: { 'topics.2.name': [message] } }, 400) });
    button(el, 'Edit “Staff”')!.click();
    await expect.poll(() => focused(el)?.getAttribute('name')).toBe('topic-name');
    enterValue(nameField(el), 'Delivery');
    await settled(el);
    button(el, 'Close')!.click();
    await settled(el);
    button(el, 'Save the topics')!.click();
    await expect.poll(() => nameField(el)?.getAttribute('aria-invalid')).toBe('true');
    expect(sentTopics(calls)[2]).toEqual({ id: 'staff', name: 'Delivery', terms: ['staff', 'friendly'], exclusions: [] });
    expect(q(el, '#topic-name-error')!.textContent).toBe(message);
    expect(nameField(el).getAttribute('aria-describedby')).toBe('topic-name-error');
    expect(rowOf(el, 'staff').textContent).toContain('to correct');
    expect(q(el, '.topics-admin [role="alert"]')!.textContent).toBe('Some topics need a correction: see the marked fields.');
    await expect.poll(() => focused(el)?.getAttribute('name')).toBe('topic-name');
    await expect(el).to.be.accessible();
  });

  it('should show a message that names no field (a cycle) above the actions', async () => {
    const message = 'A topic cannot be under itself: Delivery → Late delivery → Delivery.';
    const { el } = await open({ put: () => json({ message, errors: { topics: [message] } }, 400) });
    button(el, 'Save the topics')!.click();
    await expect.poll(() => q(el, '.topics-admin [role="alert"]')?.textContent).toBe(message);
  });

  it('should be usable by keyboard: edit terms, close, add a sub-topic, delete, save', async () => {
    const { el, calls } = await open({ analysis: { state: 'done', rowsDone: 5000, rowsTotal: 5000 } });
    button(el, 'Edit “Delivery”')!.focus();
    await userEvent.keyboard('{Enter}');
    await expect.poll(() => focused(el)?.getAttribute('name')).toBe('topic-name');
    expect(button(el, 'Edit “Delivery”')!.getAttribute('aria-expanded')).toBe('true');
    // A new term by Enter in its field; a tag removed by its button: the focus goes to the next tag.
    q<HTMLInputElement>(el, 'input[aria-label="New entry for Words and phrases"]')!.focus();
    await userEvent.keyboard('parcel{Enter}');
    await settled(el);
    expect(all(el, '#topic-terms .chips li span').map((s) => s.textContent)).toEqual(['delivery', 'courier', 'parcel']);
    button(el, 'Remove “delivery”')!.focus();
    await userEvent.keyboard('{Enter}');
    await expect.poll(() => focused(el)).toBe(button(el, 'Remove “courier”'));
    q<HTMLInputElement>(el, 'input[aria-label="New entry for Exclusions"]')!.focus();
    await userEvent.keyboard('delivery fee{Enter}');
    await settled(el);
    button(el, 'Close')!.focus();
    await userEvent.keyboard('{Enter}');
    await expect.poll(() => focused(el)).toBe(button(el, 'Edit “Delivery”'));
    expect(nameField(el)).toBeNull();

    // A sub-topic under Staff, named by keyboard; the field is focused with its starting name.
    button(el, 'Add a sub-topic under “Staff”')!.focus();
    await userEvent.keyboard('{Enter}');
    await expect.poll(() => focused(el)?.getAttribute('name')).toBe('topic-name');
    await userEvent.fill(nameField(el), 'Friendliness');
    await userEvent.tab();
    expect(focused(el)).toBe(q(el, 'select[name="topic-parent"]'));
    expect(q<HTMLSelectElement>(el, 'select[name="topic-parent"]')!.value).toBe('staff');

    // Deleting a topic moves its sub-topics up and the focus to the next topic.
    button(el, 'Delete “Delivery”')!.focus();
    await userEvent.keyboard('{Enter}');
    await expect.poll(() => focused(el)).toBe(button(el, 'Edit “Late delivery”'));
    expect(topLevel(el)).toEqual(['Late delivery', 'Staff']);

    button(el, 'Save the topics')!.focus();
    await userEvent.keyboard('{Enter}');
    await expect.poll(() => calls.some((c) => c.method === 'PUT')).toBe(true);
    expect(sentTopics(calls)).toEqual([
      { id: 'late-delivery', name: 'Late delivery', terms: ['late', 'delayed'], exclusions: ['not late'] },
      { id: 'staff', name: 'Staff', terms: ['staff', 'friendly'], exclusions: [] },
      { id: 'friendliness', name: 'Friendliness', parentId: 'staff', terms: [], exclusions: [] },
    ]);
  });

  it('should speak German with lang="de"', async () => {
    const { el } = await open(undefined, 'de');
    expect(q(el, '#topics-title')!.textContent).toBe('Themen');
    expect(button(el, 'Themen vorschlagen')).toBeTruthy();
    expect(rowOf(el, 'delivery').querySelector('.topic-figures')!.textContent).toBe('1.200 Kommentare · Netto-Stimmung -35');
    expect(shadow(el).textContent).toContain('1.200 von 5.000 Zeilen gelesen');
  });

  it('should say which learned model reads the sentiment: the source\'s own, one learned from another source, or none', async () => {
    const figures = { trainedOn: 4210, heldOutRows: 1053, accuracy: 0.7884, macroF1: 0.7112, lexiconAccuracy: 0.811, lexiconMacroF1: 0.629, inUse: true };
    const own = { lang: 'en' as const, from: 'own' as const, sourceId: 'reviews', sourceName: 'Store reviews', ...figures };
    const models = (el: Element) => all(el, '.topics-admin .sentiment-model').map((p) => p.textContent);

    let { el } = await open({ analysis: { state: 'done', rowsDone: 5000, rowsTotal: 5000, models: [own] } });
    expect(models(el)).toEqual(['Sentiment (English): learned from this source\'s 4,210 scored comments — agrees with 78.8% of held-out scores (macro-F1 0.71; the word lists alone: 81.1%, 0.63)']);
    await expect(el).to.be.accessible();
    fixtureCleanup();

    // Its own model read no better than the word lists: they read, and the page says why.
    ({ el } = await open({ analysis: { state: 'done', rowsDone: 5000, rowsTotal: 5000, models: [{ ...own, macroF1: 0.6, inUse: false }] } }));
    expect(models(el)).toEqual([
      'Sentiment (English): word lists — the model learned from this source\'s 4,210 scored comments read no better (agrees with 78.8% of held-out scores, macro-F1 0.60; the word lists: 81.1%, 0.63)',
    ]);
    fixtureCleanup();

    // Read while the pass runs, by a model learned from another source, in German too.
    const portal = { ...own, from: 'portal' as const, sourceId: 'responses', sourceName: 'Survey responses' };
    ({ el } = await open({ analysis: { ...RUNNING, models: [portal, { ...portal, lang: 'de', accuracy: 0.702, macroF1: 0.65 }] } }));
    expect(models(el)).toEqual([
      'Sentiment (English): read by the model learned from “Survey responses” (agrees with 78.8% of held-out scores, macro-F1 0.71)',
      'Sentiment (German): read by the model learned from “Survey responses” (agrees with 70.2% of held-out scores, macro-F1 0.65)',
    ]);
    fixtureCleanup();
    ({ el } = await open({ analysis: { ...RUNNING, models: [portal] } }, 'de'));
    expect(models(el)).toEqual(['Stimmung (Englisch): gelesen vom Modell, das aus „Survey responses“ gelernt wurde (stimmt bei 78,8\u00a0% der zurückgehaltenen Bewertungen überein, Makro-F1 0,71)']);
    fixtureCleanup();

    ({ el } = await open({ analysis: { state: 'done', rowsDone: 5000, rowsTotal: 5000, models: [] } }));
    expect(models(el)).toEqual(['Sentiment: word lists only (no scored comments to learn from)']);
    fixtureCleanup();

    // English read by a learned model, German by the word lists alone (no German model anywhere).
    ({ el } = await open({ analysis: { state: 'done', rowsDone: 5000, rowsTotal: 5000, models: [portal], wordLists: ['de'] } }));
    expect(models(el)).toEqual([
      'Sentiment (English): read by the model learned from “Survey responses” (agrees with 78.8% of held-out scores, macro-F1 0.71)',
      'Sentiment (German): word lists only (no model learned from scored comments in this language)',
    ]);
  });

  it('should show no topics for a source without a verbatim', async () => {
    const calls = sourceServer({ analysis: null });
    const el = await fixture(html`<cx-datasources source-id="reviews" api-base="http://portal.test"></cx-datasources>`);
    await expect.poll(() => q(el, 'h1')?.textContent).toBe('Store reviews');
    await settled(el);
    expect(q(el, '#topics-title')).toBeNull();
    expect(calls.some((c) => c.path.endsWith('/topics'))).toBe(false);
  });
});
