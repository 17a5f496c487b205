// What players of other sites expect (issue 36, 7), as the browser test sees it: the confirmation of a
// move that cannot be taken back, the "your games" list and its notification, the rule of the pending
// decision and its link into RULES.md, the map's legend, and Hannibal's battles as a panel.
// play.mjs runs these inside its scenarios (Hannibal's mostly); `deps` are its helpers.
import fs from 'node:fs';
import { keptSeats } from './pages.mjs';

const MAP = JSON.parse(fs.readFileSync(new URL('../../../engine/games/hannibal/data/map.json', import.meta.url), 'utf8'));
const NEXT = new Map(MAP.spaces.map((s) => [s.id, []]));
for (const l of MAP.links) { NEXT.get(l.a).push(l.b); NEXT.get(l.b).push(l.a); }

/** Steps from each space to the nearest of `targets` (the map's links). */
function distanceTo(targets) {
  const d = new Map(targets.map((t) => [t, 0]));
  const queue = [...targets];
  while (queue.length) {
    const x = queue.shift();
    for (const y of NEXT.get(x) ?? []) if (!d.has(y)) { d.set(y, d.get(x) + 1); queue.push(y); }
  }
  return d;
}

/** For context.addInitScript: the Notifications API as a recorder (a headless browser shows none).
 *  Permission starts undecided and is granted when the page asks for it. */
export function notificationRecorder() {
  window.__notes = [];
  class Recorded {
    static permission = 'default';
    static async requestPermission() { Recorded.permission = 'granted'; return 'granted'; }
    constructor(title, options = {}) { window.__notes.push({ title, body: options.body ?? '', tag: options.tag ?? '' }); }
    close() {}
  }
  window.Notification = Recorded;
}

export function extras({ base, call, check, sleep }) {
  const head = async (gameId) => Number((await call('GetGame', { gameId })).headSeq);
  const logLength = (page) => page.locator('[data-testid=log] li').count();

  /** After a click: when the page asks before a move that cannot be taken back, the move must not
   *  have gone; the first one is cancelled (and must not go), the others sent (and must go). */
  async function answerConfirm(page, gameId, stats) {
    if (!(await page.locator('[data-testid=confirm]').count())) return false;
    stats.asked += 1;
    const at = await head(gameId);
    const lines = await logLength(page);
    stats.moves.add((await page.locator('[data-testid=confirm] h3').textContent()) ?? '');
    if (stats.asked === 1 && stats.shot) await page.screenshot({ path: stats.shot });
    if (stats.asked <= 3) {  // a while with the dialog open: nothing sent (the first few times: each costs 0.3 s)
      await sleep(300);
      check(await head(gameId) === at, 'a move went before the player confirmed it');
    }
    if (!stats.cancelled) {
      await page.click('[data-testid=confirm-cancel]', { noWaitAfter: true });
      await page.locator('[data-testid=confirm]').waitFor({ state: 'detached', timeout: 5000 });
      await sleep(300);
      check(await head(gameId) === at && await logLength(page) === lines, 'a cancelled move was sent');
      stats.cancelled += 1;
      return true;
    }
    // (noWaitAfter: a click's wait for the navigations it starts found the busy page still "scheduling"
    // one for 30 s under load: this click starts none)
    await page.click('[data-testid=confirm-send]', { noWaitAfter: true });
    // the move goes (the log grows), unless a house bot's move came first and took it off the list
    // (the page then says so and asks for another: a lost race, not a move the confirmation kept)
    const lost = await page.waitForFunction((n) => {
      if (/moved on before your move was sent/.test(document.querySelector('[data-testid=error]')?.textContent ?? '')) return 'lost';
      return document.querySelectorAll('[data-testid=log] li').length > n || document.querySelector('[data-testid=result]') ? 'sent' : null;
    }, lines, { timeout: 30_000 }).then((h) => h.jsonValue()) === 'lost';
    if (lost) { stats.lost += 1; return true; }
    check(await head(gameId) > at, 'a confirmed move did not go');
    stats.sent += 1;
    return true;
  }

  /** Every "rule now" link the page shows, by its target. */
  async function collectRuleLinks(page, links) {
    // read in one look at the page: a link counted, then read, may be gone between the two (the
    // page draws its decision again at every batch), and the read then waited 30 s for it
    const hrefs = await page.$$eval('[data-testid=rule-link]', (as) => as.map((a) => a.getAttribute('href')));
    if (hrefs.length && hrefs[0]) links.add(hrefs[0]);
  }

  /** Hannibal, by clicks that look for a fight (the rules' battles do not come by random moves in a
   *  few dozen clicks): an army moves to the space nearest an enemy army, a general is activated, a
   *  battle given, an interception tried; until a battle of at least one round is over. With the
   *  confirmations switched off: a move marked final then goes without asking (`stats.unasked`). */
  async function seekBattle(page, gameId, { maxClicks, deadline, stats, ruleLinks }) {
    let clicks = 0;
    const done = async () => (await page.$$eval('[data-testid=battle-result]', (rs) => rs.map((r) => Number(r.dataset.rounds))))
      .some((n) => n >= 1);
    while (clicks < maxClicks && Date.now() < deadline && !(await done())) {
      if (await page.locator('[data-testid=result]').count()) break;
      const commands = await page.locator('[data-testid=command]:not([disabled])').count();
      if (!commands) { await sleep(60); continue; }
      await collectRuleLinks(page, ruleLinks);
      const enemy = await page.$$eval('[data-testid=board] g.stack.side-1', (gs) => gs.map((g) => g.dataset.space));
      const spaces = await page.$$eval('[data-testid=board] g.space.clickable', (gs) => gs.map((g) => g.id.replace(/^space-/, '')));
      const moving = await page.locator('[data-testid=command][data-kind=chooseSpace]').count();
      const d = distanceTo(enemy);
      const nearest = spaces.filter((s) => d.has(s)).sort((a, b) => d.get(a) - d.get(b))[0];
      try {
        if (moving && nearest !== undefined) {
          await page.dispatchEvent(`[data-testid=board] g.space.clickable#space-${nearest}`, 'click', {}, { timeout: 2000 });
        } else {
          const prefer = ['[data-testid=command]:not([disabled]):has-text("Give battle")',
            '[data-testid=command][data-kind=playCard]:not([disabled]):has-text("for its operations")',
            '[data-testid=command][data-kind=chooseGeneral]:not([disabled])',
            '[data-testid=command][data-kind=playBattleCard]:not([disabled])',
            '[data-testid=command][data-kind=chooseOption]:not([disabled]):not(:has-text("Withdraw")):not(:has-text("Concede")):not(:has-text("avoid")):not(:has-text("Drop")):not(:has-text("Pick up"))',
            '[data-testid=command]:not([disabled])'];
          for (const sel of prefer) {
            const loc = page.locator(sel);
            const n = await loc.count();
            if (!n) continue;
            const button = loc.nth(Math.floor(Math.random() * n));
            const final = (await button.getAttribute('data-final')) === 'yes';
            await button.click({ timeout: 2000 });
            if (final) {
              check(!(await page.locator('[data-testid=confirm]').count()), 'the page asked with its confirmations switched off');
              stats.unasked += 1;
            }
            break;
          }
        }
      } catch (err) {
        if (/asked with its confirmations/.test(String(err))) throw err;
        continue;  // redrawn under the pointer: look again
      }
      clicks += 1;
    }
    return clicks;
  }

  /** The panel of the battles: the latest one's rounds and result, as the page shows them, beside
   *  the log's line for its end ("… wins the battle after 3 rounds"). */
  /** With the confirmations switched off, play on until a move marked final has gone without the
   *  page asking (`stats.unasked`), when the battle was found before any final move was clicked:
   *  a final move offered is clicked at once, else any move (a random one) to reach one. */
  async function sendFinalUnasked(page, { maxClicks, deadline, stats }) {
    for (let clicks = 0; !stats.unasked && clicks < maxClicks && Date.now() < deadline; ) {
      if (await page.locator('[data-testid=result]').count()) return;
      const finals = page.locator('[data-testid=command][data-final=yes]:not([disabled])');
      const any = page.locator('[data-testid=command]:not([disabled])');
      const n = await any.count();
      if (!n) { await sleep(60); continue; }
      const button = (await finals.count()) ? finals.first() : any.nth(Math.floor(Math.random() * n));
      try {
        const final = (await button.getAttribute('data-final', { timeout: 2000 })) === 'yes';
        await button.click({ timeout: 2000 });
        if (final) {
          check(!(await page.locator('[data-testid=confirm]').count()), 'the page asked with its confirmations switched off');
          stats.unasked += 1;
        }
      } catch (err) {
        if (/asked with its confirmations/.test(String(err))) throw err;
        continue;  // redrawn under the pointer: look again
      }
      clicks += 1;
    }
  }

  async function battlePanel(page) {
    return page.evaluate(() => {
      const reports = [...document.querySelectorAll('[data-testid=battles] .battle-report')];
      const fought = reports.find((r) => Number(r.querySelector('[data-testid=battle-result]')?.dataset.rounds) >= 1);
      const ended = [...document.querySelectorAll('[data-testid=log] li')].map((li) => li.textContent ?? '')
        .filter((t) => / wins the battle after \d+ rounds?| battle ends without a winner/.test(t));
      if (!fought) return { reports: reports.length, ended };
      return { reports: reports.length, ended, title: fought.querySelector('summary')?.textContent ?? '',
        rounds: fought.querySelectorAll('[data-testid=battle-round]').length,
        resultRounds: Number(fought.querySelector('[data-testid=battle-result]').dataset.rounds),
        result: fought.querySelector('[data-testid=battle-result]').textContent ?? '',
        cards: [...fought.querySelectorAll('[data-testid=battle-round] td:nth-child(2)')].map((td) => td.textContent) };
    });
  }

  /** "Your games" and the notification: on the player's turn its page goes to the lobby, whose list
   *  shows the game as its turn; notifications are opted in (none comes at once: nothing happened
   *  since the page showed the game); the game then moves on without the page (moves sent with the
   *  seat's token, as another tab would, until the house bot is to play, which it does): the turn
   *  comes back to the player, and a notification says so. Then back to the game's page. */
  async function yourGamesAndNotice(page, gameId, shot) {
    await page.waitForSelector('.turn.mine', { timeout: 30_000 });
    const seats = await keptSeats(page, gameId);
    // the server's word that it is the player's turn and stays so (a click of the page may still be in
    // flight when its turn shows: then the house bot plays, and the turn comes back)
    for (let tries = 0, steady = null; tries < 300; tries++) {
      const game = await call('GetGame', { gameId });
      const mine = seats.some((x) => (game.status?.toAct ?? []).includes(x.seat));
      if (mine && steady === game.headSeq) break;
      steady = mine ? game.headSeq : null;
      await sleep(200);
    }
    await page.goto(`${base}/`);
    const row = page.locator(`[data-testid=your-games] tr[data-your-game="${gameId}"].your-turn`);
    await row.waitFor({ timeout: 15_000 }).catch(async (err) => {
      const shown = await page.evaluate(() => document.querySelector('[data-testid=your-games]')?.outerHTML ?? '(no list)');
      throw new Error(`${err.message.split('\n')[0]}; the list: ${shown.slice(0, 1500)}`);
    });
    const listed = (await row.textContent()) ?? '';
    await page.check('[data-testid=notify]');
    await page.waitForFunction(() => localStorage.getItem('carthago.notify') === 'on', null, { timeout: 5000 });
    await sleep(6000);  // more than a poll (yourGames.ts POLL_MS)
    const early = await page.evaluate(() => window.__notes.length);
    let outside = 0;
    for (let tries = 0; tries < 200; tries++) {
      const game = await call('GetGame', { gameId });
      if (game.status?.over) break;
      const seat = seats.find((s) => (game.status?.toAct ?? []).includes(s.seat));
      if (!seat) break;  // the house bot's turn
      const { commands = [], headSeq } = await call('ListLegalCommands', { gameId }, seat.token);
      const plain = commands.filter((c) => !/"(offerDraw|acceptDraw)"/.test(JSON.stringify(c)));
      if (!plain.length) { await sleep(50); continue; }
      try {
        await call('SubmitCommand', { gameId, command: plain[Math.floor(Math.random() * plain.length)], expectedSeq: headSeq,
          requestId: `notice-${gameId}-${tries}` }, seat.token);
        outside += 1;
      } catch (err) {
        if (!/STALE_SEQ|LOST_RACE|NOT_YOUR_TURN/.test(String(err))) throw err;
      }
    }
    await page.waitForFunction(() => window.__notes.length > 0, null, { timeout: 40_000 });
    const notes = await page.evaluate(() => window.__notes);
    await page.locator(`[data-testid=your-games] tr[data-your-game="${gameId}"].your-turn`).waitFor({ timeout: 15_000 });
    if (shot) await page.screenshot({ path: shot });
    await page.goto(`${base}/game/${gameId}`);
    await page.waitForSelector('[data-testid=log] li');
    await page.waitForSelector('.turn.mine', { timeout: 30_000 });
    return { listed, early, outside, notes };
  }

  /** Each link's target in the rules page: the element the address names exists and has words. */
  async function ruleTargets(context, links, shot) {
    const page = await context.newPage();
    const out = [];
    for (const href of [...links].slice(0, 8)) {
      await page.goto(`${base}${href}`);
      await page.waitForSelector('.rules-text');
      out.push(await page.evaluate(() => {
        const id = decodeURIComponent(location.hash.slice(1));
        const node = document.getElementById(id);
        const block = node?.closest('tr, li, h2, h3, h4') ?? node;
        return { id, found: !!node, marked: !!document.querySelector('.rules-text .target'), words: (block?.textContent ?? '').trim().length };
      }));
    }
    if (shot && out.length) { await sleep(200); await page.screenshot({ path: shot }); }
    await page.close();
    return out;
  }

  return { answerConfirm, collectRuleLinks, seekBattle, sendFinalUnasked, battlePanel, yourGamesAndNotice, ruleTargets };
}
