import { chromium } from 'playwright-core';
const [url, out, w = 1000, h = 600] = process.argv.slice(2);
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--disable-quic'] });
const p = await b.newPage({ viewport: { width: +w, height: +h } });
p.on('console', m => console.log('console', m.type(), m.text()));
await p.goto(url); await p.waitForTimeout(800);
await p.screenshot({ path: out }); await b.close();
