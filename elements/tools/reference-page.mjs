// The elements' reference page (dist/demo/elements.html), generated from custom-elements.json at
// build time: every element with its description, attributes, events, parts and custom
// properties, and a live example of those that need no data.
import { readFileSync } from 'node:fs';

const LIVE = {
  'cx-star-rating': '<cx-star-rating value="3.5" label="Your visit"></cx-star-rating>',
  'cx-nps-gauge': '<cx-nps-gauge value="0.42" responses="1280"></cx-nps-gauge>',
};

const esc = (s = '') => String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

function table(caption, headers, rows) {
  if (!rows.length) return '';
  return `<table><caption>${esc(caption)}</caption><thead><tr>${headers.map((h) => `<th scope="col">${esc(h)}</th>`).join('')}</tr></thead><tbody>${rows
    .map((r) => `<tr>${r.map((c, i) => (i === 0 ? `<th scope="row"><code>${esc(c)}</code></th>` : `<td>${esc(c)}</td>`)).join('')}</tr>`)
    .join('')}</tbody></table>`;
}

export function referencePage(manifestPath) {
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const elements = manifest.modules.flatMap((m) => (m.declarations ?? []).filter((d) => d.customElement)).sort((a, b) => a.tagName.localeCompare(b.tagName));
  const sections = elements.map((el) => {
    const id = el.tagName;
    return `<section aria-labelledby="${id}"><h2 id="${id}"><code>&lt;${id}&gt;</code></h2><p>${esc(el.description)}</p>${
      LIVE[id] ? `<div class="live"><h3>Live</h3>${LIVE[id]}<pre tabindex="0"><code>${esc(LIVE[id])}</code></pre></div>` : ''
    }${table(`Attributes of ${id}`, ['Attribute', 'Type', 'Description'], (el.attributes ?? []).map((a) => [a.name, a.type?.text ?? 'string', a.description ?? '']))}${table(
      `Events of ${id}`,
      ['Event', 'Detail', 'Description'],
      (el.events ?? []).map((e) => [e.name, e.type?.text ?? 'CustomEvent', e.description ?? '']),
    )}${table(`Parts of ${id}`, ['Part', 'Description'], (el.cssParts ?? []).map((p) => [p.name, p.description ?? '']))}${table(
      `Custom properties of ${id}`,
      ['Property', 'Description'],
      // The page-wide --cx-* tokens are every element's: the header points at them once.
      (el.cssProperties ?? []).filter((p) => !p.name.startsWith('--cx-')).map((p) => [p.name, p.description ?? '']),
    )}</section>`;
  });
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Element reference</title>
    <link rel="icon" href="data:," />
    <link rel="stylesheet" href="./docs.css" />
    <script type="module" src="../elements/cx-elements.js" data-lang="en"></script>
  </head>
  <body>
    <header>
      <h1>Element reference</h1>
      <p>${elements.length} elements, generated from <code>custom-elements.json</code>. Every element also takes the design tokens of docs/theming.md.</p>
    </header>
    <nav aria-label="Elements"><ul class="toc">${elements.map((el) => `<li><a href="#${el.tagName}">${el.tagName}</a></li>`).join('')}</ul></nav>
    <main class="reference">${sections.join('\n')}</main>
  </body>
</html>
`;
}
