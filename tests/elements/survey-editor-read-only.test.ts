import { afterEach, describe, expect, it } from 'vitest';
import { fixture, fixtureCleanup, html } from '@open-wc/testing-helpers';
import { setFetch } from '../../src/api/client';
import { shadow } from './helpers';
import '../../elements/cx-survey-editor';

const VIEW = {
  shortcode: 'abc',
  status: 'published',
  version: 3,
  responses: 2,
  updatedAt: '2026-01-02T10:00:00',
  updatedBy: 'Sam Editor',
  unpublishedChanges: false,
  settings: { title: { en: 'Store visit' }, reportToResponses: true, stores: ['Leeds Market'], channel: 'Survey' },
  definition: { questions: [{ id: 'q1', kind: 'text', text: { en: 'Anything to add?' }, required: false }], thankYou: { en: 'Thanks.' } },
};
const json = (body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }));

/** Answers the editor's calls with the survey as `canChange` says, and records every call's method and address. */
function server(canChange: boolean): string[] {
  const calls: string[] = [];
  setFetch((input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    const method = String(input instanceof Request ? input.method : (init?.method ?? 'GET'));
    calls.push(`${method} ${new URL(url).pathname}`);
    return url.endsWith('/places') ? json({ stores: ['Leeds Market', 'York Mall'], channels: ['Survey'] }) : json({ ...VIEW, canChange });
  });
  return calls;
}

afterEach(() => {
  fixtureCleanup();
  setFetch((input, init) => fetch(input, init));
});

describe("<cx-survey-editor> on another's survey", () => {
  it('shows it read-only: a note says who may change it, every control is disabled and nothing is saved or published', async () => {
    const calls = server(false);
    const el = await fixture(html`<cx-survey-editor shortcode="abc" api-base="http://portal.test"></cx-survey-editor>`);
    await expect.poll(() => shadow(el).querySelector('[role="note"]')?.textContent).toBe('You can look at this survey, but only its owner or a PortalAdmin can change it.');
    const root = shadow(el);
    const buttons = [...root.querySelectorAll('button')].map((b) => b.textContent);
    expect(buttons).not.toContain('Publish changes');
    expect(buttons).not.toContain('Close survey');
    expect(buttons).not.toContain('Undo last change');
    const title = root.querySelector<HTMLInputElement>('.settings input')!;
    expect(title.value).toBe('Store visit');
    expect(title.matches(':disabled')).toBe(true);
    expect(root.querySelector<HTMLButtonElement>('.add-question button')!.matches(':disabled')).toBe(true);
    // The editing language still switches, to read the German texts.
    expect(root.querySelector<HTMLButtonElement>('.locale-switch button')!.matches(':disabled')).toBe(false);
    expect(calls.filter((c) => !c.startsWith('GET'))).toEqual([]);
    await expect(el).to.be.accessible();
  });

  it("its owner's editor stays editable, with the stores the survey reports under", async () => {
    server(true);
    const el = await fixture(html`<cx-survey-editor shortcode="abc" api-base="http://portal.test"></cx-survey-editor>`);
    await expect.poll(() => shadow(el).querySelector('.settings input')).toBeTruthy();
    const root = shadow(el);
    expect(root.querySelector('[role="note"]')).toBeNull();
    expect(root.querySelector<HTMLInputElement>('.settings input')!.matches(':disabled')).toBe(false);
    expect([...root.querySelectorAll('.chosen-stores li')].map((li) => li.textContent)).toEqual(['Leeds Market ×']);
    expect(root.querySelector('button[aria-label="Remove Leeds Market"]')).toBeTruthy();
    await expect(el).to.be.accessible();
  });
});
