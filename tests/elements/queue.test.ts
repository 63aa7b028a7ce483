import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fixture, html } from '@open-wc/testing-helpers';
import '../../elements/cx-queue';
import { setFetch } from '../../src/api/client';
import { $session } from '../../src/stores/session';
import type { Session } from '../../src/api/types';
import { enterValue as enter, shadow } from './helpers';

/** The server's time in the answers: the clocks count from it, not from the browser's. */
const NOW = '2026-11-20T10:00:00';
const view = { type: 0, recordsPerPage: 20 };
const queue = (name: string, tag: string) => ({ name, tag, view, smartFilterTags: ['Core'], hasExport: false, defaultOrderBy: { fieldKey: 'ResponseDate', operatorAsString: 'DESC' } });
const QUEUES = [queue('New', 'Initial'), queue('Mine', 'Mine'), queue('Working', 'InProgress'), queue('Closed', 'Final'), queue('All', 'All')];
const COUNTS = [{ name: 'New', tag: 'Initial', count: 4 }, { name: 'Mine', tag: 'Mine', count: 3 }, { name: 'Working', tag: 'InProgress', count: 1 }];
const record = (id: number, extra: Record<string, unknown>) => ({ SourceObjectId: id, ProcessFlowObjectId: `pfo-${id}`, State: 'InProgress', Tags: [], Store: 'York', ResponseDate: '2026-11-19T10:00:00', Verbatim: 'Slow tills.', AllocatedToUserName: 'Petra', ...extra });
const CASES = [
  // Nobody has answered yet: the first response's deadline counts.
  record(101, { FirstResponseDueAt: '2026-11-20T13:00:00', ResolutionDueAt: '2026-11-22T10:00:00' }),
  // Answered: the resolution's deadline counts, and it has passed.
  record(102, { FirstResponseDueAt: '2026-11-19T12:00:00', FirstRespondedAt: '2026-11-19T11:00:00', ResolutionDueAt: '2026-11-20T08:00:00' }),
  // Closed: no clock.
  record(103, { State: 'Resolved', ClosedAt: '2026-11-20T09:00:00', ResolutionDueAt: '2026-11-20T08:00:00' }),
];
const ALLOCATIONS = [{ role: 'PortalUser', users: [{ userId: 'u-1', userName: 'Emma Khan', portalRoles: ['PortalUser'], userDetail: 'North' }] }];
const CLOSING = { rootCauses: ['Staffing', 'Stock'], recoverySurvey: true, suppressionDays: 90 };

/** The bodies the element sent, by kind. */
const pages: Array<{ path: string; body: Record<string, unknown> }> = [];
const bulk: Array<Record<string, unknown>> = [];

function answer(path: string): unknown {
  if (path.endsWith('/queues')) return QUEUES;
  if (path.endsWith('/queuecounts')) return COUNTS;
  // The filter bar's own calls: no dimensions to offer.
  if (path.includes('/smartdata/') && path.includes('/filters/')) return { moduleId: 'cases', recordCount: CASES.length, smartFilters: [] };
  if (path.includes('/queue/')) return { recordCount: CASES.length, data: CASES, now: NOW };
  if (path.endsWith('/validUserAllocations')) return ALLOCATIONS;
  if (path.includes('/processFlowObject/')) return { processFlowObject: { processFlowObjectId: 'pfo-101', sourceObjectId: 101, version: 1, properties: CASES[0], tags: [] }, permittedActionGroups: [], schemaFields: [], closing: CLOSING, now: NOW };
  if (path.endsWith('/bulkaction')) return { results: [{ pfoId: 'pfo-101', ok: true }, { pfoId: 'pfo-102', ok: true }, { pfoId: 'pfo-103', ok: false, messages: ['This case is closed.'] }] };
  return [];
}

beforeAll(() => {
  setFetch(async (input, init) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const path = new URL(request.url, location.href).pathname;
    if (path.includes('/processflow/cases/queue/')) pages.push({ path, body: await request.json() });
    if (path.endsWith('/bulkaction')) bulk.push(await request.json());
    return new Response(JSON.stringify(answer(path)), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  $session.set({ userName: 'petra@demo.cx', id: 'u-petra', role: 'PortalUser', portalRole: 'PortalUser', claims: '', claimsJSON: [], token: 't', refreshToken: '', tokenType: 'bearer', expiryDate: new Date(Date.now() + 3600_000).toISOString(), changePasswordOnNextLogin: false } as unknown as Session);
});
afterAll(() => {
  setFetch((input, init) => fetch(input, init));
  $session.set(null);
});
beforeEach(() => {
  pages.length = 0;
  bulk.length = 0;
});

const buttonNamed = (root: ShadowRoot, text: string) => [...root.querySelectorAll('button')].find((b) => b.textContent === text);
const checkbox = (root: ShadowRoot, label: string) => root.querySelector<HTMLInputElement>(`input[aria-label="${label}"]`) ?? [...root.querySelectorAll('label')].find((l) => l.textContent === label)?.querySelector('input');
async function mineQueue(): Promise<{ el: Element; root: ShadowRoot }> {
  const el = await fixture(html`<cx-queue module-id="cases" queue-name="Mine"></cx-queue>`);
  const root = shadow(el);
  await expect.poll(() => root.querySelectorAll('.case-card').length).toBe(3);
  return { el, root };
}

describe('<cx-queue> working the queue (issue 45)', () => {
  it('should show the Mine queue as the tab "My cases", and each open case\'s clock against the server\'s time', async () => {
    const { el, root } = await mineQueue();
    const current = root.querySelector('.queue-tabs a[aria-current="page"]');
    expect(current?.textContent).toBe('My cases (3)');
    expect(pages[0].path).toBe('/api/processflow/cases/queue/Mine/PF');
    const clockOf = (id: number) => root.querySelector(`[data-case="${id}"] .clock`)?.textContent ?? null;
    expect(clockOf(101)).toBe('Due in 3 h');
    expect(clockOf(102)).toBe('Overdue by 2 h Overdue');
    expect(root.querySelector('[data-case="102"] .badge.overdue')?.textContent).toBe('Overdue');
    expect(clockOf(103)).toBeNull();
    await expect(el).to.be.accessible();
  });

  it('should send due "overdue" or "today" with the Overdue and Due today toggles, and sort by the resolution deadline', async () => {
    const { root } = await mineQueue();
    expect(pages.at(-1)!.body).not.toHaveProperty('due');
    const overdue = buttonNamed(root, 'Overdue')!;
    const today = buttonNamed(root, 'Due today')!;
    expect(overdue.getAttribute('aria-pressed')).toBe('false');
    overdue.click();
    await expect.poll(() => pages.at(-1)!.body.due).toBe('overdue');
    expect(overdue.getAttribute('aria-pressed')).toBe('true');
    today.click();
    await expect.poll(() => pages.at(-1)!.body.due).toBe('today');
    expect(overdue.getAttribute('aria-pressed')).toBe('false');
    expect(today.getAttribute('aria-pressed')).toBe('true');
    today.click();
    await expect.poll(() => pages.at(-1)!.body.due).toBeUndefined();
    const sort = [...root.querySelectorAll('label')].find((l) => l.textContent?.startsWith('Sort by'))!.querySelector('select')!;
    enter(sort, 'ResolutionDueAt');
    await expect.poll(() => pages.at(-1)!.body.orderByFields).toEqual(['ResolutionDueAt']);
    expect(pages.at(-1)!.body.orderByOperator).toBe('ASC');
  });

  it('should assign the selected cases with a comment, summarise what changed and what was refused, and load the list again', async () => {
    const { el, root } = await mineQueue();
    expect(buttonNamed(root, 'Assign selected')!.disabled).toBe(true);
    checkbox(root, 'Select case 101')!.click();
    await expect.poll(() => root.querySelector('.bulk-bar .hint')?.textContent).toBe('1 selected');
    checkbox(root, 'Select all on this page')!.click();
    await expect.poll(() => [101, 102, 103].map((id) => checkbox(root, `Select case ${id}`)!.checked)).toEqual([true, true, true]);
    buttonNamed(root, 'Assign selected')!.click();
    await expect.poll(() => root.querySelectorAll('.bulk-form option').length).toBe(2);
    const form = root.querySelector<HTMLFormElement>('.bulk-form')!;
    enter(form.querySelector('select')!, 'PortalUser|u-1');
    form.querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
    // Every change needs a comment.
    await expect.poll(() => form.querySelector('.field-error')?.textContent).toBe('Add a comment.');
    expect(bulk).toHaveLength(0);
    await expect(el).to.be.accessible();
    enter(form.querySelector('textarea')!, 'Taking these over.');
    const before = pages.length;
    form.querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
    await expect.poll(() => bulk.length).toBe(1);
    expect(bulk[0]).toMatchObject({ pfoIds: ['pfo-101', 'pfo-102', 'pfo-103'], actionName: 'Assign', comment: 'Taking these over.' });
    expect(JSON.parse(String(bulk[0].actionProperties))).toMatchObject({ allocatedToUserId: 'u-1', allocatedToUserName: 'Emma Khan', allocatedToRole: 'PortalUser' });
    await expect.poll(() => root.querySelector('.bulk-summary p')?.textContent).toBe('2 cases changed, 1 not:');
    expect([...root.querySelectorAll('.bulk-summary li')].map((li) => li.textContent)).toEqual(['Case 103: This case is closed.']);
    await expect.poll(() => pages.length).toBe(before + 1);
    // The new list starts with nothing selected.
    await expect.poll(() => checkbox(root, 'Select case 101')?.checked).toBe(false);
    await expect(el).to.be.accessible();
  });

  it('should close the selected cases only with a root cause and the answer whether the problem was resolved', async () => {
    const { el, root } = await mineQueue();
    checkbox(root, 'Select case 101')!.click();
    checkbox(root, 'Select case 102')!.click();
    await expect.poll(() => buttonNamed(root, 'Close selected')!.disabled).toBe(false);
    buttonNamed(root, 'Close selected')!.click();
    await expect.poll(() => [...root.querySelectorAll('.bulk-form .closing-fields option')].map((o) => o.textContent)).toEqual(['Choose…', 'Staffing', 'Stock']);
    const form = root.querySelector<HTMLFormElement>('.bulk-form')!;
    expect(form.querySelector('h3')?.textContent).toBe('Close 2 cases');
    const survey = [...form.querySelectorAll('label')].find((l) => l.textContent === 'Send the recovery survey')!.querySelector('input')!;
    expect(survey.checked).toBe(true);
    enter(form.querySelector('textarea')!, 'Sorted in store.');
    form.querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
    await expect.poll(() => form.querySelector('.field-error')?.textContent).toBe("Choose a root cause. Say whether the customer's problem was resolved.");
    await expect(el).to.be.accessible();
    expect(bulk).toHaveLength(0);
    enter(form.querySelector('.closing-fields select')!, 'Staffing');
    [...form.querySelectorAll('label')].find((l) => l.textContent === 'No')!.querySelector('input')!.click();
    survey.click();
    form.querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
    await expect.poll(() => bulk.length).toBe(1);
    expect(bulk[0]).toMatchObject({ pfoIds: ['pfo-101', 'pfo-102'], actionName: 'Resolve', comment: 'Sorted in store.' });
    expect(JSON.parse(String(bulk[0].actionProperties))).toEqual({ rootCause: 'Staffing', problemResolved: false, sendRecoverySurvey: false, actionComment: 'Sorted in store.' });
  });

  it('should say it all in German', async () => {
    const el = await fixture(html`<cx-queue module-id="cases" queue-name="Mine" lang="de"></cx-queue>`);
    const root = shadow(el);
    await expect.poll(() => root.querySelector('[data-case="101"] .clock')?.textContent).toBe('Fällig in 3 Std.');
    expect(root.querySelector('.queue-tabs a[aria-current="page"]')?.textContent).toBe('Meine Fälle (3)');
    expect(buttonNamed(root, 'Heute fällig')).toBeTruthy();
  });
});
