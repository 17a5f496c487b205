// The browser's player (issue 32): the lobby makes a WebCrypto Ed25519 key (non-extractable, kept in
// IndexedDB) and registers it; a reload keeps it; the game page takes seat 0 of the given game as
// the player, plays a few moves by clicks and resigns, every command signed in the page.
// Prints one JSON line: {ok, key (hex), moves, extractable, exported}.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';

const { values: args } = parseArgs({ options: {
  base: { type: 'string' }, game: { type: 'string' }, name: { type: 'string', default: 'webber' },
  chromium: { type: 'string', default: '/usr/bin/chromium' },
} });
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'carthago-chromium-'));
const browser = await chromium.launch({ executablePath: args.chromium, headless: true,
  args: [...FLAGS, `--user-data-dir=${userDataDir}`], ignoreDefaultArgs: ['--headless=new', '--headless'] }).catch(async () =>
  chromium.launch({ executablePath: args.chromium, headless: true, args: FLAGS }));
const out = { ok: false, moves: 0 };
try {
  const page = await (await browser.newContext()).newPage();
  out.console = [];
  page.on('console', (m) => { if (m.type() === 'error') out.console.push(m.text().slice(0, 300)); });
  page.setDefaultTimeout(20_000);
  await page.goto(args.base);
  await page.fill('#key-name', args.name);
  await page.click('#register-key');
  out.key = await page.locator('[data-testid=player-key]').getAttribute('title');
  await page.reload();  // the key stays in the browser
  out.keptKey = await page.locator('[data-testid=player-key]').getAttribute('title');
  // the private half is not extractable: WebCrypto refuses to export it
  Object.assign(out, await page.evaluate(() => new Promise((resolve) => {
    const req = indexedDB.open('carthago-player', 1);
    req.onsuccess = () => {
      const get = req.result.transaction('player').objectStore('player').get('me');
      get.onsuccess = async () => {
        const key = get.result.keys.privateKey;
        let exported = true;
        try { await crypto.subtle.exportKey('pkcs8', key); } catch { exported = false; }
        resolve({ extractable: key.extractable, exported });
      };
    };
  })));
  await page.goto(`${args.base}/game/${args.game}`);
  await page.click('[data-testid=take-0]');
  for (let tries = 0; out.moves < 3 && tries < 200; tries++) {
    const move = page.locator('[data-testid=commands] .group button:not([disabled])').first();
    if (await move.count()) {
      await move.click();
      const ask = page.locator('[data-testid=confirm-send]');
      if (await ask.count()) await ask.click();
      out.moves += 1;
    }
    await page.waitForTimeout(300);
  }
  await page.click('[data-testid=platform-resign]');
  await page.click('[data-testid=confirm-send]');
  out.result = await page.locator('[data-testid=result]').textContent();
  out.ok = true;
} catch (err) {
  out.error = String(err?.stack || err);
  try {  // what the page said: its error lines and its game status
    const page = browser.contexts()[0].pages()[0];
    out.pageErrors = await page.locator('.error').allTextContents();
    out.status = await page.locator('[data-testid=status], .status').allTextContents();
    out.text = (await page.locator('body').innerText()).slice(0, 1500);
  } catch { /* the page is gone */ }
}
await browser.close();
fs.rmSync(userDataDir, { recursive: true, force: true });
console.log(JSON.stringify(out));
process.exit(out.ok ? 0 : 1);
