// Stored XSS: script payloads written through the API into every stored text an element shows
// (a user's and a group's names, favourite titles and descriptions, a case's tags and comments, a
// survey verbatim), then opened in Chromium in the elements that show them: nothing runs, nothing is
// injected, and the text is shown as text. (Named to run last: it leaves hostile names behind.)
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { PASSWORD, signInAs } from './helpers';

const MARK = 'XSSMARK';
/** Each payload carries the mark as text, so the test can find where it is shown. */
const payload = (n: number) => `${MARK}${n}<img src=x onerror="window.__xss=${n}"><script>window.__xss=${n}</script>"><svg onload="window.__xss=${n}">`;

async function apiToken(request: APIRequestContext, username: string) {
  const res = await request.post('/api/identity/token', { data: { username, password: PASSWORD } });
  return (await res.json()).content.access_token as string;
}
const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** Nothing ran, and no element of a payload exists in the document or any shadow root. */
async function nothingInjected(page: Page) {
  return page.evaluate(() => {
    const roots: Array<Document | ShadowRoot> = [document];
    for (let i = 0; i < roots.length; i++) roots[i].querySelectorAll('*').forEach((el) => el.shadowRoot && roots.push(el.shadowRoot));
    const injected = roots.flatMap((r) => [...r.querySelectorAll('img[src="x"], svg[onload], [onerror], script:not([src])')]).map((el) => el.outerHTML.slice(0, 80));
    return { ran: (window as unknown as { __xss?: number }).__xss ?? null, injected };
  });
}

test('stored script payloads are shown as text in every element that shows them', async ({ page, request }) => {
  test.setTimeout(120_000);
  const admin = await apiToken(request, 'portaladmin@demo.cx');
  const shown: string[] = [];

  // A user's first and last name.
  const user = await request.post('/api/identity/createuser', {
    headers: auth(admin),
    data: { User: { email: 'xss.person@demo.cx', firstName: payload(1), lastName: payload(2), role: 'PortalUser', claims: [{ Type: 'Region', Value: 'South' }] } },
  });
  expect([200, 201, 400]).toContain(user.status());
  // A group's name and description.
  const group = await request.post('/api/groups', { headers: auth(admin), data: { name: payload(3), description: payload(4), memberIds: ['u-north'] } });
  expect([201, 400]).toContain(group.status());
  // A favourite's title and description.
  const favourite = await request.post('/api/favourites/responses', {
    headers: auth(admin),
    data: { title: payload(5), description: payload(6), payload: JSON.stringify({ smartDataSelection: { smartFilters: [] }, viewMode: 'RecordsViewer' }) },
  });
  expect([200, 400]).toContain(favourite.status());
  // A case's tag and an e-mail comment.
  const queue = await (await request.post('/api/processflow/cases/queue/All/All', { headers: auth(admin), data: { skip: 0, top: 1 } })).json();
  const { ProcessFlowObjectId: pfo, SourceObjectId: source } = queue.data[0];
  const act = (body: object) => request.post(`/api/processflow/cases/processFlowObject/action/${pfo}`, { headers: auth(admin), data: body });
  const tag = await act({ actionName: 'Tag', actionProperties: JSON.stringify({ tags: [{ tagValue: payload(7) }], operation: 0 }) });
  const mail = await act({ actionName: 'Send e-mail', comment: payload(8), actionProperties: JSON.stringify({ subject: payload(9) }) });
  expect([200, 400]).toContain(tag.status());
  expect(mail.status()).toBe(200);
  // A survey answer's verbatim, through a published survey's public page.
  const editor = await apiToken(request, 'surveyeditor@demo.cx');
  const created = await (await request.post('/api/surveys', { headers: auth(editor), data: { title: 'XSS visit' } })).json();
  const [nps, stars] = created.definition.questions;
  const why = { id: 'why', kind: 'text', required: false, text: { en: 'Why?', de: 'Warum?' } };
  const places = await (await request.get('/api/surveys/places', { headers: auth(editor) })).json();
  const store = places.stores[0];
  const saved = await (await request.put(`/api/surveys/${created.shortcode}`, {
    headers: auth(editor),
    data: { version: created.version, settings: { ...created.settings, store, channel: 'Survey' }, definition: { ...created.definition, questions: [nps, stars, why] } },
  })).json();
  expect((await request.post(`/api/surveys/${created.shortcode}/publish`, { headers: auth(editor), data: { version: saved.version } })).status()).toBe(200);
  expect((await request.post(`/api/survey/${created.shortcode}/responses`, { data: { answers: { [nps.id]: 2, [stars.id]: 1, why: payload(10) } } })).status()).toBe(201);

  await page.goto('/login');
  await signInAs(page, 'portaladmin@demo.cx');
  const visit = async (path: string, marks: number[]) => {
    await page.goto(path);
    for (const n of marks) {
      await expect(page.getByText(`${MARK}${n}`).first(), `${path} shows payload ${n}`).toBeVisible();
      shown.push(`${n}@${path}`);
    }
    expect(await nothingInjected(page), path).toEqual({ ran: null, injected: [] });
  };
  if (user.ok()) {
    const id = (await user.json()).user?.id ?? (await user.json()).id;
    await visit(`/user/${id}`, []);
    await expect(page.locator('cx-user-detail').getByRole('textbox').first()).toHaveValue(payload(1));
  }
  if (group.ok()) {
    await visit('/group', [3]);
    await visit(`/group/${(await group.json()).id}`, []);
  }
  if (favourite.ok()) await visit('/content/insights/responses', [5]);
  await visit(`/processflow/cases/${source}/cases`, [8, ...(tag.ok() ? [7] : [])]);
  await visit('/content/insights/responses/default', [10]);
  console.warn(`stored XSS: ${shown.length} payloads shown as text (${shown.join(', ')}); executed 0, injected 0`);
});
