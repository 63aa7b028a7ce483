import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/api/client';
import type { BuilderFields, DashboardBody, DashboardDocument } from '../../src/api/dashboard-builder';
import type { BadRequest } from '../../src/api/errors';
import type { VisualDefinition } from '../../src/api/visual-types';
import { addTile, EMPTY_BODY, updateTile } from '../../src/dashboard/builder/body';
import { createBuilderStore, keptKey, type BuilderApi } from '../../src/dashboard/builder/builder-store';

const tile = (name: string, Header = name): VisualDefinition => ({ name, template: 'Gauge', width: 4, height: 2, templateBindings: { Header, Query: { kind: 'kpi', measure: 'nps' } } });
const FIELDS: BuilderFields = { moduleId: 'visits', name: 'Visits', dateKey: 'VisitDate', reviews: false, fields: [] };
const refused = (message: string, more: Record<string, unknown> = {}): BadRequest => ({ contain_error: true, message, ...more });

function documentOf(draft: DashboardBody, over: Partial<DashboardDocument> = {}): DashboardDocument {
  return {
    id: 'board', name: 'Board', description: '', moduleId: 'visits', moduleName: 'Visits', ownerId: 'u1', publishedVersion: null, hasDraft: false,
    updatedAt: '2026-11-20T09:00:00.000Z', url: '/dashboard/board/', mayEdit: true, draft, published: null, versions: [], everyone: false, shares: [], mayShare: true, ...over,
  };
}

/** A sessionStorage of its own. */
function memoryStorage() {
  const items = new Map<string, string>();
  return { items, getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v), removeItem: (k: string) => void items.delete(k) };
}

/** A server holding one dashboard: each PUT moves its time on by a second; `next` answers override the default per call kind. */
function fakeServer(start: DashboardBody = EMPTY_BODY) {
  let doc = documentOf(start);
  let second = 0;
  const calls: string[] = [];
  const puts: Array<{ draft: DashboardBody; draftOf: string | null }> = [];
  const overrides: Partial<Record<keyof BuilderApi, Array<() => Promise<unknown>>>> = {};
  const next = <T>(kind: keyof BuilderApi, fallback: () => T): Promise<T> => {
    const o = overrides[kind]?.shift();
    return o ? (o() as Promise<T>) : Promise.resolve(fallback());
  };
  const stamp = () => `2026-11-20T09:00:${String(++second).padStart(2, '0')}.000Z`;
  const api: BuilderApi = {
    get: (id) => (calls.push(`GET ${id}`), next('get', () => doc)),
    put: (id, body) => {
      calls.push(`PUT ${id}`);
      puts.push(body);
      return next('put', () => (doc = { ...doc, draft: body.draft, hasDraft: true, updatedAt: stamp() }));
    },
    publish: (id, draftOf) => (calls.push(`PUBLISH ${id} ${draftOf}`), next('publish', () => (doc = { ...doc, published: doc.draft, hasDraft: false, publishedVersion: (doc.publishedVersion ?? 0) + 1, updatedAt: stamp() }))),
    restore: (id, v) => (calls.push(`RESTORE ${id} ${v}`), next('restore', () => (doc = { ...doc, draft: start, hasDraft: false, updatedAt: stamp() }))),
    fields: (m) => (calls.push(`FIELDS ${m}`), next('fields', () => FIELDS)),
  };
  return {
    api,
    calls,
    puts,
    get doc() {
      return doc;
    },
    set doc(d: DashboardDocument) {
      doc = d;
    },
    /** The next call of a kind answers this way (a promise: it can be held back). */
    answer(kind: keyof BuilderApi, fn: () => Promise<unknown>) {
      (overrides[kind] ??= []).push(fn);
    },
  };
}

function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

async function started(server = fakeServer(), storage = memoryStorage()) {
  const store = createBuilderStore('board', server.api, { autosaveMs: 800, retryMs: [2000, 5000], storage });
  await store.load();
  return { store, server, storage, state: () => store.$state.get() };
}

beforeEach(() => vi.useFakeTimers({ now: new Date('2026-11-20T10:00:00Z') }));
afterEach(() => vi.useRealTimers());

describe('the builder store: autosave', () => {
  it('saves once the changes stop, from the draft it was edited from, and forgets the kept copy once saved', async () => {
    const { store, server, storage, state } = await started();
    store.change(addTile(EMPTY_BODY, tile('a')));
    store.change(addTile(state().history.present, tile('b')));
    expect(state().dirty).toBe(true);
    expect(JSON.parse(storage.items.get(keptKey('board'))!).definitions).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(799);
    expect(server.puts).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.puts).toHaveLength(1);
    expect(server.puts[0].draftOf).toBe('2026-11-20T09:00:00.000Z');
    expect(state()).toMatchObject({ dirty: false, save: { kind: 'idle' } });
    expect(storage.items.has(keptKey('board'))).toBe(false);
  });

  it('keeps the draft and tries again by itself when the server breaks (5xx), less often each time; a refusal is not retried', async () => {
    const { store, server, storage, state } = await started();
    server.answer('put', () => Promise.reject(new ApiError(502, 'Bad gateway', false)));
    server.answer('put', () => Promise.reject(new TypeError('Failed to fetch')));
    store.change(addTile(EMPTY_BODY, tile('a')));
    await vi.advanceTimersByTimeAsync(800);
    expect(state().save).toEqual({ kind: 'failed', problem: { kind: 'server' }, retrying: true });
    expect(storage.items.has(keptKey('board'))).toBe(true);
    await vi.advanceTimersByTimeAsync(2000);
    expect(server.puts).toHaveLength(2);
    expect(state().save).toEqual({ kind: 'failed', problem: { kind: 'network' }, retrying: true });
    await vi.advanceTimersByTimeAsync(4999);
    expect(server.puts).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.puts).toHaveLength(3);
    expect(state()).toMatchObject({ dirty: false, save: { kind: 'idle' } });
    expect(storage.items.has(keptKey('board'))).toBe(false);

    server.answer('put', () => Promise.resolve(refused('A dashboard holds at most 60 tiles.')));
    store.change(addTile(state().history.present, tile('b')));
    await vi.advanceTimersByTimeAsync(800);
    expect(state().save).toEqual({ kind: 'failed', problem: { kind: 'refused', message: 'A dashboard holds at most 60 tiles.' }, retrying: false });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.puts).toHaveLength(4);
    // "Try again" saves at once.
    expect(await store.flush()).toBe(true);
    expect(server.puts).toHaveLength(5);
  });

  it('offers back a draft this browser kept that the server never got', async () => {
    const storage = memoryStorage();
    const kept = addTile(EMPTY_BODY, tile('kept'));
    storage.setItem(keptKey('board'), JSON.stringify(kept));
    const { store, server, state } = await started(fakeServer(), storage);
    expect(state().recovered).toEqual(kept);
    store.recover();
    expect(state().history.present).toEqual(kept);
    expect(state().recovered).toBeNull();
    await vi.advanceTimersByTimeAsync(800);
    expect(server.puts.map((p) => p.draft)).toEqual([kept]);
    // Discarded, it is gone from the browser too.
    storage.setItem(keptKey('board'), JSON.stringify(addTile(kept, tile('more'))));
    const again = await started(fakeServer(kept), storage);
    expect(again.state().recovered).not.toBeNull();
    again.store.discardRecovered();
    expect(storage.items.has(keptKey('board'))).toBe(false);
  });

  it('types into one field as one undo step within a second, and as two after a pause', async () => {
    const { store, state } = await started(fakeServer(addTile(EMPTY_BODY, tile('a', ''))));
    const titled = (h: string) => updateTile(state().history.present, tile('a', h));
    for (const h of ['N', 'NP', 'NPS']) store.change(titled(h), 'a:Header');
    expect(state().history.past).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1500);
    store.change(titled('NPS!'), 'a:Header');
    expect(state().history.past).toHaveLength(2);
    store.change(titled('NPS!!'), 'a:SubHeader');
    expect(state().history.past).toHaveLength(3);
    store.undo();
    store.undo();
    expect(state().history.present.definitions[0].templateBindings.Header).toBe('NPS');
    store.undo();
    expect(state().history.present.definitions[0].templateBindings.Header).toBe('');
  });
});

describe('the builder store: publish, restore, conflicts', () => {
  it('does not publish when the draft could not be saved first, and publishes once for a double click', async () => {
    const { store, server, state } = await started();
    server.answer('put', () => Promise.reject(new ApiError(500, 'Internal', false)));
    store.change(addTile(EMPTY_BODY, tile('a')));
    expect(await store.publish()).toEqual({ ok: false });
    expect(server.calls.filter((c) => c.startsWith('PUBLISH'))).toHaveLength(0);
    expect(state().save).toMatchObject({ kind: 'failed', problem: { kind: 'server' } });

    const [first, second] = [store.publish(), store.publish()];
    expect(await second).toEqual({ ok: false });
    expect(await first).toMatchObject({ ok: true, doc: { publishedVersion: 1 } });
    expect(server.calls.filter((c) => c.startsWith('PUBLISH'))).toHaveLength(1);
    // Published from the draft the save made.
    expect(server.calls.slice(-2)).toEqual(['PUT board', 'PUBLISH board 2026-11-20T09:00:01.000Z']);
    expect(state().busy).toBe(false);

    // A newer draft saved elsewhere is not published unseen: the 409 stops saves and publishing until the user decides.
    server.answer('publish', () => Promise.resolve(refused('Changed elsewhere.', { code: 'conflict' })));
    expect(await store.publish()).toEqual({ ok: false, problem: { kind: 'refused', message: 'Changed elsewhere.' } });
    expect(state().save).toEqual({ kind: 'conflict' });
  });

  it('restores after the save on its way, and Undo brings the replaced draft back and saves it', async () => {
    const published = addTile(EMPTY_BODY, tile('published'));
    const server = fakeServer(published);
    const { store, state } = await started(server);
    const held = deferred<DashboardDocument>();
    server.answer('put', () => held.promise);
    const edited = addTile(published, tile('edit'));
    store.change(edited);
    await vi.advanceTimersByTimeAsync(800); // the autosave is on its way, not answered yet
    const restoring = store.restore(1);
    await vi.advanceTimersByTimeAsync(0);
    expect(server.calls.filter((c) => c.startsWith('RESTORE'))).toHaveLength(0);
    held.resolve((server.doc = { ...server.doc, draft: edited, hasDraft: true, updatedAt: '2026-11-20T09:00:00.500Z' }));
    expect(await restoring).toMatchObject({ ok: true });
    expect(server.calls.slice(-2)).toEqual(['PUT board', 'RESTORE board 1']);
    expect(state().history.present).toEqual(published);
    expect(state().dirty).toBe(false);

    store.undo();
    expect(state().history.present).toEqual(edited);
    await vi.advanceTimersByTimeAsync(800);
    expect(server.puts.at(-1)).toEqual({ draft: edited, draftOf: '2026-11-20T09:00:01.000Z' });
  });

  it('stops saving on a 409 (known by its code, or by its words from an older server); "Keep mine" saves over it from the newest time', async () => {
    const { store, server, state } = await started();
    server.answer('put', () => Promise.resolve(refused('Dieses Dashboard wurde anderswo geändert.', { code: 'conflict' })));
    const mine = addTile(EMPTY_BODY, tile('mine'));
    store.change(mine);
    await vi.advanceTimersByTimeAsync(800);
    expect(state().save).toEqual({ kind: 'conflict' });
    store.change(addTile(mine, tile('more')));
    await vi.advanceTimersByTimeAsync(5000);
    expect(server.puts).toHaveLength(1);

    server.doc = { ...server.doc, draft: addTile(EMPTY_BODY, tile('theirs')), hasDraft: true, updatedAt: '2026-11-20T09:05:00.000Z' };
    expect(await store.keepMine()).toBe(true);
    expect(server.puts.at(-1)).toEqual({ draft: addTile(mine, tile('more')), draftOf: '2026-11-20T09:05:00.000Z' });
    expect(state().save).toEqual({ kind: 'idle' });

    server.answer('put', () => Promise.resolve(refused('This dashboard was changed elsewhere; reload it.')));
    store.change(mine);
    await vi.advanceTimersByTimeAsync(800);
    expect(state().save).toEqual({ kind: 'conflict' });
    // "Reload theirs": their draft on screen, nothing to undo, nothing kept.
    await store.reloadTheirs();
    expect(state().history).toEqual({ past: [], present: server.doc.draft, future: [] });
    expect(state().save).toEqual({ kind: 'idle' });
  });

  it('moves draftOf only forward: a sharing answer older than the last autosave does not bring a 409 on the user', async () => {
    const { store, server, state } = await started();
    const stale = server.doc;
    store.change(addTile(EMPTY_BODY, tile('a')));
    await vi.advanceTimersByTimeAsync(800);
    store.adopt(stale);
    store.change(addTile(state().history.present, tile('b')));
    await vi.advanceTimersByTimeAsync(800);
    expect(server.puts.map((p) => p.draftOf)).toEqual(['2026-11-20T09:00:00.000Z', '2026-11-20T09:00:01.000Z']);
  });

  it('ignores an answer for a load that a newer load overtook, and says when the fields cannot be read (Retry reads them)', async () => {
    const server = fakeServer();
    const store = createBuilderStore('board', server.api, { storage: memoryStorage() });
    const late = deferred<DashboardDocument>();
    server.answer('get', () => late.promise);
    const first = store.load();
    server.answer('fields', () => Promise.reject(new ApiError(503, 'Unavailable', false)));
    await store.load();
    late.resolve(documentOf(addTile(EMPTY_BODY, tile('old'))));
    await first;
    expect(store.$state.get().history.present).toEqual(EMPTY_BODY);
    await vi.advanceTimersByTimeAsync(0);
    expect(store.$state.get().fields).toEqual({ state: 'failed', problem: { kind: 'server' } });
    await store.loadFields();
    expect(store.$state.get().fields).toEqual({ state: 'ready', fields: FIELDS });
  });
});
