// The single sign-on administration screen (/admin/sso) in Chromium against the real server: a
// GlobalAdmin adds an OpenID Connect provider with a client secret, the secret is never sent back
// or shown, and the sign-in page then offers the provider; a PortalUser may not open the screen.
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { PASSWORD, signInAs } from './helpers';

const NAME = 'Acme Workforce';
const ID = 'acme-workforce';
const SECRET = 'e2e-client-secret-4f7a9c';

/** Everything the page holds as text: its light DOM, every shadow root and every field's value. */
const everythingOnPage = (page: Page) =>
  page.evaluate(() => {
    const parts: string[] = [];
    const walk = (root: Document | ShadowRoot) => {
      parts.push(root instanceof Document ? root.documentElement.outerHTML : root.innerHTML);
      for (const el of root.querySelectorAll('*')) {
        if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) parts.push(el.value);
        if (el.shadowRoot) walk(el.shadowRoot);
      }
    };
    walk(document);
    return parts.join('\n');
  });

test.afterAll(async ({ playwright }, testInfo) => {
  // Other specs expect the portal's own sign-on only.
  const api = await playwright.request.newContext({ baseURL: String(testInfo.project.use.baseURL) });
  const signedIn = await api.post('/api/identity/token', { data: { username: 'globaladmin@demo.cx', password: PASSWORD } });
  await api.delete(`/api/sso/providers/${ID}`, { headers: { authorization: `Bearer ${(await signedIn.json()).content.access_token}` } });
  await api.dispose();
});

test('a GlobalAdmin adds an OIDC provider whose secret is never shown again, and the sign-in page offers it', async ({ page, browser }) => {
  await signInAs(page, 'globaladmin@demo.cx');
  await page.goto('/admin/sso');
  await expect(page.getByRole('heading', { name: 'Single sign-on', level: 1 })).toBeVisible();
  await expect(page.getByLabel('OpenID Connect redirect URI')).toHaveValue(/\/api\/sso\/oidc\/callback$/);

  await page.getByRole('button', { name: 'Add identity provider' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add an identity provider' });
  await dialog.getByLabel('OpenID Connect').check();
  await dialog.getByLabel('Name').fill(NAME);
  await expect(dialog.getByLabel('Id', { exact: true })).toHaveValue(ID);
  await dialog.getByLabel('E-mail domains').fill('acme.test');
  await dialog.getByLabel('Issuer').fill('https://login.acme.test');
  await dialog.getByLabel('Client id').fill('cx-portal');
  await dialog.getByLabel('Client secret').fill(SECRET);
  await dialog.getByRole('button', { name: 'Add rule' }).click();
  await dialog.getByLabel('Provider attribute of rule 1').fill('groups');
  await dialog.getByLabel('Equals of rule 1').fill('cx-admins');
  await dialog.getByLabel('Role of rule 1').selectOption('PortalAdmin');
  await dialog.getByRole('button', { name: 'Add provider' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row', { name: new RegExp(NAME) })).toContainText('OpenID Connect');

  // After a reload: neither the list's answer nor the page nor the edit form holds the secret.
  const listed = page.waitForResponse((r) => r.url().endsWith('/api/sso/providers') && r.request().method() === 'GET');
  await page.reload();
  const body = await (await listed).text();
  expect(body).not.toContain(SECRET);
  expect((JSON.parse(body) as { providers: Array<{ id: string; hasSecret: boolean }> }).providers.find((p) => p.id === ID)).toMatchObject({ hasSecret: true });
  await page.getByRole('row', { name: new RegExp(NAME) }).getByRole('button', { name: `Edit ${NAME}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit ${NAME}` });
  await expect(edit.getByLabel('Client secret')).toHaveValue('');
  await expect(edit.getByLabel('Client secret')).toHaveAttribute('placeholder', 'Stored — type to replace');
  expect(await everythingOnPage(page)).not.toContain(SECRET);
  await edit.getByRole('button', { name: 'Cancel' }).click();

  // Someone signed out sees the provider on the sign-in page.
  const visitor = await browser.newPage();
  await visitor.goto(new URL('/login', page.url()).href);
  await expect(visitor.getByRole('button', { name: `Sign in with ${NAME}` })).toBeVisible();
  await expect(visitor.getByRole('button', { name: 'Sign in with single sign-on' })).toBeHidden();
  await visitor.close();
});

test('a PortalUser cannot open the single sign-on screen', async ({ page }) => {
  await signInAs(page, 'portaluser@demo.cx');
  await page.goto('/admin/sso');
  await expect(page).toHaveURL('/401');
  await expect(page.getByRole('heading', { name: 'You do not have access to this page' })).toBeVisible();
});
