import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fixture, html, oneEvent } from '@open-wc/testing-helpers';
import manifestText from '../../custom-elements.json?raw';
import { json, realFetch, server } from './fake-server';
import { captureNavigation, settled, shadow, spyConsoleError } from './helpers';
import { tile } from './visual-fixtures';
import { signInArrived } from '../../src/stores/auth-required';
import type { CxStarRatingElement } from '../../elements/cx-star-rating';

/**
 * The manifest against the live elements: what a partner's tools read (custom-elements.json, the
 * types made from it) is what the elements observe, render and fire.
 */

interface Named {
  name: string;
}
interface Declaration {
  tagName: string;
  attributes?: Named[];
  events?: Named[];
  cssParts?: Named[];
  cssProperties?: Named[];
  members?: Array<Named & { kind: 'field' | 'method'; static?: boolean; privacy?: string }>;
}

const manifest = JSON.parse(manifestText) as { modules: Array<{ path: string; declarations?: Array<Declaration & { customElement?: boolean; kind: string; name: string }> }> };
const elements = manifest.modules.flatMap((m) => (m.declarations ?? []).filter((d) => d.customElement)) as Declaration[];
const byTag = new Map(elements.map((d) => [d.tagName, d]));
const names = (list?: Named[]) => (list ?? []).map((x) => x.name);
const loaders = import.meta.glob('../../elements/cx-*.ts');

/**
 * Render nothing at all here, so have no `base` to show (the exception docs/theming.md names): a
 * tile's markup filter (`display: none`), and the feedback launcher until the portal gives it a survey.
 */
const NO_BASE = new Set(['cx-filter', 'cx-feedback-widget']);
/** Attributes without which an element only asks for them. */
const NEEDS: Record<string, Record<string, string>> = {
  'cx-visual': { 'module-id': 'responses', visual: 'nps' },
  'cx-dashboard': { 'dashboard-id': 'overview' },
};

/** Records the cx-* events the element itself dispatches. */
function recordEvents(el: HTMLElement): Set<string> {
  const fired = new Set<string>();
  const dispatch = el.dispatchEvent.bind(el);
  el.dispatchEvent = (event: Event) => {
    if (event.type.startsWith('cx-')) fired.add(event.type);
    return dispatch(event);
  };
  return fired;
}

const partsIn = (root: ShadowRoot) => new Set([...root.querySelectorAll('[part]')].flatMap((n) => n.getAttribute('part')!.trim().split(/\s+/)));

describe('custom-elements.json against the live elements', () => {
  let navigation: ReturnType<typeof captureNavigation>;
  beforeEach(() => {
    spyConsoleError();
    navigation = captureNavigation();
  });
  afterEach(() => {
    navigation.stop();
    signInArrived();
    localStorage.clear();
  });
  afterAll(realFetch);

  it('lists every element file, configure() and the page-wide tokens', () => {
    const files = Object.keys(loaders).map((p) => p.replace(/^.*\/(cx-[a-z-]+)\.ts$/, '$1')).filter((t) => t !== 'cx-elements');
    expect([...byTag.keys()].sort()).toEqual(files.sort());
    const autoloader = manifest.modules.find((m) => m.path === 'elements/cx-elements.ts');
    expect(autoloader?.declarations?.map((d) => `${d.kind} ${d.name}`)).toEqual(['function configure']);
    for (const el of elements.filter((d) => d.tagName !== 'cx-filter')) {
      expect(names(el.cssProperties), el.tagName).toEqual(expect.arrayContaining(['--cx-font-family', '--cx-color-primary', '--cx-chart-12']));
      expect(names(el.members), el.tagName).toEqual(expect.arrayContaining(['updateComplete', 'attributeErrors']));
      expect(names(el.cssParts), el.tagName).toEqual(expect.arrayContaining(['base', 'error']));
    }
  });

  for (const decl of elements) {
    const tag = decl.tagName;
    it(`<${tag}> observes the attributes, has the members, renders only the parts and fires only the events it lists`, async () => {
      await loaders[`../../elements/${tag}.ts`]();
      const ctor = customElements.get(tag) as CustomElementConstructor & { observedAttributes: string[] };
      expect([...ctor.observedAttributes].sort()).toEqual(names(decl.attributes).sort());

      // Every call is refused for want of a sign-in: elements that call show their sign-in state.
      server(() => json({ message: 'Sign in to continue.' }, 401));
      const el = document.createElement(tag);
      for (const [name, value] of Object.entries(NEEDS[tag] ?? {})) el.setAttribute(name, value);
      const fired = recordEvents(el);
      document.body.append(el);
      try {
        await settled(el);
        for (const member of decl.members ?? []) {
          if (member.static || member.privacy) continue;
          expect(member.name in el, `${tag}.${member.name}`).toBe(true);
          if (member.kind === 'method') expect(typeof (el as unknown as Record<string, unknown>)[member.name]).toBe('function');
        }
        if (!NO_BASE.has(tag)) await vi.waitFor(() => expect(shadow(el).querySelector('[part~="base"]'), `${tag} part base`).not.toBeNull(), { timeout: 5000 });
        // A moment for the calls of the first render to be answered and shown.
        await new Promise((r) => setTimeout(r, 50));
        await settled(el);
        expect(names(decl.cssParts), `${tag} parts`).toEqual(expect.arrayContaining([...partsIn(shadow(el))]));
        expect(names(decl.events), `${tag} events`).toEqual(expect.arrayContaining([...fired]));
        if (shadow(el).querySelector('[part~="sign-in"]')) expect(fired).toContain('cx-auth-required');
      } finally {
        el.remove();
      }
    });
  }

  // docs/theming.md: `base` in every state, the loading and a failed load too (the 401 above is the sign-in state).
  // (The fake server awaits its route's answer: one that never settles is a call still loading.)
  const LOADS: Record<string, () => Response> = { loading: () => new Promise<Response>(() => {}) as unknown as Response, failing: () => json({ message: 'Broken.' }, 500) };
  for (const [state, answer] of Object.entries(LOADS)) {
    it(`has the base part on every element while ${state}`, async () => {
      const missing: string[] = [];
      for (const tag of [...byTag.keys()].filter((t) => !NO_BASE.has(t))) {
        await loaders[`../../elements/${tag}.ts`]();
        server(answer);
        const el = document.createElement(tag);
        for (const [name, value] of Object.entries(NEEDS[tag] ?? {})) el.setAttribute(name, value);
        document.body.append(el);
        await settled(el);
        // A moment for a failed answer to be shown.
        await new Promise((r) => setTimeout(r, 100));
        await settled(el);
        if (!shadow(el).querySelector('[part~="base"]')) missing.push(`${tag}: ${shadow(el).innerHTML.slice(0, 120)}`);
        el.remove();
      }
      expect(missing).toEqual([]);
    }, 60_000);
  }

  it('lists the error part an element shows for a bad attribute', async () => {
    await loaders['../../elements/cx-star-rating.ts']();
    const el = await fixture<CxStarRatingElement>(html`<cx-star-rating value="lots"></cx-star-rating>`);
    expect([...partsIn(shadow(el))].sort()).toEqual(['base', 'error']);
    expect(names(byTag.get('cx-star-rating')!.cssParts)).toContain('error');
  });
});

describe('cx-drawn and cx-select', () => {
  afterEach(() => localStorage.clear());
  afterAll(realFetch);

  /** A portal with the responses module and one stacked bar tile, clickable (ClickBehaviour Filter). */
  function portal() {
    const t = tile('StackedBar', 'groups');
    return server((method, path) => {
      if (path === '/api/dashboard/datasource/responses') return json({ dateFilterKey: 'ResponseDate' });
      if (method === 'POST' && path === '/api/dashboard/visuals/responses/groups') return json({ ...t.item, definition: t.definition, dateKey: 'ResponseDate' });
      return undefined;
    });
  }

  it('should fire cx-drawn once per answer with the visual and its rows, and cx-select with the mark clicked', async () => {
    const calls = portal();
    await loaders['../../elements/cx-visual.ts']();
    const el = document.createElement('cx-visual');
    el.setAttribute('module-id', 'responses');
    el.setAttribute('visual', 'groups');
    el.setAttribute('filter-scope', 'partner-events');
    const drawn: Array<{ name: string; count: number }> = [];
    el.addEventListener('cx-drawn', (e) => drawn.push((e as CustomEvent).detail));
    const first = oneEvent(el, 'cx-drawn');
    document.body.append(el);
    try {
      await first;
      // The fixture's three rows (the [Blank] one is not drawn).
      expect(drawn).toEqual([{ name: 'groups', count: 3 }]);
      expect(partsIn(shadow(el))).toEqual(new Set(['base', 'tile', 'chart']));

      const segment = () => shadow(el).querySelector('[aria-label="In-store, Promoter: 70%"]')!;
      let selected = oneEvent(el, 'cx-select');
      segment().dispatchEvent(new MouseEvent('click', { bubbles: true, composed: true }));
      expect((await selected).detail).toEqual({ visual: 'groups', axisValue: 'In-store', seriesValue: 'Promoter', selected: true });
      // The selection reloads the tile: one more cx-drawn for the new answer, however often it redraws.
      await vi.waitFor(() => expect(drawn).toHaveLength(2));
      expect(calls.filter((c) => c.path.endsWith('/groups')).length).toBeGreaterThan(1);

      selected = oneEvent(el, 'cx-select');
      segment().dispatchEvent(new MouseEvent('click', { bubbles: true, composed: true }));
      expect((await selected).detail).toMatchObject({ axisValue: 'In-store', seriesValue: 'Promoter', selected: false });
      await vi.waitFor(() => expect(drawn).toHaveLength(3));
      window.dispatchEvent(new Event('resize'));
      await new Promise((r) => setTimeout(r, 100));
      expect(drawn).toHaveLength(3);
      expect(names(byTag.get('cx-visual')!.events)).toEqual(expect.arrayContaining(['cx-drawn', 'cx-select']));
    } finally {
      el.remove();
    }
  });

  it('should fire cx-drawn for a dashboard once, when every tile is on screen, with its id and tiles', async () => {
    const tiles = [tile('Gauge', 'nps'), tile('Donut', 'channels')];
    const source = { dashboardId: 'overview', name: 'Overview', smartDataModuleId: 'responses', dateFilterKey: 'ResponseDate', smartFilterTags: [], layouts: ['Default'] };
    server((method, path) => {
      if (path === '/api/dataviz/smartFilterDataSource/overview') return json(source);
      if (path === '/api/dataviz/visuals/overview/Default')
        return json({
          dashboardId: 'overview', moduleId: 'responses', breadcrumb: { name: 'Overview', templateBindings: { path: [{ name: 'Overview' }] } },
          definitions: tiles.map((t) => t.definition), layout: tiles.map((t, i) => ({ name: t.item.name, x: i * 6, y: 0, w: 6, h: 3 })),
          layouts: ['Default'], layoutName: 'Default', token: '', settings: { dateKey: 'ResponseDate', filterTags: [] },
          advancedLayout: { rowMargins: [], layoutGroups: [] }, layoutFilter: null, hasRecordsToDisplay: true, totalRecordCount: 120, visuals: tiles.map((t) => t.item),
        });
      return undefined;
    });
    await loaders['../../elements/cx-dashboard.ts']();
    const el = document.createElement('cx-dashboard');
    el.setAttribute('dashboard-id', 'overview');
    const drawn: Array<{ name: string; count: number }> = [];
    el.addEventListener('cx-drawn', (e) => drawn.push((e as CustomEvent).detail));
    document.body.append(el);
    try {
      await vi.waitFor(() => expect(drawn).toEqual([{ name: 'overview', count: 2 }]), { timeout: 5000 });
      expect(shadow(el).querySelectorAll('[part~="tile"]')).toHaveLength(2);
      await new Promise((r) => setTimeout(r, 100));
      expect(drawn).toHaveLength(1);
      expect(names(byTag.get('cx-dashboard')!.events)).toEqual(expect.arrayContaining(['cx-drawn', 'cx-select', 'cx-filters-change']));
    } finally {
      el.remove();
    }
  });
});
