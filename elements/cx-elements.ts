/**
 * The autoloader: `<script type="module" src=".../elements/cx-elements.js">`. It registers nothing
 * by itself; it watches the document, and the shadow roots of cx-* elements, for cx-* tags and
 * imports only the chunks of the tags it finds. Script-tag attributes `data-api-base` (default: the
 * origin that served this script) and `data-lang` configure every element on the page.
 */
import { elementLoaders } from './registry';
import type { CxConfig } from '../src/stores/config';

const LOADED = Symbol.for('cx.autoload.loaded');
const OBSERVE = Symbol.for('cx.observeRoot');
type Globals = { [LOADED]?: Set<string>; [OBSERVE]?: (root: ShadowRoot) => void };
const g = globalThis as Globals;

const requested = (g[LOADED] ??= new Set());
const pending: Partial<CxConfig> = readScriptConfig();
let configured: Promise<void> | undefined;

function readScriptConfig(): Partial<CxConfig> {
  const script = document.querySelector<HTMLScriptElement>('script[src*="cx-elements"]');
  const config: Partial<CxConfig> = {};
  // The portal is where this script came from, unless the tag names another (elements on a CDN).
  const served = new URL(import.meta.url).origin;
  if (script?.dataset.apiBase !== undefined) config.apiBase = script.dataset.apiBase.replace(/\/$/, '');
  else if (served !== location.origin) config.apiBase = served;
  if (script?.dataset.lang) config.locale = script.dataset.lang;
  return config;
}

/** Page-wide defaults for every element (`apiBase`, `locale`, `token` or `getToken`). */
export function configure(options: Partial<CxConfig>): Promise<void> {
  Object.assign(pending, options);
  configured = import('../src/stores/config').then((m) => m.configure(pending));
  return configured;
}

/** Imports the element of `tag` once; resolves when it is defined. */
export async function load(tag: string): Promise<void> {
  const loader = elementLoaders[tag];
  if (!loader || requested.has(tag)) return;
  requested.add(tag);
  configured ??= Object.keys(pending).length ? configure({}) : Promise.resolve();
  await configured;
  try {
    await loader();
  } catch (error) {
    requested.delete(tag);
    console.error(`cx-elements: could not load <${tag}>:`, error);
  }
}

function scan(root: ParentNode): void {
  if (root instanceof Element && !root.matches(':defined')) void load(root.localName);
  root.querySelectorAll(':not(:defined)').forEach((el) => void load(el.localName));
}

const observer = new MutationObserver((records) => {
  for (const record of records) {
    record.addedNodes.forEach((node) => {
      if (node.nodeType === Node.ELEMENT_NODE) scan(node as Element);
    });
  }
});

/** Watches a document or shadow root for cx-* tags. */
export function observe(root: Document | ShadowRoot): void {
  scan(root);
  observer.observe(root, { childList: true, subtree: true });
}

// cx-* elements call this hook with their shadow roots, so tags they render load too.
g[OBSERVE] = observe;
observe(document);

// In the mobile assistant's web view (single elements, no host portal) the assistant hands over
// its sign-in: handled by a chunk loaded only there.
if ('ReactNativeWebView' in globalThis) {
  // Messages that arrive before the chunk does are kept for it.
  const early: unknown[] = [];
  const keep = (event: Event) => early.push((event as MessageEvent).data);
  addEventListener('message', keep);
  document.addEventListener('message', keep);
  void import('../src/account/assistant-elements').then((m) => {
    removeEventListener('message', keep);
    document.removeEventListener('message', keep);
    m.embedInAssistant(early);
  });
}
