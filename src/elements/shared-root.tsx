import { memo, useEffect, type ComponentType, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { ElementBoundary, ErrorState, type AttributeError } from './element-boundary';
import { ElementContext, type ElementHandle } from './element-context';

/**
 * One React root per page renders every cx-* element through a portal into its shadow root.
 * A root per element (r2wc's default) costs several times more to mount hundreds of tiles;
 * see docs/decisions.md and `npm run bench:elements`.
 */

export interface Mounted {
  key: number;
  tag: string;
  container: ShadowRoot;
  Component: ComponentType<Record<string, unknown>>;
  props: Record<string, unknown>;
  errors: AttributeError[];
  handle: ElementHandle;
}

const KEY = Symbol.for('cx.sharedRoot');

interface RootState {
  root?: Root;
  entries: Map<number, Mounted>;
  keys: WeakMap<Element, number>;
  nextKey: number;
  scheduled: boolean;
  waiting: Array<() => void>;
}

type Holder = { [KEY]?: RootState };

// On globalThis so a second copy of the bundle joins the same root instead of making another.
const state: RootState = ((globalThis as Holder)[KEY] ??= {
  entries: new Map(),
  keys: new WeakMap(),
  nextKey: 1,
  scheduled: false,
  waiting: [],
});

type Gate = ComponentType<{ host: Element; lang?: string; children: ReactNode }>;
const GATE = Symbol.for('cx.gate');

/**
 * Puts a gate around every element's content: the API client sets the sign-in gate
 * (src/elements/auth-gate.tsx), so an element that never calls the portal carries none.
 */
export function setGate(gate: Gate): void {
  (globalThis as { [GATE]?: Gate })[GATE] ??= gate;
}

const Slot = memo(function Slot({ entry }: { entry: Mounted }) {
  const { Component, props, errors, handle, tag } = entry;
  const Gate = (globalThis as { [GATE]?: Gate })[GATE];
  const content = errors.length > 0 ? <ErrorState lang={handle.lang} errors={errors} /> : <Component {...props} />;
  return (
    <ElementContext.Provider value={handle}>
      <ElementBoundary tag={tag} lang={handle.lang}>
        {Gate ? (
          <Gate host={handle.host} lang={handle.lang}>
            {content}
          </Gate>
        ) : (
          content
        )}
      </ElementBoundary>
    </ElementContext.Provider>
  );
});

function Portals({ entries, done }: { entries: Mounted[]; done: Array<() => void> }) {
  // Passive effects run children first, so by now every element has drawn (d3 draws in effects).
  useEffect(() => done.forEach((resolve) => resolve()), [done]);
  return entries.map((entry) => createPortal(<Slot entry={entry} />, entry.container, String(entry.key)));
}

function flush() {
  state.scheduled = false;
  state.root ??= createRoot(document.createElement('div'), {
    // The per-element boundary reports caught errors once, naming the element.
    onCaughtError: () => {},
  });
  const done = state.waiting;
  state.waiting = [];
  state.root.render(<Portals entries={[...state.entries.values()]} done={done} />);
}

/** Batches every mount, update and unmount of the same task into one render. */
function schedule() {
  if (state.scheduled) return;
  state.scheduled = true;
  queueMicrotask(flush);
}

/** Resolves after the next commit of the shared root (used for `updateComplete`). */
export function rendered(): Promise<void> {
  return new Promise((resolve) => {
    state.waiting.push(resolve);
    schedule();
  });
}

export interface EntryInput {
  tag: string;
  Component: ComponentType<Record<string, unknown>>;
  props: Record<string, unknown>;
  errors: AttributeError[];
}

/** Adds or replaces the portal of one element. A moved element keeps its key and so its state. */
export function renderEntry(container: ShadowRoot, input: EntryInput): number {
  const host = container.host as HTMLElement;
  let key = state.keys.get(host);
  if (key === undefined) {
    key = state.nextKey++;
    state.keys.set(host, key);
  }
  const { lang, apiBase, ...props } = input.props as { lang?: string; apiBase?: string };
  state.entries.set(key, { ...input, key, container, props, handle: { host, tag: input.tag, lang, apiBase } });
  schedule();
  return key;
}

export function removeEntry(key: number): void {
  state.entries.delete(key);
  schedule();
}

/** Number of elements currently rendered by the shared root (for tests and diagnostics). */
export function mountedCount(): number {
  return state.entries.size;
}
