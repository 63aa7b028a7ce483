// The single sign-on specs' shared steps: registering providers through the admin API, removing them
// afterwards, and signing in at the provider's own page.
import type { APIRequestContext, Page, PlaywrightWorkerArgs } from '@playwright/test';
import { expect } from './fixtures';
import { PASSWORD } from './helpers';

/** A request context on the portal, and the GlobalAdmin's authorization header for the admin API. */
export async function adminApi(playwright: PlaywrightWorkerArgs['playwright'], origin: string): Promise<{ api: APIRequestContext; admin: Record<string, string> }> {
  const api = await playwright.request.newContext({ baseURL: origin });
  const signedIn = await api.post('/api/identity/token', { data: { username: 'globaladmin@demo.cx', password: PASSWORD } });
  return { api, admin: { authorization: `Bearer ${(await signedIn.json()).content.access_token}` } };
}

/** Registers each provider as the administrator would. */
export async function addProviders(api: APIRequestContext, admin: Record<string, string>, providers: object[]): Promise<void> {
  for (const data of providers) {
    const created = await api.post('/api/sso/providers', { headers: admin, data });
    expect(created.status(), await created.text()).toBe(201);
  }
}

/** Deletes the providers (other specs expect the portal's own sign-on only) and closes the context; safe after a failed start. */
export async function removeProviders(api: APIRequestContext | undefined, admin: Record<string, string> | undefined, ids: string[]): Promise<void> {
  for (const id of ids) await api?.delete(`/api/sso/providers/${id}`, { headers: admin });
  await api?.dispose();
}

/** On the portal's sign-in page picks the provider, then signs in on the provider's own page. */
export async function signInThrough(page: Page, idp: { name: string; page: RegExp; user: [label: string, value: string]; password: string; submit: string }): Promise<void> {
  await page.goto('/login');
  await page.getByRole('button', { name: `Sign in with ${idp.name}` }).click();
  await expect(page).toHaveURL(idp.page);
  await page.getByLabel(idp.user[0]).fill(idp.user[1]);
  await page.getByLabel('Password').fill(idp.password);
  await page.getByRole('button', { name: idp.submit }).click();
}
