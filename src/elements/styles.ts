import base from './base.css?inline';

/**
 * Constructable stylesheets, one per tag, shared by every instance and adopted into each shadow
 * root. Nothing is injected as a <style> element, so elements run under `style-src 'self'`.
 */
const sheets = new Map<string, CSSStyleSheet>();

function sheet(key: string, css: string): CSSStyleSheet {
  let s = sheets.get(key);
  if (!s) {
    s = new CSSStyleSheet();
    s.replaceSync(css);
    sheets.set(key, s);
  }
  return s;
}

export function adoptStyles(root: ShadowRoot, tag: string, css: string): void {
  root.adoptedStyleSheets = [sheet('cx-base', base), sheet(tag, css)];
}
