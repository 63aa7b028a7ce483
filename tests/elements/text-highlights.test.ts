import { afterEach, describe, expect, it } from 'vitest';
import { fixture, html } from '@open-wc/testing-helpers';
import './highlights-harness';
import { json, realFetch, server, type Call } from './fake-server';
import { setFetch } from '../../src/api/client';
import type { RowHighlights } from '../../src/api/text';
import { shadow } from './helpers';
import '../../elements/cx-record-detail';
import '../../elements/cx-records-viewer';
import './tile-harness';
import { tile } from './visual-fixtures';
import { $session } from '../../src/stores/session';
import type { Session } from '../../src/api/types';

/** Issue 49: the words that made a verbatim's sentiment and topics, highlighted with their reason. */

const ROWS = [
  { key: 'r1', text: 'Refund delayed again.' },
  { key: 'r2', text: 'Lovely staff.' },
];
const neutral = { label: 'neutral' as const, score: 0, lang: 'en' as const, spans: [] };
const HIGHLIGHTS: Record<string, RowHighlights> = {
  r1: {
    sentiment: { label: 'negative', score: -0.6, lang: 'en', spans: [{ start: 7, end: 14, weight: -0.6, reason: 'negative word "delayed"' }] },
    topics: [{ topicId: 'returns', name: 'Returns', sentiment: neutral, spans: [{ start: 0, end: 6, weight: 0, reason: 'topic term "refund"' }] }],
  },
  r2: { sentiment: { label: 'positive', score: 0.7, lang: 'en', spans: [{ start: 0, end: 12, weight: 0.7, reason: 'phrase "lovely staff"' }] }, topics: [] },
};

/** The same highlights keyed as the server keys numbered rows. */
const HIGHLIGHTS_BY_ID = { 1: HIGHLIGHTS.r1, 2: HIGHLIGHTS.r2 };

type Harness = HTMLElement & { sourceId?: string; rows?: unknown };

async function mount(lang = 'en'): Promise<Harness> {
  const el = (await fixture(html`<cx-test-highlights lang=${lang}></cx-test-highlights>`)) as Harness;
  Object.assign(el, { sourceId: 'responses', rows: ROWS });
  return el;
}
const marks = (el: Element) => [...shadow(el).querySelectorAll<HTMLElement>('mark.cx-hl')];
const until = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
};
const answering = (rows: Record<string, RowHighlights>): Call[] => server((method, path) => (method === 'POST' && path === '/api/text/highlights' ? json({ rows }) : undefined));

describe('<HighlightedText> (highlighted words)', () => {
  afterEach(realFetch);

  it('should be accessible with its words highlighted', async () => {
    answering(HIGHLIGHTS);
    const el = await mount();
    await until(() => marks(el).length === 3);
    await expect(el).to.be.accessible();
  });

  it('should ask for the highlights of all rows shown in one call', async () => {
    const calls = answering(HIGHLIGHTS);
    const el = await mount();
    await until(() => marks(el).length === 3);
    const asked = calls.filter((c) => c.path === '/api/text/highlights');
    expect(asked).toHaveLength(1);
    expect(JSON.parse(asked[0].body)).toEqual({ sourceId: 'responses', rowKeys: ['r1', 'r2'] });
  });

  it('should tint sentiment words, underline topic terms and give each its reason as text', async () => {
    answering(HIGHLIGHTS);
    const el = await mount();
    await until(() => marks(el).length === 3);
    const [refund, delayed, lovely] = marks(el);
    expect(refund.classList.contains('cx-hl-topic')).toBe(true);
    expect(refund.textContent).toContain('topic term “Refund” (Returns)');
    expect(delayed.classList.contains('cx-hl-negative')).toBe(true);
    expect(delayed.textContent).toContain('negative word “delayed”');
    expect(lovely.classList.contains('cx-hl-positive')).toBe(true);
    expect(lovely.textContent).toContain('positive phrase “Lovely staff”');
    // The text itself is whole around the marks.
    const row = shadow(el).querySelector('[data-row="r1"]')!.cloneNode(true) as HTMLElement;
    row.querySelectorAll('.cx-hl-reason').forEach((r) => r.remove());
    expect(row.textContent).toBe('Refund delayed again.');
  });

  it('should show the reason to keyboard users: each mark takes the focus and its reason shows while focused', async () => {
    answering(HIGHLIGHTS);
    const el = await mount();
    await until(() => marks(el).length === 3);
    const delayed = marks(el)[1];
    expect(delayed.tabIndex).toBe(0);
    const reason = delayed.querySelector<HTMLElement>('.cx-hl-reason')!;
    expect(reason.getBoundingClientRect().width).toBeLessThanOrEqual(1);
    delayed.focus();
    expect(reason.getBoundingClientRect().width).toBeGreaterThan(20);
  });

  it('should say the reasons in German', async () => {
    answering(HIGHLIGHTS);
    const el = await mount('de');
    await until(() => marks(el).length === 3);
    expect(marks(el)[1].textContent).toContain('negatives Wort „delayed“');
    expect(marks(el)[0].textContent).toContain('Themenbegriff „Refund“ (Returns)');
  });

  it('should show the plain text while loading', async () => {
    setFetch(() => new Promise<Response>(() => undefined));
    const el = await mount();
    await new Promise((r) => setTimeout(r, 50));
    expect(marks(el)).toHaveLength(0);
    expect(shadow(el).querySelector('[data-row="r1"]')!.textContent).toBe('Refund delayed again.');
  });

  it('should show the plain text when the call fails', async () => {
    const calls = server((_m, path) => (path === '/api/text/highlights' ? json({ message: 'boom' }, 500) : undefined));
    const el = await mount();
    await until(() => calls.some((c) => c.path === '/api/text/highlights'));
    await new Promise((r) => setTimeout(r, 50));
    expect(marks(el)).toHaveLength(0);
    expect(shadow(el).querySelector('[data-row="r2"]')!.textContent).toBe('Lovely staff.');
  });

  it('should drop spans that do not fit the text shown', async () => {
    answering({ r2: { sentiment: { label: 'positive', score: 0.5, lang: 'en', spans: [{ start: 8, end: 40, weight: 0.5, reason: 'x' }] }, topics: [] } });
    const el = await mount();
    await new Promise((r) => setTimeout(r, 80));
    expect(marks(el)).toHaveLength(0);
    expect(shadow(el).querySelector('[data-row="r2"]')!.textContent).toBe('Lovely staff.');
  });
});

describe('<cx-record-detail> verbatim', () => {
  afterEach(() => {
    realFetch();
    $session.set(null);
  });

  it("should highlight the case's comment from one call for its row of the cases' source, accessibly", async () => {
    const properties = { SourceObjectId: 42, ProcessFlowObjectId: 'pfo-42', State: 'New', Tags: [], Store: 'York', ResponseDate: '2026-11-19T10:00:00', Verbatim: 'Refund delayed again.' };
    const calls = server((method, path) => {
      if (path === '/api/text/highlights') return json({ rows: { 'pfo-42': HIGHLIGHTS.r1 } });
      if (path.endsWith('/processFlowObject/42/PF')) return json({ processFlowObject: { processFlowObjectId: 'pfo-42', sourceObjectId: 42, version: 1, properties, tags: [] }, permittedActionGroups: [], schemaFields: [] });
      return json([]);
    });
    $session.set({ userName: 'petra@demo.cx', id: 'u-petra', role: 'PortalUser', portalRole: 'PortalUser', claims: '', claimsJSON: [], token: 't', refreshToken: '', tokenType: 'bearer', expiryDate: new Date(Date.now() + 3600_000).toISOString(), changePasswordOnNextLogin: false } as unknown as Session);
    const el = await fixture(html`<cx-record-detail module-id="cases" source-object-id="42"></cx-record-detail>`);
    await until(() => marks(el).length === 2);
    expect(marks(el).map((m) => m.textContent)).toEqual(['Refund topic term “Refund” (Returns)', 'delayed negative word “delayed”']);
    expect(calls.filter((c) => c.path === '/api/text/highlights').map((c) => JSON.parse(c.body))).toEqual([{ sourceId: 'case-outcomes', rowKeys: ['pfo-42'] }]);
    await expect(el).to.be.accessible();
  });
});

describe('<cx-records-viewer> verbatim cells', () => {
  afterEach(realFetch);

  it('should highlight the verbatim column of the rows shown from one call, the other columns plain', async () => {
    const profile = { name: 'default', detailsLink: '', defaultOrderBy: { fieldKey: 'Id', operatorAsString: 'ASC' }, defaultSmartFilters: [], smartFilterTags: [], recordIdField: 'Id', hasExport: false, cardViewerViewModel: {} };
    const schema = [
      { key: 'Id', name: 'Id', typeName: 'Number', isHidden: false, isCleaned: false },
      { key: 'Store', name: 'Store', typeName: 'String', isHidden: false, isCleaned: false },
      { key: 'Comment', name: 'Comment', typeName: 'String', isHidden: false, isCleaned: true, isVerbatim: true },
    ];
    const data = [{ Id: 1, Store: 'Refund desk', Comment: 'Refund delayed again.' }, { Id: 2, Store: 'York', Comment: 'Lovely staff.' }];
    const calls = server((method, path) => {
      if (path === '/api/text/highlights') return json({ rows: HIGHLIGHTS_BY_ID });
      if (path === '/api/dataviewer/profiles/responses') return json([profile]);
      if (path === '/api/dashboard/datasource/responses') return json({ showRecordViewerLink: true, showCardViewerLink: false, dateFilterKey: 'Date' });
      if (path === '/api/dataviewer/schema/responses/default') return json(schema);
      if (path.startsWith('/api/dataviewer/data/responses')) return json({ data, recordCount: 2 });
      return undefined;
    });
    const el = await fixture(html`<cx-records-viewer module-id="responses"></cx-records-viewer>`);
    await until(() => marks(el).length === 3);
    expect(calls.filter((c) => c.path === '/api/text/highlights').map((c) => JSON.parse(c.body))).toEqual([{ sourceId: 'responses', rowKeys: ['1', '2'] }]);
    // The store's name is no verbatim: "Refund" in it is not marked.
    expect(marks(el).every((m) => m.closest('[role="cell"]') === m.closest('[role="row"]')!.querySelectorAll('[role="cell"]')[2])).toBe(true);
    await expect(el).to.be.accessible();
    // A focused word's reason shows whole, not clipped by its one-line cell.
    const delayed = marks(el)[1];
    delayed.focus();
    const reason = delayed.querySelector('.cx-hl-reason')!;
    const box = reason.getBoundingClientRect();
    expect(box.width).toBeGreaterThan(20);
    // Hit-tested at its start (the narrow test page shows the third column's start only); a tooltip
    // takes no pointer events, so it is made to for the test.
    (reason as HTMLElement).style.pointerEvents = 'auto';
    expect(shadow(el).elementFromPoint(box.left + 4, box.top + box.height / 2)).toBe(reason);
  });
});

describe('<cx-visual> ReviewFeed texts', () => {
  afterEach(realFetch);

  it("should highlight the cards' texts from one call for the cards shown", async () => {
    const card = (id: number, text: string) => ({ id, reviewPostedAt: '2026-11-19T10:00:00Z', repliedAt: null, ratingIndex: 0, stars: 3, author: 'Ann', text, store: 'York', source: 'Google', reply: null });
    const feed = { kind: 'ReviewFeed', cards: [card(1, 'Refund delayed again.'), card(2, 'Lovely staff.'), card(3, '')], count: 3, pageSize: 10, page: 0, defaultTab: 'None', feedTab: 'None', sortOrder: 'NewestToOldest', processFlowModuleId: 'cases', profile: 'cases', emptyStateVariation: null };
    const calls = server((_m, path) => (path === '/api/text/highlights' ? json({ rows: HIGHLIGHTS_BY_ID }) : undefined));
    const el = (await fixture(html`<cx-test-tile></cx-test-tile>`)) as HTMLElement;
    const base = tile('Gauge', 'feed');
    Object.assign(el, { moduleId: 'reviews', item: { ...base.item, template: 'ReviewFeed', primary: { ...base.item.primary, review: feed } }, definition: { ...base.definition, template: 'ReviewFeed', templateBindings: { Header: 'Review feed', Query: { kind: 'review', tile: 'ReviewFeed' } } } });
    await until(() => marks(el).length === 3);
    expect(calls.filter((c) => c.path === '/api/text/highlights').map((c) => JSON.parse(c.body))).toEqual([{ sourceId: 'reviews', rowKeys: ['1', '2'] }]);
    await expect(el).to.be.accessible();
  });
});
