import { afterEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { fixture, html } from '@open-wc/testing-helpers';
import '../../elements/cx-webhooks';
import { setFetch } from '../../src/api/client';
import type { Attempt, Webhook } from '../../src/api/webhooks';
import { shadow } from './helpers';

const json = (body: unknown, status = 200) => new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

interface Call {
  method: string;
  path: string;
  body: string;
}
function server(route: (call: Call) => Response | undefined): Call[] {
  const calls: Call[] = [];
  setFetch(async (input, init) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const call = { method: request.method, path: new URL(request.url, location.href).pathname, body: request.body ? await request.text() : '' };
    calls.push(call);
    return route(call) ?? json({ message: 'Not found.' }, 404);
  });
  return calls;
}
afterEach(() => {
  setFetch((input, init) => fetch(input, init));
  vi.restoreAllMocks();
});

const HOOK: Webhook = {
  id: 'w1',
  name: 'Ops channel',
  url: 'https://hooks.slack.example/services/T1/B2',
  events: ['case.opened', 'alert.fired'],
  format: 'slack',
  enabled: true,
  createdAt: '2026-11-20T09:00:00',
  updatedAt: '2026-11-20T09:00:00',
  updatedBy: 'u1',
  lastAttempt: { at: '2026-11-20T10:00:00', status: 500, error: null, ok: false },
};
const ATTEMPTS: Array<Attempt & { id: string }> = [
  { id: 'a2', deliveryId: 'd1', event: 'case.opened', attempt: 2, at: '2026-11-20T10:01:00', status: 200, error: null, answer: 'ok', ok: true },
  { id: 'a1', deliveryId: 'd1', event: 'case.opened', attempt: 1, at: '2026-11-20T10:00:00', status: 500, error: null, answer: 'failing as told', ok: false },
  { id: 'a0', deliveryId: 'd0', event: 'alert.fired', attempt: 1, at: '2026-11-20T09:00:00', status: null, error: 'No answer within 10 s.', answer: null, ok: false },
];

const q = <T extends Element>(el: Element, selector: string) => shadow(el).querySelector<T>(selector);
const button = (el: Element, name: string) => [...shadow(el).querySelectorAll('button')].find((b) => b.textContent?.trim().startsWith(name));
const focused = (el: Element) => shadow(el).activeElement as HTMLElement | null;

/** A portal with the given webhooks that answers every webhook call as the server does. */
function portal(hooks: Webhook[]) {
  return server(({ method, path, body }) => {
    if (method === 'GET' && path === '/api/webhooks') return json({ webhooks: hooks, max: 20 });
    if (method === 'POST' && path === '/api/webhooks') {
      const made = { ...HOOK, ...JSON.parse(body), id: 'w2', lastAttempt: null };
      hooks.push(made);
      return json({ ...made, secret: 'whsec_shown-once' }, 201);
    }
    if (method === 'POST' && path === '/api/webhooks/w1/test') return json({ deliveryId: 'd9', event: 'ping', attempt: 1, at: '2026-11-20T11:00:00', status: 200, error: null, answer: '{"ok":true}', ok: true });
    if (method === 'GET' && path === '/api/webhooks/w1/deliveries') return json({ pending: 1, attempts: ATTEMPTS });
    return undefined;
  });
}

describe('<cx-webhooks>', () => {
  it('should list the webhooks with their events, format and last delivery, accessibly and without a secret', async () => {
    portal([{ ...HOOK }, { ...HOOK, id: 'w3', name: 'Teams', format: 'teams', enabled: false, lastAttempt: null }]);
    const el = await fixture(html`<cx-webhooks api-base="http://portal.test"></cx-webhooks>`);
    await expect.poll(() => shadow(el).querySelectorAll('.webhook-list > li').length).toBe(2);
    const [first, second] = [...shadow(el).querySelectorAll('.webhook-list > li')];
    expect(first.querySelector('h2')!.textContent).toBe('Ops channel');
    expect(first.textContent).toContain('Case opened, Alert fired · Slack message');
    expect(first.querySelector('.outcome.failed')!.textContent).toBe('HTTP 500');
    expect(second.querySelector('h2')!.textContent).toBe('TeamsOff');
    expect(second.textContent).toContain('Nothing sent yet.');
    expect(shadow(el).textContent).not.toContain('whsec_');
    await expect(el).to.be.accessible();
  });

  it('should show the loading, empty and error states', async () => {
    let answer: (r: Response) => void = () => undefined;
    setFetch(() => new Promise((resolve) => (answer = resolve)));
    const el = await fixture(html`<cx-webhooks api-base="http://portal.test"></cx-webhooks>`);
    await expect.poll(() => q(el, '[role="status"]')?.textContent).toBe('Loading the webhooks…');
    answer(json({ webhooks: [], max: 20 }));
    await expect.poll(() => q(el, '.empty')?.textContent).toMatch(/^No webhooks yet/);
    await expect(el).to.be.accessible();

    server(() => json({ message: 'Something went wrong on the server.' }, 404));
    const broken = await fixture(html`<cx-webhooks api-base="http://portal.test"></cx-webhooks>`);
    await expect.poll(() => q(broken, '[role="alert"]')?.textContent).toBe('The webhooks could not be loaded.');
  });

  it('should add a webhook with the keyboard alone and show its secret once, with a copy button', async () => {
    const calls = portal([]);
    const el = await fixture(html`<cx-webhooks api-base="http://portal.test"></cx-webhooks>`);
    await expect.poll(() => button(el, 'Add a webhook')).toBeTruthy();
    button(el, 'Add a webhook')!.focus();
    await userEvent.keyboard('{Enter}');
    await expect.poll(() => focused(el)?.closest('label')?.textContent).toBe('Name');
    await userEvent.keyboard('Case desk');
    await userEvent.tab();
    await userEvent.keyboard('https://hooks.example.com/cx');
    await userEvent.tab(); // the first event's checkbox
    expect(focused(el)?.closest('label')?.textContent).toBe('Case opened');
    await userEvent.keyboard(' ');
    for (let i = 0; i < 3; i++) await userEvent.tab();
    expect(focused(el)?.closest('label')?.textContent).toBe('Case closed');
    await userEvent.keyboard(' ');
    for (let i = 0; i < 3; i++) await userEvent.tab();
    expect(focused(el)?.localName).toBe('select');
    await userEvent.keyboard('{ArrowDown}'); // Slack
    await userEvent.tab(); // "Send deliveries", ticked already
    await userEvent.tab();
    expect(focused(el)?.textContent).toBe('Add webhook');
    await userEvent.keyboard('{Enter}');
    await expect.poll(() => q<HTMLInputElement>(el, '#webhook-secret')?.value).toBe('whsec_shown-once');
    const post = calls.find((c) => c.method === 'POST');
    expect(JSON.parse(post!.body)).toEqual({ name: 'Case desk', url: 'https://hooks.example.com/cx', events: ['case.opened', 'case.closed'], format: 'slack', enabled: true });
    // The secret's panel takes focus so that it is read out and not missed.
    // Focus moves in the effect after the panel renders: waited for, not assumed at once.
    await expect.poll(() => focused(el)?.classList.contains('secret-once')).toBe(true);
    const write = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: write }, configurable: true });
    button(el, 'Copy')!.click();
    await expect.poll(() => write.mock.calls.length).toBe(1);
    expect(write).toHaveBeenCalledWith('whsec_shown-once');
    await expect.poll(() => q(el, '.secret-once [role="status"]')?.textContent).toBe('Copied.');
    await expect(el).to.be.accessible();
    button(el, 'I have copied it')!.click();
    await expect.poll(() => q(el, '#webhook-secret')).toBeNull();
    expect(shadow(el).textContent).not.toContain('whsec_');
  });

  it('should say what is missing before sending the form', async () => {
    const calls = portal([]);
    const el = await fixture(html`<cx-webhooks api-base="http://portal.test"></cx-webhooks>`);
    await expect.poll(() => button(el, 'Add a webhook')).toBeTruthy();
    button(el, 'Add a webhook')!.click();
    await expect.poll(() => button(el, 'Add webhook')).toBeTruthy();
    button(el, 'Add webhook')!.click();
    await expect.poll(() => [...shadow(el).querySelectorAll('.field-error')].map((e) => e.textContent)).toEqual(['Name the webhook.', 'The address must start with https://.', 'Choose at least one event.']);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await expect(el).to.be.accessible();
  });

  it('should send a test event and show its result, and the delivery log', async () => {
    portal([{ ...HOOK }]);
    const el = await fixture(html`<cx-webhooks api-base="http://portal.test"></cx-webhooks>`);
    await expect.poll(() => button(el, 'Send a test event')).toBeTruthy();
    button(el, 'Send a test event')!.click();
    await expect.poll(() => q(el, '.test-result')?.textContent).toBe('Test event delivered: HTTP 200{"ok":true}');
    const log = button(el, 'Delivery log')!;
    expect(log.getAttribute('aria-expanded')).toBe('false');
    log.click();
    await expect.poll(() => shadow(el).querySelectorAll('.delivery-log tbody tr').length).toBe(3);
    expect(log.getAttribute('aria-expanded')).toBe('true');
    const rows = [...shadow(el).querySelectorAll('.delivery-log tbody tr')].map((r) => [...r.querySelectorAll('td')].slice(1).map((c) => c.textContent));
    expect(rows).toEqual([
      ['case.opened', '2', 'HTTP 200', 'ok'],
      ['case.opened', '1', 'HTTP 500', 'failing as told'],
      ['alert.fired', '1', 'No answer within 10 s.', ''],
    ]);
    expect(q(el, '.delivery-log')!.textContent).toContain('1 delivery waiting to be sent or retried.');
    await expect(el).to.be.accessible();
  });

  it('should speak German with lang="de"', async () => {
    portal([{ ...HOOK }]);
    const el = await fixture(html`<cx-webhooks lang="de" api-base="http://portal.test"></cx-webhooks>`);
    await expect.poll(() => button(el, 'Testereignis senden')).toBeTruthy();
    expect(q(el, 'h1')!.textContent).toBe('Webhooks');
    expect(shadow(el).textContent).toContain('Fall eröffnet, Alarm ausgelöst · Slack-Nachricht');
  });
});
