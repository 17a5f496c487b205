#!/usr/bin/env node
// A screenshot of one page as a person would see it, for looking at a layout by eye:
//   node e2e/shot.mjs URL OUT.png [--width 390] [--height 844] [--wait SELECTOR] [--full]
// (the browser test takes its own; this is the tool for a look at any page, e.g. a phone's width).
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';

const { values: o, positionals: [url, out] } = parseArgs({ allowPositionals: true, options: {
  width: { type: 'string', default: '1400' }, height: { type: 'string', default: '1000' }, wait: { type: 'string' },
  full: { type: 'boolean', default: false }, chromium: { type: 'string', default: '/usr/bin/chromium' },
} });
if (!url || !out) { console.error('usage: node e2e/shot.mjs URL OUT.png [--width N] [--height N] [--wait SELECTOR] [--full]'); process.exit(2); }
const browser = await chromium.launch({ executablePath: o.chromium, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: Number(o.width), height: Number(o.height) }, isMobile: Number(o.width) < 600 });
await page.goto(url);
if (o.wait) await page.waitForSelector(o.wait, { timeout: 15_000 });
await page.waitForTimeout(500);
await page.screenshot({ path: out, fullPage: o.full });
const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
console.log(JSON.stringify({ out, overflowPx: overflow }));
await browser.close();
