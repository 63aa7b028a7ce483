import { test, expect } from './fixtures';
import { dashboardReady as ready, signInAs } from './helpers';

test('a dashboard opened afresh asks for its tiles before the calls nobody sees at first, which still follow', async ({ page }) => {
  await signInAs(page, 'portaluser@demo.cx');
  await ready(page);
  const events: string[] = [];
  const later = ['/api/telemetry', '/api/notifications', '/api/content/clientplugins', '/api/settings/version'];
  page.on('request', (r) => events.push(`sent ${new URL(r.url()).pathname}`));
  page.on('requestfinished', (r) => events.push(`answered ${new URL(r.url()).pathname}`));
  await page.goto('/dashboard/overview/');
  await ready(page);
  // Each of them is sent, and only once the tiles' answer is in (src/api/first-view.ts).
  await expect.poll(() => later.filter((path) => events.includes(`sent ${path}`))).toEqual(later);
  const tiles = events.indexOf('answered /api/dataviz/visuals/overview/Default');
  expect(tiles, events.join('\n')).toBeGreaterThan(-1);
  for (const path of later) expect(events.indexOf(`sent ${path}`), `${path}\n${events.join('\n')}`).toBeGreaterThan(tiles);
  // And what they bring still shows: the notification count's button is there.
  await expect(page.getByRole('button', { name: /Notifications/ })).toBeVisible();
});
