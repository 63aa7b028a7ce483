import { afterEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { fixture, fixtureCleanup } from '@open-wc/testing-helpers';
import './share-harness';
import '../../elements/cx-dashboard';
import { json, realFetch, server, type Call } from './fake-server';
import { shadow } from './helpers';
import { DEFAULT_FILTERS, filtersFor, replaceFilters } from '../../src/stores/filters';
import type { DashboardDocument } from '../../src/api/dashboard-builder';
import type { GroupSummary } from '../../src/api/groups';

afterEach(() => {
  realFetch();
  localStorage.clear();
  filtersFor('dashboard:store-nps').set({ ...DEFAULT_FILTERS });
  filtersFor('dashboard:overview').set({ ...DEFAULT_FILTERS });
  vi.restoreAllMocks();
  fixtureCleanup();
});

const DOC: DashboardDocument = {
  id: 'store-nps', name: 'Store NPS', description: '', moduleId: 'responses', moduleName: 'Survey responses', ownerId: 'u1', publishedVersion: 2, hasDraft: false,
  updatedAt: '2026-03-01T09:00:00', url: '/dashboard/store-nps/', mayEdit: true, mayShare: true,
  draft: { definitions: [], layouts: { Default: [] } }, published: { definitions: [], layouts: { Default: [] } }, versions: [],
  everyone: true, shares: [{ kind: 'role', id: 'PortalAdmin', name: 'PortalAdmin', access: 'edit' }],
};
const GROUPS: GroupSummary[] = [
  { id: 'g-north', name: 'North team', description: '', memberCount: 3 },
  { id: 'g-south', name: 'South team', description: '', memberCount: 2 },
];

/** The portal: the groups, and a PUT answered by `put` (the saved dashboard by default). */
function portal(put: (body: Partial<DashboardDocument>) => Response = (body) => json({ ...DOC, ...body })) {
  return server((method, path, call: Call) => {
    if (method === 'GET' && path === '/api/groups') return json({ results: GROUPS });
    if (method === 'PUT' && path === '/api/dashboards/store-nps') return put(JSON.parse(call.body));
    return undefined;
  });
}

/** The harness with its share dialog open (as the builder's "Share" opens it). */
async function openDialog(lang = 'en') {
  const el = await fixture(`<cx-test-share lang="${lang}" api-base="http://portal.test"></cx-test-share>`);
  (el as HTMLElement & { dashboard: DashboardDocument }).dashboard = DOC;
  await expect.poll(() => shadow(el).querySelector('button.open-share')).toBeTruthy();
  shadow(el).querySelector<HTMLButtonElement>('button.open-share')!.click();
  await expect.poll(() => shadow(el).querySelectorAll('dialog select').length).toBe(5);
  return el;
}
const select = (name: string) => page.getByRole('combobox', { name, exact: true });
const value = (el: Element, label: string) => {
  const id = [...shadow(el).querySelectorAll('dialog label[for]')].find((l) => l.textContent === label)!.getAttribute('for')!;
  return shadow(el).querySelector<HTMLSelectElement>(`#${id}`)!.value;
};
const focusedName = (el: Element) => {
  const active = shadow(el).activeElement as HTMLElement | null;
  if (!active) return '';
  const id = active.id;
  return (id && shadow(el).querySelector(`label[for="${id}"]`)?.textContent) || active.closest('label')?.textContent || active.textContent || '';
};
const clipboard = () => {
  const write = vi.fn(async () => undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText: write }, configurable: true });
  return write;
};

describe('ShareDialog', () => {
  it('should show who may see and edit the dashboard now, roles and groups, accessibly', async () => {
    portal();
    const el = await openDialog();
    const dialog = shadow(el).querySelector('dialog')!;
    expect(dialog.querySelector('h2')!.textContent).toBe('Share “Store NPS”');
    expect(dialog.querySelector<HTMLInputElement>('input[type="checkbox"]')!.checked).toBe(true);
    expect([...dialog.querySelectorAll('legend')].map((l) => l.textContent)).toEqual(['Roles', 'Groups']);
    expect([...dialog.querySelectorAll('label[for]')].map((l) => [l.textContent, value(el, l.textContent!)])).toEqual([
      ['Portal users', ''], ['Portal administrators', 'edit'], ['Global administrators', ''], ['North team', ''], ['South team', ''],
    ]);
    expect([...dialog.querySelector('select')!.options].map((o) => o.text)).toEqual(['No access', 'Can view', 'Can edit']);
    await expect(el).to.be.accessible();
  });

  it('should save the chosen shares with PUT and tell the builder', async () => {
    const calls = portal();
    const el = await openDialog();
    const saved = new Promise<DashboardDocument>((resolve) => el.addEventListener('cx-saved', (e) => resolve((e as CustomEvent<DashboardDocument>).detail), { once: true }));
    await page.getByLabelText('Everyone with dashboard access').click();
    await userEvent.selectOptions(select('Portal users'), 'view');
    await userEvent.selectOptions(select('Portal administrators'), '');
    await userEvent.selectOptions(select('North team'), 'edit');
    await page.getByRole('button', { name: 'Save' }).click();
    expect((await saved).everyone).toBe(false);
    const put = calls.filter((c) => c.method === 'PUT');
    expect(put).toHaveLength(1);
    expect(JSON.parse(put[0].body)).toEqual({
      everyone: false,
      shares: [
        { kind: 'role', id: 'PortalUser', access: 'view' },
        { kind: 'group', id: 'g-north', access: 'edit' },
      ],
    });
    await expect.poll(() => shadow(el).querySelector('dialog p.hint[role="status"]')?.textContent).toBe('Sharing saved.');
    await expect(el).to.be.accessible();
  });

  it('should show the server’s message when the sharing is refused', async () => {
    portal(() => json({ message: 'Only administrators share dashboards.' }, 400));
    const el = await openDialog();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => shadow(el).querySelector('dialog [role="alert"]')?.textContent).toBe('Only administrators share dashboards.');
    await expect(el).to.be.accessible();
  });

  it('should copy the dashboard’s link with the filters chosen on it', async () => {
    portal();
    replaceFilters('dashboard:store-nps', { ...DEFAULT_FILTERS, dateChoice: 'LastMonth', values: { Region: ['North'], Channel: ['In store', 'Online'] } });
    const write = clipboard();
    const el = await openDialog();
    await page.getByRole('button', { name: 'Copy link' }).click();
    await expect.poll(() => write.mock.calls.length).toBe(1);
    const link = new URL((write.mock.calls[0] as unknown as [string])[0]);
    expect(link.origin + link.pathname).toBe('http://portal.test/dashboard/store-nps/');
    expect([...link.searchParams]).toEqual([['date', 'LastMonth'], ['f.Region', 'North'], ['f.Channel', 'In store'], ['f.Channel', 'Online']]);
    await expect.poll(() => [...shadow(el).querySelectorAll('dialog [role="status"]')].map((s) => s.textContent)).toContain('Link copied');
  });

  it('should be usable by keyboard alone, Escape closing it and the focus going back', async () => {
    const calls = portal();
    const el = await fixture(`<cx-test-share api-base="http://portal.test"></cx-test-share>`);
    (el as HTMLElement & { dashboard: DashboardDocument }).dashboard = DOC;
    await expect.poll(() => shadow(el).querySelector('button.open-share')).toBeTruthy();
    const opener = shadow(el).querySelector<HTMLButtonElement>('button.open-share')!;
    opener.focus();
    await userEvent.keyboard('{Enter}');
    await expect.poll(() => shadow(el).querySelectorAll('dialog select').length).toBe(5);
    expect(focusedName(el)).toBe('Everyone with dashboard access');
    await userEvent.keyboard(' ');
    const reached: string[] = [];
    for (let i = 0; i < 6; i++) {
      await userEvent.tab();
      reached.push(focusedName(el));
    }
    expect(reached).toEqual(['Portal users', 'Portal administrators', 'Global administrators', 'North team', 'South team', 'Save']);
    // Back to "South team": the arrow keys choose its access.
    await userEvent.tab({ shift: true });
    await userEvent.keyboard('{ArrowDown}');
    expect(value(el, 'South team')).toBe('view');
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    await expect.poll(() => calls.filter((c) => c.method === 'PUT').length).toBe(1);
    expect(JSON.parse(calls.find((c) => c.method === 'PUT')!.body)).toEqual({
      everyone: false,
      shares: [{ kind: 'role', id: 'PortalAdmin', access: 'edit' }, { kind: 'group', id: 'g-south', access: 'view' }],
    });
    await userEvent.keyboard('{Escape}');
    await expect.poll(() => shadow(el).querySelector('dialog')).toBeNull();
    expect(shadow(el).activeElement).toBe(opener);
  });

  it('should speak German with lang="de"', async () => {
    portal();
    const el = await openDialog('de');
    const dialog = shadow(el).querySelector('dialog')!;
    expect(dialog.querySelector('h2')!.textContent).toBe('„Store NPS“ teilen');
    expect([...dialog.querySelectorAll('label[for]')].slice(0, 3).map((l) => l.textContent)).toEqual(['Portal-Benutzer', 'Portal-Administratoren', 'Globale Administratoren']);
    expect([...dialog.querySelector('select')!.options].map((o) => o.text)).toEqual(['Kein Zugriff', 'Darf ansehen', 'Darf bearbeiten']);
    expect([...dialog.querySelectorAll('button')].map((b) => b.textContent)).toEqual(['Speichern', 'Link kopieren', 'Schließen']);
  });
});

describe('ShareDialog of a dashboard never published', () => {
  it('should offer no link to copy: the dashboard has no address yet', async () => {
    portal();
    const el = await fixture(`<cx-test-share api-base="http://portal.test"></cx-test-share>`);
    (el as HTMLElement & { dashboard: DashboardDocument }).dashboard = { ...DOC, publishedVersion: null, hasDraft: true };
    await expect.poll(() => shadow(el).querySelector('button.open-share')).toBeTruthy();
    shadow(el).querySelector<HTMLButtonElement>('button.open-share')!.click();
    await expect.poll(() => shadow(el).querySelectorAll('dialog select').length).toBe(5);
    expect([...shadow(el).querySelectorAll('dialog button')].map((b) => b.textContent)).toEqual(['Save', 'Close']);
    await expect(el).to.be.accessible();
  });
});

describe('<cx-dashboard> "Copy link"', () => {
  it('should copy, for every viewer, the dashboard’s address with its filters', async () => {
    server(() => json({ message: 'No dashboard.' }, 404));
    replaceFilters('dashboard:overview', { ...DEFAULT_FILTERS, dateChoice: 'CustomRange', customFrom: '2026-02-01', customTo: '2026-02-14', values: { Region: ['South'] } });
    const write = clipboard();
    const el = await fixture(`<cx-dashboard dashboard-id="overview" api-base="http://portal.test"></cx-dashboard>`);
    await expect.poll(() => [...shadow(el).querySelectorAll('button')].find((b) => b.textContent === 'Copy link')).toBeTruthy();
    [...shadow(el).querySelectorAll('button')].find((b) => b.textContent === 'Copy link')!.click();
    await expect.poll(() => write.mock.calls.length).toBe(1);
    expect((write.mock.calls[0] as unknown as [string])[0]).toBe('http://portal.test/dashboard/overview/?date=CustomRange&from=2026-02-01&to=2026-02-14&f.Region=South');
    await expect.poll(() => [...shadow(el).querySelectorAll('[role="status"]')].map((s) => s.textContent)).toContain('Link copied');
    await expect(el).to.be.accessible();
  });
});
