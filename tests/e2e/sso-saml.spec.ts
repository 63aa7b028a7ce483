// Single sign-on with SAML 2.0 in Chromium: a real identity provider (Debian's SimpleSAMLphp, on a
// free loopback port, given the portal's SP metadata) registered through the admin API; the user
// picks it on the sign-in page, signs in on SimpleSAMLphp's own page and lands in the portal with the
// role the IdP's group maps to; signing out goes through the IdP's single logout and back.
import type { APIRequestContext } from '@playwright/test';
import { test, expect } from './fixtures';
import { addProviders, adminApi, removeProviders, signInThrough } from './sso-helpers';
import { IDP_PASSWORD, startSimpleSamlPhp, type TestSamlIdp } from '../tools/simplesamlphp';

const ID = 'e2e-saml';
const NAME = 'Acme SAML';
/** The same IdP, the AuthnRequest sent by a posted form (HTTP-POST binding) that the portal's page submits by script. */
const POST_ID = 'e2e-saml-post';
const POST_NAME = 'Acme by form';
let idp: TestSamlIdp;
let api: APIRequestContext;
let admin: Record<string, string>;
/** Signing in as `user` through the provider `name`, on SimpleSAMLphp's page. */
const samlSignIn = (name: string, user: string) => ({
  name,
  page: new RegExp(`^${idp.origin}/module.php/core/loginuserpass.php`),
  user: ['Username', user] as [string, string],
  password: IDP_PASSWORD,
  submit: 'Login',
});

test.beforeAll(async ({ playwright }, testInfo) => {
  const origin = String(testInfo.project.use.baseURL);
  ({ api, admin } = await adminApi(playwright, origin));
  const metadata = await api.get('/api/sso/saml/metadata');
  expect(metadata.status()).toBe(200);
  idp = await startSimpleSamlPhp(await metadata.text(), 'e2e');
  // The administrator's way: the IdP's metadata read from its URL fills the provider.
  const read = await api.post('/api/sso/providers/metadata', { headers: admin, data: { url: idp.metadataUrl } });
  expect(read.status(), await read.text()).toBe(200);
  const { idpEntityId, ssoUrls, sloUrl, idpCerts } = await read.json();
  const mapping = [
    { attribute: 'groups', equals: 'cx-admins', role: 'PortalAdmin' },
    { attribute: 'region', claim: 'Region' },
  ];
  await addProviders(api, admin, [
    { id: ID, kind: 'saml', name: NAME, domains: ['acme.test'], config: { idpEntityId, ssoUrl: ssoUrls.redirect, binding: 'redirect', sloUrl, idpCerts, emailAttribute: 'mail' }, mapping },
    { id: POST_ID, kind: 'saml', name: POST_NAME, config: { idpEntityId, ssoUrl: ssoUrls.post, binding: 'post', idpCerts, emailAttribute: 'mail' }, mapping },
  ]);
});

test.afterAll(async () => {
  await removeProviders(api, admin, [ID, POST_ID]);
  await idp?.stop();
});

test('a user signs in with the SAML provider, lands as PortalAdmin and signs out through the IdP', async ({ page }) => {
  await signInThrough(page, samlSignIn(NAME, 'anna'));

  await expect(page.getByRole('button', { name: /Profile of/ })).toBeVisible({ timeout: 15_000 });
  // PortalAdmin (from the group cx-admins) may open the user administration.
  await page.goto('/user');
  await expect(page).toHaveURL('/user');
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();

  await page.getByRole('button', { name: /Profile of/ }).click();
  // Single logout: the browser carries the portal's LogoutRequest to the IdP, whose answer returns to the portal.
  const atIdp = page.waitForRequest((r) => r.url().startsWith(`${idp.sloUrl}?SAMLRequest=`));
  await page.getByRole('button', { name: 'Sign out' }).click();
  await atIdp;
  await expect(page).toHaveURL(/\/(logout|login)$/, { timeout: 15_000 });
  await page.goto('/user');
  await expect(page).toHaveURL('/login');
});

test('by POST binding: the portal’s page posts the AuthnRequest by script, and the user lands signed in', async ({ page }) => {
  await signInThrough(page, samlSignIn(POST_NAME, 'dora'));
  await expect(page.getByRole('button', { name: /Profile of/ })).toBeVisible({ timeout: 15_000 });
});
