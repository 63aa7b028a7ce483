// A browser without a screen for driving sign-in pages over real HTTP: a cookie jar per host (cookies,
// as in a browser, are shared by the ports of a host), redirects followed until a stop, and the one
// form of a page filled in and sent.

export interface Page {
  url: string;
  status: number;
  html: string;
}

const attr = (tag: string, name: string) => new RegExp(`\\b${name}="([^"]*)"`, 'i').exec(tag)?.[1];
const unescape = (s: string) => s.replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n))).replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>');

export class FormBrowser {
  private readonly jar = new Map<string, Map<string, string>>();

  /** `stop` says which redirect targets the browser does not load (it answers with them instead). */
  constructor(private readonly stop: (url: URL) => boolean = () => false) {}

  cookie(host: string, name: string): string | undefined {
    return this.jar.get(host)?.get(name);
  }

  /** Loads `url`, following redirects; a redirect to a stop address comes back unloaded, with status 0. */
  async open(url: string, init: { method?: string; form?: Record<string, string> } = {}): Promise<Page> {
    let current = new URL(url);
    let method = init.method ?? (init.form ? 'POST' : 'GET');
    let body = init.form ? new URLSearchParams(init.form).toString() : undefined;
    for (let hops = 0; hops < 20; hops++) {
      if (hops > 0 && this.stop(current)) return { url: current.href, status: 0, html: '' };
      const res = await fetch(current, {
        method,
        body,
        redirect: 'manual',
        headers: { cookie: this.cookies(current), ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      });
      this.keep(current, res.headers.getSetCookie());
      const location = res.headers.get('location');
      if (res.status < 300 || res.status >= 400 || !location) return { url: current.href, status: res.status, html: await res.text() };
      await res.arrayBuffer();
      current = new URL(location, current);
      // 307/308 keep the method and body; the others turn into a GET, as browsers do.
      if (res.status !== 307 && res.status !== 308) [method, body] = ['GET', undefined];
    }
    throw new Error(`too many redirects from ${url}`);
  }

  /** Sends the page's (first) form with its hidden fields and `fields`. */
  submit(page: Page, fields: Record<string, string> = {}): Promise<Page> {
    const form = /<form\b[^>]*>/i.exec(page.html)?.[0];
    if (!form) throw new Error(`no form on ${page.url}: ${page.html.slice(0, 300)}`);
    const values: Record<string, string> = {};
    for (const input of page.html.match(/<input\b[^>]*>/gi) ?? []) {
      const name = attr(input, 'name');
      if (name && attr(input, 'type')?.toLowerCase() === 'hidden') values[name] = unescape(attr(input, 'value') ?? '');
    }
    const action = new URL(unescape(attr(form, 'action') ?? page.url), page.url);
    const method = (attr(form, 'method') ?? 'GET').toUpperCase();
    if (method === 'POST') return this.open(action.href, { method, form: { ...values, ...fields } });
    action.search = new URLSearchParams({ ...values, ...fields }).toString();
    return this.open(action.href);
  }

  private cookies(url: URL): string {
    return [...(this.jar.get(url.hostname) ?? [])].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private keep(url: URL, lines: string[]) {
    const jar = this.jar.get(url.hostname) ?? new Map<string, string>();
    for (const line of lines) {
      const [pair, ...attributes] = line.split(';');
      const at = pair.indexOf('=');
      const [name, value] = [pair.slice(0, at).trim(), pair.slice(at + 1).trim()];
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a) || (/^\s*expires=/i.test(a) && Date.parse(a.split('=')[1]) < Date.now()));
      if (expired || value === '') jar.delete(name);
      else jar.set(name, value);
    }
    this.jar.set(url.hostname, jar);
  }
}
