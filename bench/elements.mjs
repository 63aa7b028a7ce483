// npm run bench:elements - mounts 1000 <cx-star-rating> and 1000 Shoelace <sl-rating> alternately in
// headless Chromium and prints the median time until all are rendered, and the ratio; then the
// JavaScript each costs alone on a blank page (files fetched, bytes gzipped).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { gzipAsync } from '@gfx/zopfli';
import { execSync } from 'node:child_process';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath, NO_BROWSER_HINT } from '../tests/tools/browser.mjs';
import { serveStatic } from './static-server.mjs';

const COUNT = Number(process.env.BENCH_COUNT ?? 1000);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);

if (!existsSync('dist/elements/cx-star-rating.js')) execSync('npx vite build', { stdio: 'inherit' });
const executablePath = chromiumPath();
if (!executablePath) throw new Error(NO_BROWSER_HINT);

const page = `<!doctype html><meta charset="utf-8"><body><div id="stage"></div>
<script type="module">
  await import('/elements/cx-star-rating.js');
  await import('/shoelace/components/rating/rating.js');
  await customElements.whenDefined('sl-rating');
  const stage = document.getElementById('stage');
  const frame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r)));
  window.mountAll = async (tag, count) => {
    stage.replaceChildren();
    await frame();
    const t0 = performance.now();
    const fragment = document.createDocumentFragment();
    const els = [];
    for (let i = 0; i < count; i++) {
      const el = document.createElement(tag);
      el.setAttribute('value', String((i % 5) + 0.5));
      fragment.append(el);
      els.push(el);
    }
    stage.append(fragment);
    await Promise.all(els.map((el) => el.updateComplete));
    await frame(); // include style, layout and paint
    const ms = performance.now() - t0;
    const rendered = els.filter((el) => el.shadowRoot && el.shadowRoot.querySelector('svg, [part="base"]')).length;
    if (rendered !== count) throw new Error(tag + ': only ' + rendered + ' of ' + count + ' rendered');
    return ms;
  };
  window.ready = true;
</script>`;

const { server, port } = await serveStatic(
  { '/elements/': 'dist/elements/', '/shoelace/': 'node_modules/@shoelace-style/shoelace/cdn/' },
  { '/': page, '/blank': '<!doctype html><meta charset="utf-8"><title>blank</title>' },
);
const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
try {
  const tab = await browser.newPage();
  tab.on('pageerror', (e) => console.error('page error:', e.message));
  await tab.goto(`http://127.0.0.1:${port}/`);
  await tab.waitForFunction(() => window.ready === true);
  const times = { 'cx-star-rating': [], 'sl-rating': [] };
  await tab.evaluate(([c]) => window.mountAll('cx-star-rating', c).then(() => window.mountAll('sl-rating', c)), [COUNT]); // warm-up
  for (let run = 0; run < RUNS; run++) {
    for (const tag of run % 2 ? ['sl-rating', 'cx-star-rating'] : ['cx-star-rating', 'sl-rating']) {
      times[tag].push(await tab.evaluate(([t, c]) => window.mountAll(t, c), [tag, COUNT]));
    }
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const cx = median(times['cx-star-rating']);
  const sl = median(times['sl-rating']);
  console.log(`Mounting ${COUNT} elements, median of ${RUNS} runs (Chromium ${browser.version()}):`);
  console.log(`  cx-star-rating (shared React root)  ${cx.toFixed(1)} ms   runs: ${times['cx-star-rating'].map((t) => t.toFixed(0)).join(', ')}`);
  console.log(`  sl-rating (Shoelace, Lit)           ${sl.toFixed(1)} ms   runs: ${times['sl-rating'].map((t) => t.toFixed(0)).join(', ')}`);
  console.log(`  ratio sl-rating / cx-star-rating:   ${(sl / cx).toFixed(2)}x`);

  // The JavaScript each element costs alone on a blank page: every module file the page fetched.
  console.log('JavaScript of one element on a blank page (every module it fetched, gzipped by Zopfli as the portal sends it, and brotli):');
  for (const [tag, url] of [['cx-star-rating', '/elements/cx-star-rating.js'], ['sl-rating', '/shoelace/components/rating/rating.js']]) {
    const blank = await browser.newPage();
    const files = new Set();
    blank.on('response', (r) => r.url().endsWith('.js') && files.add(new URL(r.url()).pathname));
    await blank.goto(`http://127.0.0.1:${port}/blank`);
    await blank.evaluate(async ([u, t]) => {
      await import(u);
      await customElements.whenDefined(t);
    }, [url, tag]);
    await blank.close();
    // Both compressed alike, as the portal's server sends its own files (elements/tools/precompress.mjs).
    const sizes = await Promise.all([...files].map(async (path) => {
      const body = readFileSync(path.startsWith('/elements/') ? join('dist/elements', path.slice(10)) : join('node_modules/@shoelace-style/shoelace/cdn', path.slice(10)));
      return { raw: body.length, gzip: (await gzipAsync(body, { numiterations: 15 })).length, brotli: brotliCompressSync(body).length };
    }));
    const sum = (k) => sizes.reduce((n, x) => n + x[k], 0) / 1024;
    console.log(`  ${tag.padEnd(16)} ${String(files.size).padStart(3)} files  ${sum('gzip').toFixed(1)} KB gzipped  ${sum('brotli').toFixed(1)} KB brotli  (${sum('raw').toFixed(1)} KB raw)`);
  }
} finally {
  await browser.close();
  server.close();
}
