import { describe, expect, it } from 'vitest';
import '../../elements/cx-dashboard-builder';
import type { DashboardBody } from '../../src/api/dashboard-builder';
import type { VisualDefinition } from '../../src/api/visual-types';
import { shadow } from './helpers';
import { setNavigator } from '../../src/stores/navigation';
import * as h from './builder-harness';

h.builderHooks();
const { gaugeOf, portal, q, button, mount, addGaugeByKeyboard } = h;

describe('<cx-dashboard-builder> keeping the draft', () => {
  it('should keep the local draft and say so when the dashboard was changed elsewhere (409)', async () => {
    const calls = portal(undefined, { conflict: 'words' });
    const el = await mount();
    await addGaugeByKeyboard(el);
    await expect.poll(() => q(el, '.conflict[role="alert"] p')?.textContent, { timeout: 4000 }).toBe('This dashboard was changed elsewhere. Keep your changes, or reload the newest draft?');
    expect(q(el, '.cell[data-tile="gauge-1"]')).not.toBeNull();
    expect(button(shadow(el), 'Keep mine')).toBeTruthy();
    expect(button(shadow(el), 'Reload theirs')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
  });

  it('should stay in the builder when the server breaks (5xx), keep the draft in this browser and save it with "Try again"', async () => {
    const moved: string[] = [];
    setNavigator((to) => moved.push(to));
    const calls = portal(undefined, { failSaves: 2 });
    const el = await mount();
    await addGaugeByKeyboard(el);
    await expect.poll(() => q(el, '.save-failed[role="alert"] p')?.textContent, { timeout: 4000 }).toBe('The draft could not be saved. The server could not do it just now. It is tried again shortly; your changes are kept in this browser.');
    expect(moved).toEqual([]);
    expect(JSON.parse(sessionStorage.getItem('cx.builder.visits-board')!).definitions.map((d: VisualDefinition) => d.name)).toEqual(['gauge-1']);
    // Publishing now would publish the server's older draft: it stops and says why.
    button(shadow(el), 'Publish')!.click();
    await expect.poll(() => q(el, '.builder-note')?.textContent).toBe('Not published: the draft could not be saved first.');
    expect(calls.filter((c) => c.path.endsWith('/publish'))).toHaveLength(0);
    button(shadow(el), 'Try again')!.click();
    await expect.poll(() => q(el, '.save-status')?.textContent).toBe('Draft saved');
    expect(q(el, '.save-failed')).toBeNull();
    expect(sessionStorage.getItem('cx.builder.visits-board')).toBeNull();
    await expect(el).to.be.accessible();
  });

  it('should offer back a draft this browser kept that was never saved', async () => {
    const kept: DashboardBody = { definitions: [gaugeOf('kept-1')], layouts: { Default: [{ name: 'kept-1', x: 0, y: 0, w: 4, h: 2 }] } };
    sessionStorage.setItem('cx.builder.visits-board', JSON.stringify(kept));
    const calls = portal();
    const el = await mount();
    await expect.poll(() => q(el, '.recovered p')?.textContent).toBe('This browser kept changes to this dashboard that were never saved.');
    button(shadow(el), 'Bring them back')!.click();
    await expect.poll(() => q(el, '.cell[data-tile="kept-1"]')).not.toBeNull();
    await expect.poll(() => calls.filter((c) => c.method === 'PUT').length, { timeout: 4000 }).toBe(1);
  });

  it('should ask before a restore replaces unpublished changes, restore after the save, and bring the draft back with Undo', async () => {
    const published: DashboardBody = { definitions: [gaugeOf('gauge-1')], layouts: { Default: [{ name: 'gauge-1', x: 0, y: 0, w: 4, h: 2 }] } };
    const calls = portal(published, { published: true });
    const el = await mount();
    await expect.poll(() => q(el, '.cell[data-tile="gauge-1"]')).not.toBeNull();
    button(shadow(el), 'Remove NPS')!.click();
    await expect.poll(() => q(el, '.cell[data-tile="gauge-1"]')).toBeNull();
    button(shadow(el), 'Versions')!.click();
    button(shadow(el), 'Restore this version')!.click();
    await expect.poll(() => q(el, 'dialog h2')?.textContent).toBe('Restore version 1?');
    expect(q(el, 'dialog p')?.textContent).toBe('Your unpublished changes will be replaced. Undo brings them back.');
    button(q(el, 'dialog')!, 'Restore this version')!.click();
    await expect.poll(() => q(el, '.cell[data-tile="gauge-1"]')).not.toBeNull();
    const order = calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`);
    expect(order).toContain('POST /api/dashboards/visits-board/versions/1/restore');
    // The removal was saved before the restore, never after it.
    expect(order.at(-1)).toBe('POST /api/dashboards/visits-board/versions/1/restore');
    await expect.poll(() => q(el, '.builder-note')?.textContent).toBe('Version 1 restored.');
    button(shadow(el), 'Undo')!.click();
    await expect.poll(() => q(el, '.cell[data-tile="gauge-1"]')).toBeNull();
    await expect.poll(() => (JSON.parse(calls.filter((c) => c.method === 'PUT').at(-1)!.body) as { draft: DashboardBody }).draft.definitions, { timeout: 4000 }).toEqual([]);
  });

  it('should save the local draft over a newer one with "Keep mine", or load theirs with "Reload theirs" after asking (409 known by its code)', async () => {
    const calls = portal(undefined, { conflict: 'code' });
    const el = await mount();
    await addGaugeByKeyboard(el);
    await expect.poll(() => button(shadow(el), 'Keep mine'), { timeout: 4000 }).toBeTruthy();
    button(shadow(el), 'Keep mine')!.click();
    await expect.poll(() => q(el, '.save-status')?.textContent).toBe('Draft saved');
    const puts = calls.filter((c) => c.method === 'PUT').map((c) => JSON.parse(c.body) as { draftOf: string; draft: DashboardBody });
    expect(puts).toHaveLength(2);
    expect(puts[1].draftOf).toBe('2026-11-20T10:00:00');
    expect(puts[1].draft.definitions.map((d) => d.name)).toEqual(['gauge-1']);
  });

  it('should load the newer draft after asking, with "Reload theirs"', async () => {
    portal(undefined, { conflict: 'words' });
    const el = await mount();
    await addGaugeByKeyboard(el);
    await expect.poll(() => button(shadow(el), 'Reload theirs'), { timeout: 4000 }).toBeTruthy();
    button(shadow(el), 'Reload theirs')!.click();
    await expect.poll(() => q(el, 'dialog h2')?.textContent).toBe('Reload the newest draft?');
    button(q(el, 'dialog')!, 'Reload theirs')!.click();
    await expect.poll(() => q(el, '.cell[data-tile="theirs-1"]')).not.toBeNull();
    expect(q(el, '.cell[data-tile="gauge-1"]')).toBeNull();
    expect(button(shadow(el), 'Undo')!.disabled).toBe(true);
  });

  it('should never save one dashboard\'s tiles into another when its dashboard-id changes in place', async () => {
    const calls = portal();
    const el = await mount();
    await addGaugeByKeyboard(el);
    el.setAttribute('dashboard-id', 'other-board');
    await expect.poll(() => q(el, '.builder-toolbar h2')?.textContent).toBe('Other board');
    await new Promise((r) => setTimeout(r, 1200));
    expect(calls.filter((c) => c.method === 'PUT' && c.path.endsWith('/other-board'))).toEqual([]);
    expect(q(el, '.cell[data-tile="gauge-1"]')).toBeNull();
  });

  it('should say when the data source\'s fields cannot be read, and read them again with Retry', async () => {
    portal(undefined, { failFields: 1 });
    const el = await mount();
    await expect.poll(() => q(el, '.fields-problem p')?.textContent).toBe('The data source\'s fields could not be read. The server could not do it just now.');
    button(shadow(el), 'Add your first tile')!.click();
    await expect.poll(() => q(el, 'dialog .fields-problem')).not.toBeNull();
    button(q(el, 'dialog')!, 'Try again')!.click();
    await expect.poll(() => shadow(el).querySelectorAll('dialog .card-choose').length).toBeGreaterThan(0);
    expect(q(el, '.fields-problem')).toBeNull();
  });

  it('should save the draft before "Open published dashboard" leaves', async () => {
    const calls = portal({ definitions: [gaugeOf('gauge-1')], layouts: { Default: [{ name: 'gauge-1', x: 0, y: 0, w: 4, h: 2 }] } }, { published: true });
    const el = await mount();
    const putsAtLeaving: number[] = [];
    const take = (e: Event) => {
      e.preventDefault();
      putsAtLeaving.push(calls.filter((c) => c.method === 'PUT').length);
    };
    document.addEventListener('cx-navigate', take);
    try {
      await expect.poll(() => button(shadow(el), 'Remove NPS')).toBeTruthy();
      button(shadow(el), 'Remove NPS')!.click();
      const link = () => [...shadow(el).querySelectorAll('a')].find((a) => a.textContent === 'Open published dashboard');
      await expect.poll(link).toBeTruthy();
      link()!.click();
      await expect.poll(() => putsAtLeaving).toEqual([1]);
    } finally {
      document.removeEventListener('cx-navigate', take);
    }
  });

});
