import { describe, expect, it } from 'vitest';
import { qrPayload, secondsLeft, shouldRegenerate } from '../../src/lib/qr-timer';
import { isMobileBrowser } from '../../src/lib/mobile';

describe('the QR sign-in code timer', () => {
  const now = Date.parse('2026-11-22T10:00:00Z');
  it('counts whole seconds down to zero', () => {
    expect(secondsLeft('2026-11-22T10:02:00Z', now)).toBe(120);
    expect(secondsLeft('2026-11-22T10:00:00.900Z', now)).toBe(0);
    expect(secondsLeft('2026-11-22T09:59:00Z', now)).toBe(0);
  });

  it('regenerates with 20 seconds or less remaining', () => {
    expect(shouldRegenerate('2026-11-22T10:00:21Z', now)).toBe(false);
    expect(shouldRegenerate('2026-11-22T10:00:20Z', now)).toBe(true);
  });

  it('puts the code, user and client into the QR base URL', () => {
    expect(qrPayload('cxassistant://login', { code: '12345678', username: 'a@b.c', clientId: 'web' })).toBe('cxassistant://login?code=12345678&username=a%40b.c&clientId=web');
  });

  it('treats phones and narrow windows as mobile', () => {
    expect(isMobileBrowser('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0)', 1200)).toBe(true);
    expect(isMobileBrowser('Mozilla/5.0 (X11; Linux x86_64)', 768)).toBe(true);
    expect(isMobileBrowser('Mozilla/5.0 (X11; Linux x86_64)', 1200)).toBe(false);
  });
});
