import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture, html } from '@open-wc/testing-helpers';
import '../../elements/cx-record-detail';
import { setFetch } from '../../src/api/client';
import { $session } from '../../src/stores/session';
import type { Session } from '../../src/api/types';
import { shadow } from './helpers';

const events: Array<{ name: string; properties: Record<string, unknown> }> = [];
const actions: Array<{ actionName: string; actionProperties: string }> = [];
const kase = { SourceObjectId: 42, ProcessFlowObjectId: 'pfo-42', State: 'New', Tags: [], Store: 'York', ResponseDate: '2026-11-19T10:00:00', Verbatim: 'Slow tills.' };
const RESOLVE = { name: 'Resolve', actionType: 0, actionItems: [{ actionName: 'Resolve', actionType: 0 }] };

const LONG_STORE = 'Manchester Arndale Shopping Centre';

const ASSIGN = { name: 'Assign', actionType: 1, actionItems: [{ actionName: 'Assign', actionType: 1 }] };
/** Colleagues as the server answers them: two of the same name in different regions, two alike in every way. */
const ALLOCATIONS = [
  {
    role: 'PortalUser',
    users: [
      { userId: 'u-1', userName: 'Emma Khan', portalRoles: ['PortalUser'], userDetail: 'North' },
      { userId: 'u-2', userName: 'Emma Khan', portalRoles: ['PortalUser'], userDetail: 'South' },
      { userId: 'u-3', userName: 'Liam Evans', portalRoles: ['PortalUser'], userDetail: 'East' },
      { userId: 'u-4', userName: 'Liam Evans', portalRoles: ['PortalUser'], userDetail: 'East' },
    ],
  },
];

const REPLY = { name: 'Reply', actionType: 0, actionItems: [{ actionName: 'Reply', actionType: 0, isSocial: true }] };
/** Every path the element asked for, in order. */
const asked: string[] = [];

function answer(path: string): unknown {
  if (path === '/api/social/local/signin') return { provider: 'local', idToken: 'id-token' };
  if (path === '/api/social/auth') return { provider: 'local', expiresAt: '2026-11-28T12:00:00Z' };
  if (path === '/api/social/refresh') return [{ provider: 'local', skipped: false, added: 2, updated: 0 }];
  if (path.includes('/processFlowObject/46/')) return { processFlowObject: { processFlowObjectId: 'pfo-46', sourceObjectId: 46, version: 1, properties: { ...kase, SourceObjectId: 46 }, tags: [] }, permittedActionGroups: [REPLY], schemaFields: [] };
  if (path.includes('/processFlowObject/44/')) return { processFlowObject: { processFlowObjectId: 'pfo-44', sourceObjectId: 44, version: 1, properties: { ...kase, SourceObjectId: 44 }, tags: [] }, permittedActionGroups: [ASSIGN], schemaFields: [] };
  if (path.endsWith('/validUserAllocations')) return ALLOCATIONS;
  if (path.includes('/processFlowObject/action/')) return { validationResults: [] };
  if (path.includes('/processFlowObject/43/')) return { processFlowObject: { processFlowObjectId: 'pfo-43', sourceObjectId: 43, version: 1, properties: { ...kase, SourceObjectId: 43, Store: LONG_STORE }, tags: [] }, permittedActionGroups: [], schemaFields: [] };
  if (path.includes('/processFlowObject/')) return { processFlowObject: { processFlowObjectId: 'pfo-42', sourceObjectId: 42, version: 1, properties: kase, tags: [] }, permittedActionGroups: [RESOLVE], schemaFields: [] };
  if (path.endsWith('/validMentionableUsers')) return [{ userId: 'u-paul', userName: 'Paul Admin', userFriendlyName: 'Paul Admin' }];
  return [];
}

beforeAll(() => {
  setFetch(async (input, init) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const path = new URL(request.url, location.href).pathname;
    asked.push(path);
    if (path === '/api/telemetry') events.push(...(await request.json()).events);
    if (path.includes('/processFlowObject/action/')) actions.push(await request.json());
    return new Response(JSON.stringify(answer(path)), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  $session.set({ userName: 'petra@demo.cx', id: 'u-petra', role: 'PortalUser', portalRole: 'PortalUser', claims: '', claimsJSON: [], token: 't', refreshToken: '', tokenType: 'bearer', expiryDate: new Date(Date.now() + 3600_000).toISOString(), changePasswordOnNextLogin: false } as unknown as Session);
});
afterAll(() => {
  setFetch((input, init) => fetch(input, init));
  $session.set(null);
});

describe('<cx-record-detail>', () => {
  it('should collapse a header longer than about 25 characters, and expand it on request (spec part 3 section 9)', async () => {
    const el = await fixture(html`<cx-record-detail module-id="cases" source-object-id="43"></cx-record-detail>`);
    const root = shadow(el);
    await expect.poll(() => root.querySelector('h2')?.textContent).toBe('Case 43 · Manchester Arnd… Show more');
    root.querySelector<HTMLButtonElement>('h2 button')!.click();
    await expect.poll(() => root.querySelector('h2')?.textContent).toBe(`Case 43 · ${LONG_STORE} Show less`);
    expect(root.querySelector('article')!.getAttribute('aria-label')).toBe(`Case 43 · ${LONG_STORE}`);
    await expect(el).to.be.accessible();
  });

  it('should record a telemetry event when a colleague is mentioned (spec part 3 section 7)', async () => {
    const el = await fixture(html`<cx-record-detail module-id="cases" source-object-id="42"></cx-record-detail>`);
    const root = shadow(el);
    await expect.poll(() => [...root.querySelectorAll('button')].find((b) => b.textContent === 'Resolve')).toBeTruthy();
    [...root.querySelectorAll('button')].find((b) => b.textContent === 'Resolve')!.click();
    await expect.poll(() => root.querySelector('textarea')).not.toBeNull();
    const box = root.querySelector('textarea')!;
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(box, 'Over to @Pau');
    box.setSelectionRange(12, 12);
    box.dispatchEvent(new Event('input', { bubbles: true }));
    await expect.poll(() => root.querySelector('.mentions button')).not.toBeNull();
    root.querySelector<HTMLButtonElement>('.mentions button')!.click();
    await expect.poll(() => events.filter((e) => e.name === 'Mention User')).toEqual([{ kind: 'event', name: 'Mention User', properties: { mentionedUserId: 'u-paul' } }]);
    // The action goes with the spec's property names (part 3: actionComment, mentionedUsers).
    root.querySelector<HTMLButtonElement>('form.action-form button[type="submit"]')!.click();
    await expect.poll(() => actions.length).toBe(1);
    expect(JSON.parse(actions[0].actionProperties)).toMatchObject({ actionComment: 'Over to @Paul Admin', mentionedUsers: ['u-paul'] });
  });

  it('should tell colleagues of the same name apart in "Assign to", by their detail and then a number (issue 43)', async () => {
    const el = await fixture(html`<cx-record-detail module-id="cases" source-object-id="44"></cx-record-detail>`);
    const root = shadow(el);
    await expect.poll(() => [...root.querySelectorAll('button')].find((b) => b.textContent === 'Assign')).toBeTruthy();
    [...root.querySelectorAll('button')].find((b) => b.textContent === 'Assign')!.click();
    await expect.poll(() => root.querySelectorAll('optgroup option').length).toBe(4);
    const options = [...root.querySelectorAll('optgroup option')].map((o) => o.textContent);
    expect(options).toEqual(['Emma Khan – North', 'Emma Khan – South', 'Liam Evans – East', 'Liam Evans – East (2)']);
    await expect(el).to.be.accessible();
  });
  it('should load the reviews from the provider once the user signs in to it (spec part 3: the user authenticates, then data is loaded)', async () => {
    const el = await fixture(html`<cx-record-detail module-id="reviews" source-object-id="46"></cx-record-detail>`);
    const root = shadow(el);
    await expect.poll(() => [...root.querySelectorAll('button')].find((b) => b.textContent === 'Reply')).toBeTruthy();
    [...root.querySelectorAll('button')].find((b) => b.textContent === 'Reply')!.click();
    await expect.poll(() => [...root.querySelectorAll('button')].find((b) => b.textContent === 'Sign in to reply')).toBeTruthy();
    asked.length = 0;
    [...root.querySelectorAll('button')].find((b) => b.textContent === 'Sign in to reply')!.click();
    await expect.poll(() => root.querySelector('.social-status')?.textContent).toContain('Signed in to the review provider');
    await expect.poll(() => asked.filter((p) => p.startsWith('/api/social/'))).toEqual(['/api/social/local/signin', '/api/social/auth', '/api/social/refresh']);
  });
});
