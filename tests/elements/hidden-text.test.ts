import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fixture, html, oneEvent } from '@open-wc/testing-helpers';
import './tile-harness';
import '../../elements/cx-demo-wall';
import '../../elements/cx-queue';
import '../../elements/cx-record-detail';
import { setFetch } from '../../src/api/client';
import { $session } from '../../src/stores/session';
import type { Session } from '../../src/api/types';
import { block, series, tile } from './visual-fixtures';
import { settled, shadow } from './helpers';

/**
 * Spec part 1 section 8: a comment the profanity filter cleaned shows 'Hidden due to offensive
 * language.' with 'Click to show.' wherever it is read, never its mark; the click shows the raw text.
 */
const MARK = 'redacted_profanity';
const RAW = 'A bloody long queue.';
const asked: string[] = [];

const comment = (id: number, verbatim: string) => ({ Name: String(id), Key: String(id), Val: null, Id: id, Verbatim: verbatim, Store: 'York', NPSGroup: 'Detractor', ResponseDate: new Date().toISOString().slice(0, 19), Spend: 12.5 });
const kase = { SourceObjectId: 41, ProcessFlowObjectId: 'pfo-41', State: 'New', Tags: [], Store: 'York', ResponseDate: '2026-11-19T10:00:00', Verbatim: MARK };
const series1 = (data: unknown[]) => ({ key: 'all', filterKey: 'Id', content: [{ Name: 'All', key: 'all', data }], currentRecordCount: data.length, previousRecordCount: 0, currentPeriod: { startDateTime: '', endDateTime: '' }, previousPeriod: { startDateTime: '', endDateTime: '' } });
const visual = (data: unknown[]) => ({ name: 'v', template: 'Gauge', totalRecordCount: 1, primary: { header: { content: '' }, subHeader: { content: '' }, heroLabel: { content: '' }, data: series1(data) }, definition: {} });

/** The server's answers by path (what each element asks for), and the raw-value calls it was asked. */
function answer(path: string): unknown {
  if (path === '/api/settings') return { viewingProfanityCleanedFieldsAccessibleToRoles: ['PortalAdmin'], languages: [] };
  if (path.includes('/rawdata/')) return { rawValue: RAW };
  if (path.endsWith('/visuals/responses/nps')) return visual([{ Name: 'NPS', Key: 'nps', Val: 0.2 }]);
  if (path.endsWith('/visuals/responses/comments')) return visual([1, 2, 3, 4, 5].map((i) => comment(i, i === 1 ? MARK : `Fine visit ${i}.`)));
  if (path.endsWith('/queues')) return [{ name: 'New', tag: 'Initial', view: { type: 0, recordsPerPage: 20 }, smartFilterTags: [], hasExport: false, defaultOrderBy: { fieldKey: 'ResponseDate', operatorAsString: 'DESC' } }];
  if (path.endsWith('/queuecounts')) return [{ tag: 'Initial', name: 'New', count: 1 }];
  if (path.includes('/smartdata/')) return { moduleId: 'cases', recordCount: 1, smartFilters: [] };
  if (path.includes('/queue/')) return { recordCount: 1, data: [kase] };
  if (path.includes('/processFlowObject/')) return { processFlowObject: { processFlowObjectId: 'pfo-41', sourceObjectId: 41, version: 1, properties: kase, tags: [] }, permittedActionGroups: [], schemaFields: [] };
  return [];
}

beforeAll(() => {
  setFetch(async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), location.href);
    if (url.pathname.includes('/rawdata/')) asked.push(url.pathname + url.search);
    void init;
    return new Response(JSON.stringify(answer(url.pathname)), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  $session.set({ userName: 'admin@demo.cx', firstName: 'Ada', lastName: 'Admin', email: 'admin@demo.cx', id: 'u1', role: 'PortalAdmin', portalRole: 'PortalAdmin', claims: '', claimsJSON: [], token: 't', refreshToken: '', tokenType: 'bearer', expiryDate: new Date(Date.now() + 3600_000).toISOString(), changePasswordOnNextLogin: false } as unknown as Session);
});
afterAll(() => {
  setFetch((input, init) => fetch(input, init));
  $session.set(null);
});
beforeEach(() => {
  asked.length = 0;
});

/** The hidden text's message and its 'Click to show.', which must not sit inside another control. */
async function expectHiddenThenRevealed(root: ShadowRoot, rawPath: string) {
  await expect.poll(() => root.querySelector('.hidden-value em')?.textContent).toBe('Hidden due to offensive language.');
  expect(root.textContent).not.toContain(MARK);
  await expect.poll(() => root.querySelector('.hidden-value button')).not.toBeNull();
  const show = root.querySelector<HTMLButtonElement>('.hidden-value button')!;
  expect(show.textContent).toBe('Click to show.');
  expect(show.parentElement!.closest('button, a')).toBeNull();
  show.click();
  await expect.poll(() => root.querySelector('.revealed')?.textContent).toBe(RAW);
  expect(asked).toEqual([rawPath]);
}

describe('a profanity-cleaned comment', () => {
  it('should show the hidden message and Click to show. in the ordered list of comments, outside its row link', async () => {
    const el = await fixture(html`<cx-test-tile module-id="responses"></cx-test-tile>`);
    const t = tile('OrderedListComments');
    const drawn = oneEvent(el, 'cx-drawn');
    Object.assign(el, { item: { ...t.item, primary: block('OrderedListComments', { data: series([{ Name: 'All', key: 'all', data: [comment(7, MARK)] }], { filterKey: 'Id' }) }) }, definition: t.definition });
    await settled(el);
    await drawn;
    await expectHiddenThenRevealed(shadow(el), '/api/smartdata/rawdata/responses?cleanedFieldName=Verbatim&recordId=7');
    await expect(el).to.be.accessible();
  });

  it('should show the hidden message and Click to show. on the demo wall, the card still changing on a click', async () => {
    const el = await fixture(html`<cx-demo-wall></cx-demo-wall>`);
    const root = shadow(el);
    await expect.poll(() => root.querySelectorAll('.comment-card').length).toBe(5);
    await expectHiddenThenRevealed(root, '/api/smartdata/rawdata/responses?cleanedFieldName=Verbatim&recordId=1');
    await expect(el).to.be.accessible();
  });

  it('should show the hidden message and Click to show. on a queue card, asking the process flow for the raw text', async () => {
    const el = await fixture(html`<cx-queue module-id="cases" queue-name="New"></cx-queue>`);
    await expectHiddenThenRevealed(shadow(el), '/api/processflow/smartdata/rawdata/cases?cleanedFieldName=Verbatim&recordId=41');
    await expect(el).to.be.accessible();
  });

  it('should show the hidden message and Click to show. on the case page', async () => {
    const el = await fixture(html`<cx-record-detail module-id="cases" source-object-id="41"></cx-record-detail>`);
    await expectHiddenThenRevealed(shadow(el), '/api/processflow/smartdata/rawdata/cases?cleanedFieldName=Verbatim&recordId=41');
    await expect(el).to.be.accessible();
  });
});
