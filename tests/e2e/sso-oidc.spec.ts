// Single sign-on with OpenID Connect in Chromium: a real provider (`oidc-provider`, in-process on a
// free loopback port) registered through the admin API; the user picks it on the sign-in page, signs
// in on the provider's page and lands in the portal with the role the provider's group maps to;
// signing out goes through the provider's end_session and back to the portal.
import type { APIRequestContext } from '@playwright/test';
import { test, expect } from './fixtures';
import { addProviders, adminApi, removeProviders, signInThrough } from './sso-helpers';
import { IDP_ACCOUNTS, IDP_PASSWORD, startOidcProvider, type TestOidcProvider } from '../tools/oidc-provider';

const ID = 'e2e-oidc';
const NAME = 'Company OIDC';
let idp: TestOidcProvider;
let api: APIRequestContext;
let admin: Record<string, string>;
const [ada] = IDP_ACCOUNTS;

test.beforeAll(async ({ playwright }, testInfo) => {
  const origin = String(testInfo.project.use.baseURL);
  idp = await startOidcProvider(origin);
  ({ api, admin } = await adminApi(playwright, origin));
  const provider = {
    id: ID,
    kind: 'oidc',
    name: NAME,
    domains: ['idp.test'],
    config: { issuer: idp.issuer, clientId: idp.portalClient.clientId },
    clientSecret: idp.portalClient.clientSecret,
    mapping: [
      { attribute: 'groups', equals: 'cx-admins', role: 'PortalAdmin' },
      { attribute: 'region', claim: 'Region' },
    ],
  };
  await addProviders(api, admin, [provider]);
});

test.afterAll(async () => {
  await removeProviders(api, admin, [ID]);
  await idp?.close();
});

test('a user signs in with the OpenID Connect provider, lands as PortalAdmin and signs out through the provider', async ({ page }) => {
  await signInThrough(page, { name: NAME, page: new RegExp(`^${idp.issuer}/interaction/`), user: ['E-mail', ada.email], password: IDP_PASSWORD, submit: 'Sign in' });

  await expect(page.getByRole('button', { name: /Profile of/ })).toBeVisible({ timeout: 15_000 });
  await page.goto('/user');
  await expect(page).toHaveURL('/user');
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();

  await page.getByRole('button', { name: /Profile of/ }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(new RegExp(`^${idp.issuer}/session/end`));
  await page.getByRole('button', { name: 'Yes, sign me out' }).click();
  await expect(page).toHaveURL(/\/(logout|login)$/);
  await page.goto('/user');
  await expect(page).toHaveURL('/login');
});
