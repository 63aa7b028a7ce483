import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setFetch } from '../../src/api/client';
import { trackEvent } from '../../src/api/telemetry';

const sent: string[] = [];
/** What was sent, once `count` events have arrived (they wait for the page's first view) and a moment more. */
async function arrived(count: number) {
  await vi.waitFor(() => expect(sent.length).toBeGreaterThanOrEqual(count), { timeout: 15_000 });
  await new Promise((r) => setTimeout(r, 50));
  return sent;
}

const capture = () =>
  setFetch(async (input, init) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    if (request.url.endsWith('/api/telemetry')) sent.push(...(await request.json()).events.map((e: { name: string }) => e.name));
    return new Response('{}', { status: 200 });
  });

describe('telemetry events', () => {
  // Other element tests on this origin (a failed sign-in) record the same unique events in localStorage: start from none.
  beforeEach(() => localStorage.removeItem('cx.telemetry.unique'));
  afterEach(() => {
    sent.length = 0;
    localStorage.removeItem('cx.telemetry.unique');
    setFetch((input, init) => fetch(input, init));
  });

  it('should record an event the spec names at most once per 24 hours', async () => {
    capture();
    for (let i = 0; i < 3; i++) trackEvent('Error logging in user: incorrect username or password');
    trackEvent('Error deleting user');
    trackEvent('Error deleting user');
    expect(await arrived(2)).toEqual(['Error logging in user: incorrect username or password', 'Error deleting user']);
  });

  it('should record other events every time', async () => {
    capture();
    trackEvent('Something else');
    trackEvent('Something else');
    expect(await arrived(2)).toEqual(['Something else', 'Something else']);
  });
});
