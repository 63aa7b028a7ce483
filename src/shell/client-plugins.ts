import { atom } from 'nanostores';
import { request, isBadRequest } from '../api/client';
import { isMobilePage } from '../lib/mobile';

/** A client plugin (spec part 1): an element the portal adds to the page. */
export interface ClientPlugin {
  elementName: string;
  enabled: boolean;
  hideOnMobile: boolean;
  parentSelector?: string;
  retryInterval?: number;
}

export const DEFAULT_PARENT = 'html head';
export const DEFAULT_RETRY_MS = 1000;
const MAX_TRIES = 30;

/** Adds one plugin's element under its parent, retrying until the parent exists (or giving up). */
export function mountPlugin(plugin: ClientPlugin, doc: Document = document): Promise<Element | null> {
  const selector = plugin.parentSelector || DEFAULT_PARENT;
  const interval = plugin.retryInterval || DEFAULT_RETRY_MS;
  return new Promise((resolve) => {
    let tries = 0;
    const attempt = () => {
      const parent = doc.querySelector(selector);
      if (parent) {
        const existing = parent.querySelector(`:scope > ${plugin.elementName}`);
        resolve(existing ?? parent.appendChild(doc.createElement(plugin.elementName)));
      } else if (++tries < MAX_TRIES) setTimeout(attempt, interval);
      else resolve(null);
    };
    attempt();
  });
}

/** The portal's client plugins, as loaded (the profile panel lists them). */
export const $clientPlugins = atom<ClientPlugin[]>([]);

/** Loads the client plugins and mounts the enabled ones (not hideOnMobile ones on a phone). */
export async function loadClientPlugins(): Promise<void> {
  try {
    const plugins = await request<ClientPlugin[]>('GET', '/api/content/clientplugins', { script: true });
    if (isBadRequest(plugins)) return;
    $clientPlugins.set(plugins);
    const mobile = isMobilePage();
    await Promise.all(plugins.filter((p) => p.enabled && /^[a-z][a-z0-9]*-[a-z0-9-]*$/.test(p.elementName) && !(mobile && p.hideOnMobile)).map((p) => mountPlugin(p)));
  } catch {
    // plugins are optional
  }
}
