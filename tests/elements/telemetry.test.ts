import { afterEach, describe, expect, it } from 'vitest';
import { setFetch } from '../../src/api/client';
import { trackEvent } from '../../src/api/telemetry';

const sent: string[] = [];
const capture = () =>
  setFetch(async (input, init) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    if (request.url.endsWith('/api/telemetry')) sent.push(...(await request.json()).events.map((e: { name: string }) => e.name));
    return new Response('{}', { status: 200 });
  });

describe('telemetry events', () => {
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
    await new Promise((r) => setTimeout(r, 50));
    expect(sent).toEqual(['Error logging in user: incorrect username or password', 'Error deleting user']);
  });

  it('should record other events every time', async () => {
    capture();
    trackEvent('Something else');
    trackEvent('Something else');
    await new Promise((r) => setTimeout(r, 50));
    expect(sent).toEqual(['Something else', 'Something else']);
  });
});
