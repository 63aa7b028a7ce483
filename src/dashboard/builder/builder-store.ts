import { map, type MapStore } from 'nanostores';
import { ApiError, isBadRequest, type ApiTarget } from '../../api/client';
import { builderFields, getDashboard, publishDashboard, restoreDashboardVersion, updateDashboard, type BuilderFields, type DashboardBody, type DashboardDocument } from '../../api/dashboard-builder';
import type { BadRequest } from '../../api/errors';
import { EMPTY_BODY } from './body';
import { historyReducer, startHistory, type History, type HistoryAction } from './history';

/** Why a call failed: the server refused it (its message, in the user's language), the server broke, or it could not be reached. */
export type Problem = { kind: 'refused'; message: string } | { kind: 'server' } | { kind: 'network' };

export type SaveState =
  | { kind: 'idle' }
  | { kind: 'saving' }
  /** Someone else saved a newer draft (409): nothing is saved until the user keeps theirs or reloads. */
  | { kind: 'conflict' }
  /** `retrying`: the save is tried again by itself (a broken server or connection heals; a refusal does not). */
  | { kind: 'failed'; problem: Problem; retrying: boolean };

export type FieldsState = { state: 'loading' } | { state: 'ready'; fields: BuilderFields } | { state: 'failed'; problem: Problem };

export interface BuilderState {
  doc: DashboardDocument | null;
  loadProblem: Problem | null;
  fields: FieldsState;
  history: History<DashboardBody>;
  /** What the server holds as the draft. */
  saved: DashboardBody;
  /** The draft on screen differs from the server's. */
  dirty: boolean;
  save: SaveState;
  /** A publish or restore is on its way (its button waits). */
  busy: boolean;
  /** A draft kept in this browser that the server never got (a failed save, a closed tab): offered back. */
  recovered: DashboardBody | null;
}

/** The calls the store makes; the unit tests give their own. */
export interface BuilderApi {
  get(id: string): Promise<DashboardDocument | BadRequest>;
  put(id: string, body: { draft: DashboardBody; draftOf: string | null }): Promise<DashboardDocument | BadRequest>;
  publish(id: string, draftOf: string | null): Promise<DashboardDocument | BadRequest>;
  restore(id: string, version: number): Promise<DashboardDocument | BadRequest>;
  fields(moduleId: string): Promise<BuilderFields | BadRequest>;
}

/** The real calls; a 5xx comes back to the store (shown, retried) instead of moving the page to /error. */
export const builderApi = (target?: ApiTarget): BuilderApi => ({
  get: (id) => getDashboard(id, target, INLINE),
  put: (id, body) => updateDashboard(id, body, target, INLINE),
  publish: (id, draftOf) => publishDashboard(id, { draftOf }, target, INLINE),
  restore: (id, version) => restoreDashboardVersion(id, version, target, INLINE),
  fields: (moduleId) => builderFields(moduleId, target, INLINE),
});
const INLINE = { inline: true };

export interface BuilderOptions {
  /** Quiet time after the last change before the draft is saved. */
  autosaveMs?: number;
  /** Waits before each automatic retry of a failed save; the last one repeats. */
  retryMs?: readonly number[];
  /** Where an unsaved draft is kept (sessionStorage by default). */
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
}

export type Outcome = { ok: true; doc: DashboardDocument } | { ok: false; problem?: Problem };

export interface BuilderStore {
  $state: MapStore<BuilderState>;
  load(): Promise<void>;
  loadFields(): Promise<void>;
  /** A change of the draft; `typing` names the field typed into (a tile's title): keys in it within a second are one undo step. */
  change(next: DashboardBody, typing?: string): void;
  undo(): void;
  redo(): void;
  /** Saves the draft now (after any save on its way): true once the server holds what is on screen. */
  flush(): Promise<boolean>;
  /** Publishes what is on screen; stops when the draft could not be saved first. */
  publish(): Promise<Outcome>;
  /** Makes a version the published one again; the draft on screen becomes it, as a change that Undo takes back. */
  restore(version: number): Promise<Outcome>;
  /** After a 409: the local draft saved over the newer one. */
  keepMine(): Promise<boolean>;
  /** After a 409: the newer draft loaded, the local one given up. */
  reloadTheirs(): Promise<void>;
  /** The draft kept in this browser put back (an undoable change), or given up. */
  recover(): void;
  discardRecovered(): void;
  /** A document saved elsewhere in the builder (sharing): taken, its time only ever moving forward. */
  adopt(doc: DashboardDocument): void;
  dispose(): void;
}

/** Saves kept in sessionStorage under this key and the dashboard's id. */
export const keptKey = (id: string) => `cx.builder.${id}`;
export const AUTOSAVE_MS = 800;
export const RETRY_MS = [2_000, 5_000, 15_000, 30_000] as const;

export function problemOf(e: unknown): Problem {
  if (isBadRequest(e)) return { kind: 'refused', message: e.message ?? '' };
  if (e instanceof ApiError) return e.status >= 500 ? { kind: 'server' } : { kind: 'refused', message: e.message };
  // fetch's TypeError ("Failed to fetch"), a timeout: the server was not reached.
  return { kind: 'network' };
}

/** The server's answer to a draft edited from an older one (409): its code, else (an older server) its words. */
export const isConflict = (res: BadRequest) => res.code === 'conflict' || /changed elsewhere/i.test(res.message ?? '');

const same = (a: DashboardBody, b: DashboardBody) => a === b || JSON.stringify(a) === JSON.stringify(b);
const sessionStore = () => (typeof sessionStorage === 'undefined' ? null : sessionStorage);

/**
 * One dashboard's builder: its draft with undo and redo, saved as it changes (one save after
 * another, each from the draft the last one made, tried again when the server broke), kept in this
 * browser until the server has it, published and restored in turn with the saves.
 */
export function createBuilderStore(id: string, api: BuilderApi, options: BuilderOptions = {}): BuilderStore {
  const { autosaveMs = AUTOSAVE_MS, retryMs = RETRY_MS } = options;
  const storage = options.storage === undefined ? sessionStore() : options.storage;
  const $state = map<BuilderState>({ doc: null, loadProblem: null, fields: { state: 'loading' }, history: startHistory(EMPTY_BODY), saved: EMPTY_BODY, dirty: false, save: { kind: 'idle' }, busy: false, recovered: null });
  let draftOf: string | null = null;
  let queue: Promise<unknown> = Promise.resolve();
  let autosave: ReturnType<typeof setTimeout> | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  let loads = 0;
  let alive = true;

  const get = () => $state.get();
  const set = (patch: Partial<BuilderState>) => {
    if (alive) $state.set({ ...get(), ...patch });
  };
  const present = () => get().history.present;
  /** Only ever forward: an answer that an autosave overtook does not set the time back (a 409 against the user's own save). */
  const moveDraftOf = (at: string | null) => {
    if (at && (!draftOf || Date.parse(at) > Date.parse(draftOf))) draftOf = at;
  };
  const stopTimers = () => {
    clearTimeout(autosave);
    clearTimeout(retry);
  };
  /** Keeps the unsaved draft in this browser (a 5xx, a closed tab: not lost), and forgets it once saved. */
  const keep = () => {
    const { dirty } = get();
    try {
      if (dirty) storage?.setItem(keptKey(id), JSON.stringify(present()));
      else storage?.removeItem(keptKey(id));
    } catch {
      // Storage full or blocked: the draft lasts as long as the page.
    }
  };
  const kept = (): DashboardBody | null => {
    try {
      const raw = storage?.getItem(keptKey(id));
      return raw ? (JSON.parse(raw) as DashboardBody) : null;
    } catch {
      return null;
    }
  };
  /** Runs `job` after every save and publish before it. */
  const inTurn = <T>(job: () => Promise<T>): Promise<T> => {
    const run = queue.then(job);
    queue = run.catch(() => undefined);
    return run;
  };

  const show = (doc: DashboardDocument) => {
    stopTimers();
    draftOf = null;
    moveDraftOf(doc.updatedAt);
    const left = kept();
    set({ doc, loadProblem: null, history: startHistory(doc.draft), saved: doc.draft, dirty: false, save: { kind: 'idle' }, recovered: left && !same(left, doc.draft) ? left : null });
    if (!left || same(left, doc.draft)) keep();
  };

  const scheduleSave = () => {
    stopTimers();
    if (get().save.kind === 'conflict' || !get().dirty) return;
    autosave = setTimeout(() => void save(), autosaveMs);
  };

  const afterEdit = (history: History<DashboardBody>) => {
    set({ history, dirty: !same(history.present, get().saved) });
    keep();
    scheduleSave();
  };
  const dispatch = (action: HistoryAction<DashboardBody>) => {
    const history = historyReducer(get().history, action);
    if (history !== get().history) afterEdit(history);
  };

  /** Saves what is on screen when it runs (a later change rides along), unless the server has it already. */
  const save = (): Promise<boolean> =>
    inTurn(async () => {
      clearTimeout(retry);
      const state = get();
      if (!alive || !state.doc || state.save.kind === 'conflict') return false;
      const draft = state.history.present;
      if (same(draft, state.saved)) {
        if (state.dirty) set({ dirty: false });
        return true;
      }
      set({ save: { kind: 'saving' } });
      try {
        const res = await api.put(id, { draft, draftOf });
        if (isBadRequest(res)) {
          // Someone else's newer draft is not overwritten: the local one stays on screen, unsaved.
          set({ save: isConflict(res) ? { kind: 'conflict' } : { kind: 'failed', problem: problemOf(res), retrying: false } });
          return false;
        }
        failures = 0;
        moveDraftOf(res.updatedAt);
        set({ doc: res, saved: draft, dirty: !same(present(), draft), save: { kind: 'idle' } });
        keep();
        return true;
      } catch (e) {
        const problem = problemOf(e);
        // A refusal stays refused; a broken server or connection is asked again, less often each time.
        const retrying = problem.kind !== 'refused';
        set({ save: { kind: 'failed', problem, retrying } });
        if (retrying) {
          const wait = retryMs[Math.min(failures++, retryMs.length - 1)];
          retry = setTimeout(() => void save(), wait);
        }
        return false;
      }
    });

  const fail = (e: unknown): Outcome => ({ ok: false, problem: problemOf(e) });

  const store: BuilderStore = {
    $state,
    async load() {
      alive = true;
      const turn = ++loads;
      try {
        const res = await api.get(id);
        if (turn !== loads || !alive) return;
        if (isBadRequest(res)) return set({ loadProblem: problemOf(res) });
        show(res);
        void store.loadFields();
      } catch (e) {
        if (turn === loads) set({ loadProblem: problemOf(e) });
      }
    },
    async loadFields() {
      const doc = get().doc;
      if (!doc) return;
      set({ fields: { state: 'loading' } });
      try {
        const res = await api.fields(doc.moduleId);
        set({ fields: isBadRequest(res) ? { state: 'failed', problem: problemOf(res) } : { state: 'ready', fields: res } });
      } catch (e) {
        set({ fields: { state: 'failed', problem: problemOf(e) } });
      }
    },
    change(next, typing) {
      if (same(next, present())) return;
      dispatch({ type: 'change', next, ...(typing ? { typed: { key: typing, at: Date.now() } } : {}) });
    },
    undo: () => dispatch({ type: 'undo' }),
    redo: () => dispatch({ type: 'redo' }),
    flush() {
      clearTimeout(autosave);
      return save();
    },
    async publish() {
      if (get().busy) return { ok: false };
      set({ busy: true });
      try {
        // What is published is what is on screen: a draft the server does not have yet stops it.
        if (!(await store.flush())) return { ok: false };
        return await inTurn(async () => {
          try {
            // From the draft on screen: someone else's newer one is a 409, not published unseen.
            const res = await api.publish(id, draftOf);
            if (isBadRequest(res)) {
              if (isConflict(res)) set({ save: { kind: 'conflict' } });
              return fail(res);
            }
            moveDraftOf(res.updatedAt);
            set({ doc: res });
            return { ok: true, doc: res } as const;
          } catch (e) {
            return fail(e);
          }
        });
      } finally {
        set({ busy: false });
      }
    },
    async restore(version) {
      if (get().busy) return { ok: false };
      set({ busy: true });
      clearTimeout(autosave);
      try {
        // After any save on its way: the server must not keep a draft saved after the restore.
        return await inTurn(async () => {
          try {
            const res = await api.restore(id, version);
            if (isBadRequest(res)) return fail(res);
            moveDraftOf(res.updatedAt);
            // A change, not a new start: Undo brings the replaced draft back (and saves it again).
            const history = historyReducer(get().history, { type: 'change', next: res.draft });
            set({ doc: res, saved: res.draft, history, dirty: false, save: { kind: 'idle' } });
            keep();
            return { ok: true, doc: res } as const;
          } catch (e) {
            return fail(e);
          }
        });
      } finally {
        set({ busy: false });
      }
    },
    async keepMine() {
      try {
        const res = await api.get(id);
        if (isBadRequest(res)) return false;
        // Saved from the newest draft's time: the server takes the local one over it.
        moveDraftOf(res.updatedAt);
        set({ doc: res, saved: res.draft, dirty: !same(present(), res.draft), save: { kind: 'idle' } });
        return await store.flush();
      } catch {
        return false;
      }
    },
    async reloadTheirs() {
      try {
        storage?.removeItem(keptKey(id));
      } catch {
        // Blocked storage: nothing was kept.
      }
      await store.load();
    },
    recover() {
      const body = get().recovered;
      if (!body) return;
      set({ recovered: null });
      store.change(body);
    },
    discardRecovered() {
      set({ recovered: null });
      keep();
    },
    adopt(doc) {
      moveDraftOf(doc.updatedAt);
      set({ doc });
    },
    dispose() {
      stopTimers();
      alive = false;
    },
  };
  return store;
}
