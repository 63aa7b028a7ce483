// Stored XSS: script payloads written through the API into every stored text an element shows
// (a user's and a group's names, favourite titles and descriptions, a case's tags and comments, a
// reply to a review, a survey verbatim), then opened in Chromium in the elements that show them: nothing runs, nothing is
// injected, and the text is shown as text. (Named to run last: it leaves hostile names behind.)
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { PASSWORD, signInAs } from './helpers';

const MARK = 'XSSMARK';
/** Names must be new on each run (the test may repeat on one database). */
const RUN = Date.now().toString(36);
/** Each payload carries the mark as text, so the test can find where it is shown. */
/** Within a name's length limits (and a tag's 60 characters). */
const short = (n: number) => `${MARK}${n}<img src=x onerror=window.__xss=${n}> ${RUN}`;
const payload = (n: number) => `${RUN} ${MARK}${n}<img src=x onerror="window.__xss=${n}"><script>window.__xss=${n}</script>"><svg onload="window.__xss=${n}">`;

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
    data: { User: { email: `xss.${RUN}@demo.cx`, firstName: short(1), lastName: short(2), role: 'PortalUser', claims: [{ Type: 'Region', Value: 'South' }] } },
  });
  expect([200, 201, 400]).toContain(user.status());
  // A group's name and description.
  const group = await request.post('/api/groups', { headers: auth(admin), data: { name: short(3), description: payload(4), memberIds: ['u-north'] } });
  expect([201, 400]).toContain(group.status());
  // A favourite's title and description.
  const favourite = await request.post('/api/favourites/responses', {
    headers: auth(admin),
    data: { title: payload(5), description: payload(6), payload: JSON.stringify({ smartDataSelection: { smartFilters: [] }, viewMode: 'RecordsViewer' }) },
  });
  expect([200, 400]).toContain(favourite.status());
  // A case's tag and an e-mail comment.
  const queue = await (await request.post('/api/processflow/cases/queue/New/New', { headers: auth(admin), data: { skip: 0, top: 1 } })).json();
  const { ProcessFlowObjectId: pfo, SourceObjectId: source } = queue.data[0];
  const act = async (body: object) => {
    const res = await request.post(`/api/processflow/cases/processFlowObject/action/${pfo}`, { headers: auth(admin), data: body });
    expect(res.status()).toBe(200);
    expect((await res.json()).validationResults).toBeUndefined();
  };
  // Tags are stored lower-cased, at most 60 characters.
  await act({ actionName: 'Tag', actionProperties: JSON.stringify({ tags: [{ tagValue: short(7) }], operation: 0 }) });
  await act({ actionName: 'Send e-mail', comment: payload(8), actionProperties: JSON.stringify({ subject: payload(9) }) });
  // A reply to a public review, through the local review provider's sign-in.
  const { idToken } = await (await request.post('/api/social/local/signin', { headers: auth(admin) })).json();
  expect((await request.post('/api/social/auth', { headers: auth(admin), data: { provider: 'local', idToken } })).status()).toBe(200);
  const reviews = await (await request.post('/api/processflow/reviews/queue/New/New', { headers: auth(admin), data: { skip: 0, top: 1 } })).json();
  const review = reviews.data[0].SourceObjectId;
  const reply = await request.post(`/api/social/action/${review}`, { headers: auth(admin), data: { idToken, reply: payload(11) } });
  expect(reply.status()).toBe(200);
  expect((await reply.json()).validationResults).toBeUndefined();
  // A survey answer's verbatim, through a published survey's public page.
  const editor = await apiToken(request, 'surveyeditor@demo.cx');
  const created = await (await request.post('/api/surveys', { headers: auth(editor), data: { title: 'XSS visit' } })).json();
  const [nps, stars] = created.definition.questions;
  const why = { id: 'why', kind: 'text', required: false, text: { en: 'Why?', de: 'Warum?' } };
  const places = await (await request.get('/api/surveys/places', { headers: auth(editor) })).json();
  const store = places.stores[0];
  const put = await request.put(`/api/surveys/${created.shortcode}`, {
    headers: auth(editor),
    data: { version: created.version, settings: { ...created.settings, stores: [store], channel: 'Survey' }, definition: { ...created.definition, questions: [nps, stars, why] } },
  });
  expect(put.status()).toBe(200);
  const saved = await put.json();
  expect((await request.post(`/api/surveys/${created.shortcode}/publish`, { headers: auth(editor), data: { version: saved.version } })).status()).toBe(200);
  expect((await request.post(`/api/survey/${created.shortcode}/responses`, { data: { answers: { [nps.id]: 2, [stars.id]: 1, why: payload(10) } } })).status()).toBe(201);

  await page.goto('/login');
  await signInAs(page, 'portaladmin@demo.cx');
  const visit = async (path: string, marks: number[], find?: () => Promise<void>) => {
    await page.goto(path);
    await find?.();
    for (const n of marks) {
      await expect(page.getByText(new RegExp(`${MARK}${n}\\b`, 'i')).first(), `${path} shows payload ${n}`).toBeVisible();
      shown.push(`${n}@${path}`);
    }
    expect(await nothingInjected(page), path).toEqual({ ran: null, injected: [] });
  };
  if (user.ok()) {
    const id = (await user.json()).user?.id ?? (await user.json()).id;
    await visit('/user', [1, 2], () => page.locator('cx-user-list').getByRole('searchbox', { name: 'Search users' }).fill(`xss.${RUN}`));
    await visit(`/user/${id}`, []);
    await expect(page.locator('cx-user-detail').getByRole('textbox').first()).toHaveValue(short(1));
  }
  if (group.ok()) {
    await visit('/group', [3]);
    await visit(`/group/${(await group.json()).id}`, []);
  }
  if (favourite.ok()) await visit('/content/insights/responses', [5]);
  await visit(`/processflow/cases/${source}/cases`, [7, 8]);
  await visit(`/processflow/reviews/${review}/reviews`, [11]);
  // The verbatim, found by its words as a user would (today's seeded rows can be newer).
  await visit('/content/insights/responses/default', [10], () => page.locator('cx-data-viewer .bar').getByPlaceholder('Search comments').fill(`${MARK}10`));
  const refused = [['user', user], ['group', group], ['favourite', favourite]].filter(([, r]) => !(r as { ok: () => boolean }).ok()).map(([what]) => what);
  console.warn(`stored XSS: ${shown.length} payloads shown as text (${shown.join(', ')}); refused on input: ${refused.join(', ') || 'none'}; executed 0, injected 0`);
});
