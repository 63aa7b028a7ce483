import { afterEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { fixture, fixtureCleanup } from '@open-wc/testing-helpers';
import '../../elements/cx-dataviz-home';
import { json, realFetch, server, type Call } from './fake-server';
import { captureNavigation, shadow } from './helpers';
import { $session } from '../../src/stores/session';
import type { Session } from '../../src/api/types';
import type { CatalogueItem } from '../../src/api/operations';
import type { DashboardDocument, DashboardSummary } from '../../src/api/dashboard-builder';

afterEach(() => {
  realFetch();
  $session.set(null);
  vi.restoreAllMocks();
  // The page's locators then find this test's element only.
  fixtureCleanup();
});

const signIn = (role: string) =>
  $session.set({ userName: 'ada@demo.cx', firstName: 'Ada', lastName: 'Admin', email: 'ada@demo.cx', id: 'u1', role, portalRole: role, claims: '', claimsJSON: [], token: 't', refreshToken: '', tokenType: 'bearer', expiryDate: new Date(Date.now() + 3600_000).toISOString(), changePasswordOnNextLogin: false } as unknown as Session);

const summary = (id: string, name: string, more: Partial<DashboardSummary> = {}): DashboardSummary => ({
  id, name, description: '', moduleId: 'responses', moduleName: 'Survey responses', ownerId: null, publishedVersion: 1, hasDraft: false, updatedAt: null, url: `/dashboard/${id}/`, mayEdit: true, ...more,
});
const DASHBOARDS = [
  summary('overview', 'Overview', { description: 'NPS at a glance.' }),
  summary('store-nps', 'Store NPS', { ownerId: 'u1', publishedVersion: null, hasDraft: true }),
  summary('reviews', 'Reviews', { moduleId: 'reviews', moduleName: 'Public reviews', mayEdit: false }),
];
const CATALOGUE: CatalogueItem[] = [
  ...DASHBOARDS.map((d): CatalogueItem => ({ kind: 'Dashboard', id: d.id, name: d.name, description: d.description, url: d.url, moduleId: d.moduleId, updatedAt: null })),
  { kind: 'DataViewer', id: 'responses', name: 'Responses', description: 'Survey responses', url: '/content/insights/responses', moduleId: 'responses', updatedAt: null },
];
const SOURCES = [
  { id: 'responses', name: 'Survey responses', builtin: true, state: 'ready', rows: 10, lastImportAt: null, roles: [], dateKey: 'ResponseDate', columns: [] },
  { id: 'store-survey', name: 'Store survey', builtin: false, state: 'ready', rows: 10, lastImportAt: null, roles: [], dateKey: 'Submitted', columns: [] },
];
const doc = (id: string, name: string, moduleId = 'responses'): DashboardDocument => ({
  ...summary(id, name, { moduleId, publishedVersion: null, ownerId: 'u1' }),
  draft: { definitions: [], layouts: { Default: [] } }, published: null, versions: [], everyone: false, shares: [], mayShare: true,
});
const MISSING = 'Tile "NPS" reads the column "Recommend", which "Store survey" does not have.';

/** A portal with the catalogue, the dashboards and sources above, and `more` routes first. */
function portal(more: (method: string, path: string, call: Call) => Response | undefined = () => undefined) {
  return server((method, path, call) => {
    const mine = more(method, path, call);
    if (mine) return mine;
    if (method === 'GET' && path === '/api/dataviz/home') return json(CATALOGUE);
    if (method === 'GET' && path === '/api/dashboards') return json({ items: DASHBOARDS });
    if (method === 'GET' && path === '/api/datasources') return json(SOURCES);
    return undefined;
  });
}

const mount = async (lang = 'en') => {
  const el = await fixture(`<cx-dataviz-home lang="${lang}" api-base="http://portal.test"></cx-dataviz-home>`);
  await expect.poll(() => shadow(el).querySelectorAll('.catalogue-list li').length).toBe(4);
  return el;
};
const itemOf = (el: Element, name: string) => [...shadow(el).querySelectorAll<HTMLElement>('.catalogue-list li')].find((li) => li.querySelector('h2')?.textContent === name)!;
const actionsOf = (name: string) => page.getByRole('group', { name: `Actions for ${name}` });
const dialog = (el: Element) => shadow(el).querySelector<HTMLDialogElement>('dialog');
const optionsOf = (select: HTMLSelectElement) => [...select.options].map((o) => [o.value, o.text]);
/** The focused element inside the element's shadow root. */
const focused = (el: Element) => shadow(el).activeElement as HTMLElement | null;

describe('<cx-dataviz-home> managing dashboards', () => {
  it('should offer the actions on the dashboards the user may edit, mark a draft, and stay accessible', async () => {
    signIn('PortalAdmin');
    portal();
    const el = await mount();
    expect(itemOf(el, 'Store NPS').querySelector('.badge')?.textContent).toBe('Draft');
    expect(itemOf(el, 'Overview').querySelector('.badge')).toBeNull();
    const overview = [...itemOf(el, 'Overview').querySelectorAll('[role="group"] a, [role="group"] button')].map((b) => b.textContent);
    expect(overview).toEqual(['Edit', 'Rename', 'Duplicate', 'Export', 'Delete']);
    // Outside the host portal a link leads to the portal (its api-base), not to the page's own site.
    expect(itemOf(el, 'Overview').querySelector('[role="group"] a')!.getAttribute('href')).toBe('http://portal.test/dataviz/build/overview');
    // Viewing only: no actions; a data viewer has none either.
    expect(itemOf(el, 'Reviews').querySelector('[role="group"]')).toBeNull();
    expect(itemOf(el, 'Responses').querySelector('[role="group"]')).toBeNull();
    await expect(el).to.be.accessible();
  });

  it('should make a new dashboard: the dialog posts it and the builder opens', async () => {
    signIn('PortalAdmin');
    const calls = portal((method, path, call) => (method === 'POST' && path === '/api/dashboards' ? json(doc('store-survey-nps', JSON.parse(call.body).name, 'store-survey'), 201) : undefined));
    const el = await mount();
    await page.getByRole('button', { name: 'New dashboard' }).click();
    await expect.poll(() => dialog(el)?.open).toBe(true);
    expect(dialog(el)!.querySelector('h2')!.textContent).toBe('New dashboard');
    // An administrator chooses among every source (GET /api/datasources), by name.
    const select = dialog(el)!.querySelector('select')!;
    expect(optionsOf(select)).toEqual([['', 'Choose a data source'], ['reviews', 'Public reviews'], ['store-survey', 'Store survey'], ['responses', 'Survey responses']]);
    await expect(el).to.be.accessible();
    // Nothing chosen: said, not sent.
    await page.getByRole('button', { name: 'Create' }).click();
    await expect.poll(() => dialog(el)!.querySelector('[role="alert"]')?.textContent).toBe('A dashboard needs a name.');
    await userEvent.fill(page.getByLabelText('Name', { exact: true }), 'Store NPS by region');
    await userEvent.fill(page.getByLabelText('Description'), 'For the store managers.');
    await userEvent.selectOptions(page.getByLabelText('Data source'), 'store-survey');
    const nav = captureNavigation();
    await page.getByRole('button', { name: 'Create' }).click();
    await expect.poll(() => nav.asked).toEqual(['/dataviz/build/store-survey-nps']);
    nav.stop();
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => JSON.parse(c.body))).toEqual([{ name: 'Store NPS by region', description: 'For the store managers.', moduleId: 'store-survey' }]);
  });

  it('should offer a PortalUser the sources of the catalogue, without asking for every source', async () => {
    signIn('PortalUser');
    const calls = portal();
    const el = await mount();
    await page.getByRole('button', { name: 'New dashboard' }).click();
    await expect.poll(() => dialog(el)?.open).toBe(true);
    expect(optionsOf(dialog(el)!.querySelector('select')!)).toEqual([['', 'Choose a data source'], ['reviews', 'Public reviews'], ['responses', 'Survey responses']]);
    expect(calls.some((c) => c.path === '/api/datasources')).toBe(false);
  });

  it('should ask before deleting, naming the dashboard; Cancel keeps it, Delete removes it', async () => {
    signIn('PortalAdmin');
    let deleted = false;
    const calls = portal((method, path) => {
      if (method === 'DELETE' && path === '/api/dashboards/overview') {
        deleted = true;
        return json({ deleted: true });
      }
      if (deleted && method === 'GET' && path === '/api/dataviz/home') return json(CATALOGUE.filter((i) => i.id !== 'overview' || i.kind !== 'Dashboard'));
      if (deleted && method === 'GET' && path === '/api/dashboards') return json({ items: DASHBOARDS.filter((d) => d.id !== 'overview') });
      return undefined;
    });
    const el = await mount();
    await actionsOf('Overview').getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => dialog(el)?.open).toBe(true);
    expect(dialog(el)!.querySelector('h2')!.textContent).toBe('Delete “Overview”?');
    // Cancel has the focus: Enter on the question does no harm.
    expect(focused(el)?.textContent).toBe('Cancel');
    await expect(el).to.be.accessible();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog(el)).toBeNull();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    expect(itemOf(el, 'Overview')).toBeTruthy();
    await actionsOf('Overview').getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('button', { name: 'Delete dashboard' }).click();
    await expect.poll(() => shadow(el).querySelector('p.done[aria-live]')?.textContent).toBe('“Overview” has been deleted.');
    await expect.poll(() => itemOf(el, 'Overview')).toBeUndefined();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/dashboards/overview']);
  });

  it('should duplicate into another source and show the server’s message when a column is missing', async () => {
    signIn('PortalAdmin');
    const calls = portal((method, path) => (method === 'POST' && path === '/api/dashboards/overview/duplicate' ? json({ message: MISSING }, 400) : undefined));
    const el = await mount();
    await actionsOf('Overview').getByRole('button', { name: 'Duplicate' }).click();
    await expect.poll(() => dialog(el)?.open).toBe(true);
    expect(dialog(el)!.querySelector('h2')!.textContent).toBe('Duplicate “Overview”');
    expect(dialog(el)!.querySelector<HTMLInputElement>('input[name="name"]')!.value).toBe('Copy of Overview');
    expect(optionsOf(dialog(el)!.querySelector('select')!)).toEqual([['', 'The same data source (Survey responses)'], ['reviews', 'Public reviews'], ['store-survey', 'Store survey']]);
    await userEvent.selectOptions(page.getByLabelText('Data source'), 'store-survey');
    const nav = captureNavigation();
    await page.getByRole('dialog').getByRole('button', { name: 'Duplicate' }).click();
    await expect.poll(() => dialog(el)!.querySelector('[role="alert"]')?.textContent).toBe(MISSING);
    nav.stop();
    expect(nav.asked).toEqual([]);
    expect(JSON.parse(calls.find((c) => c.method === 'POST')!.body)).toEqual({ name: 'Copy of Overview', moduleId: 'store-survey' });
    await expect(el).to.be.accessible();
  });

  it('should import a file onto a chosen source and show the server’s message for a bad one', async () => {
    signIn('PortalAdmin');
    const calls = portal((method, path) => (method === 'POST' && path === '/api/dashboards/import' ? json({ message: MISSING }, 400) : undefined));
    const el = await mount();
    await page.getByRole('button', { name: 'Import a dashboard' }).click();
    await expect.poll(() => dialog(el)?.open).toBe(true);
    const file = { schemaVersion: 1, name: 'Overview', description: '', dataSource: { id: 'responses', name: 'Survey responses', columns: [] }, dashboard: { definitions: [], layouts: { Default: [] } } };
    await userEvent.upload(page.getByLabelText('Dashboard file (JSON)'), new File([JSON.stringify(file)], 'overview.dashboard.json', { type: 'application/json' }));
    await userEvent.selectOptions(page.getByLabelText('Data source'), 'store-survey');
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await expect.poll(() => dialog(el)!.querySelector('[role="alert"]')?.textContent).toBe(MISSING);
    expect(JSON.parse(calls.find((c) => c.method === 'POST')!.body)).toEqual({ file, moduleId: 'store-survey' });
    // A file that is not JSON is said before anything is sent.
    await userEvent.upload(page.getByLabelText('Dashboard file (JSON)'), new File(['not json'], 'notes.txt', { type: 'text/plain' }));
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await expect.poll(() => dialog(el)!.querySelector('[role="alert"]')?.textContent).toBe('This file cannot be read as JSON.');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    await expect(el).to.be.accessible();
  });

  it('should open an imported dashboard in the builder', async () => {
    signIn('PortalUser');
    const calls = portal((method, path) => (method === 'POST' && path === '/api/dashboards/import' ? json(doc('overview-2', 'Overview'), 201) : undefined));
    const el = await mount();
    await page.getByRole('button', { name: 'Import a dashboard' }).click();
    await userEvent.upload(page.getByLabelText('Dashboard file (JSON)'), new File(['{"schemaVersion":1}'], 'o.json', { type: 'application/json' }));
    const nav = captureNavigation();
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await expect.poll(() => nav.asked).toEqual(['/dataviz/build/overview-2']);
    nav.stop();
    // The file's own source: no moduleId sent.
    expect(JSON.parse(calls.find((c) => c.method === 'POST')!.body)).toEqual({ file: { schemaVersion: 1 } });
    expect(dialog(el)).toBeTruthy();
  });

  it('should rename a dashboard, and export it as {id}.dashboard.json', async () => {
    signIn('PortalAdmin');
    const file = { schemaVersion: 1, name: 'Overview', description: '', dataSource: { id: 'responses', name: 'Survey responses', columns: [] }, dashboard: { definitions: [], layouts: { Default: [] } } };
    const calls = portal((method, path, call) => {
      if (method === 'PUT' && path === '/api/dashboards/overview') return json(doc('overview', JSON.parse(call.body).name));
      if (method === 'GET' && path === '/api/dashboards/overview/export') return json(file);
      return undefined;
    });
    const el = await mount();
    await actionsOf('Overview').getByRole('button', { name: 'Rename' }).click();
    await expect.poll(() => dialog(el)?.querySelector('h2')?.textContent).toBe('Rename “Overview”');
    await userEvent.fill(page.getByLabelText('Name', { exact: true }), 'Overview 2026');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => shadow(el).querySelector('p.done[aria-live]')?.textContent).toBe('The dashboard is now called “Overview 2026”.');
    expect(JSON.parse(calls.find((c) => c.method === 'PUT')!.body)).toEqual({ name: 'Overview 2026' });

    const saved: Array<{ name: string; blob: Blob }> = [];
    let blob: Blob | undefined;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => ((blob = b as Blob), 'blob:test'));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, blob: blob! });
    });
    await actionsOf('Overview').getByRole('button', { name: 'Export' }).click();
    await expect.poll(() => saved.length).toBe(1);
    expect(saved[0].name).toBe('overview.dashboard.json');
    expect(JSON.parse(await saved[0].blob.text())).toEqual(file);
  });

  it('should be usable by keyboard alone: open, fill and cancel a dialog, focus coming back', async () => {
    signIn('PortalAdmin');
    const calls = portal();
    const el = await mount();
    const opener = shadow(el).querySelector<HTMLButtonElement>('.actions button')!;
    expect(opener.textContent).toBe('New dashboard');
    opener.focus();
    await userEvent.keyboard('{Enter}');
    await expect.poll(() => dialog(el)?.open).toBe(true);
    // The dialog takes the focus on its first field; Tab goes through its fields to its buttons.
    expect(focused(el)?.getAttribute('name')).toBe('name');
    await userEvent.keyboard('Kiosk NPS');
    await userEvent.tab();
    expect(focused(el)?.getAttribute('name')).toBe('description');
    await userEvent.tab();
    expect(focused(el)?.localName).toBe('select');
    await userEvent.tab();
    expect(focused(el)?.textContent).toBe('Create');
    await userEvent.tab();
    expect(focused(el)?.textContent).toBe('Cancel');
    // Escape closes it; the focus is back on "New dashboard"; nothing was sent.
    await userEvent.keyboard('{Escape}');
    await expect.poll(() => dialog(el)).toBeNull();
    expect(focused(el)).toBe(opener);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    // The item's actions are reached by Tab, and open their dialog with Enter.
    const rename = [...itemOf(el, 'Overview').querySelectorAll('button')].find((b) => b.textContent === 'Rename')!;
    rename.focus();
    await userEvent.keyboard('{Enter}');
    await expect.poll(() => dialog(el)?.open).toBe(true);
    expect(focused(el)?.getAttribute('name')).toBe('name');
    await userEvent.keyboard('{Escape}');
    await expect.poll(() => dialog(el)).toBeNull();
    expect(focused(el)).toBe(rename);
  });

  it('should speak German with lang="de"', async () => {
    signIn('PortalAdmin');
    portal();
    const el = await mount('de');
    expect(itemOf(el, 'Store NPS').querySelector('.badge')?.textContent).toBe('Entwurf');
    expect([...itemOf(el, 'Overview').querySelectorAll('[role="group"] a, [role="group"] button')].map((b) => b.textContent)).toEqual(['Bearbeiten', 'Umbenennen', 'Duplizieren', 'Exportieren', 'Löschen']);
    await page.getByRole('button', { name: 'Neues Dashboard' }).click();
    await expect.poll(() => dialog(el)?.querySelector('h2')?.textContent).toBe('Neues Dashboard');
    expect([...dialog(el)!.querySelectorAll('label')].map((l) => l.firstChild?.textContent)).toEqual(['Name', 'Beschreibung', 'Datenquelle']);
  });

  it('should open a dashboard never published in the builder, a published one as a dashboard', async () => {
    signIn('PortalAdmin');
    portal();
    const el = await mount();
    const href = (name: string) => itemOf(el, name).querySelector('h2 a')!.getAttribute('href');
    expect(href('Store NPS')).toBe('http://portal.test/dataviz/build/store-nps');
    expect(href('Overview')).toBe('http://portal.test/dashboard/overview/');
    expect(href('Reviews')).toBe('http://portal.test/dashboard/reviews/');
  });

  it('should offer nothing to build to a user without a dashboard role', async () => {
    signIn('SurveyEditor');
    const calls = portal();
    const el = await mount();
    expect(shadow(el).textContent).not.toContain('New dashboard');
    expect(calls.some((c) => c.path === '/api/dashboards')).toBe(false);
  });
});
