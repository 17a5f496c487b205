// Each game's RULES.md (engine/games/<game>/RULES.md, the project's own words on the rules) as a
// page of the client ("/rules/GAME#anchor"), and the rule of the decision pending now: a line over
// the moves that links to its place in that page.
//
// The page is drawn from the Markdown as it is in the repository (a small reader of the few forms
// the files use: headings, paragraphs, lists, tables, `code`, **bold**, *italic*). Its anchors:
// - a heading: its text as GitHub makes it an id ("## The turn (§5)" → "the-turn-5");
// - a list item that opens with bold words: those words the same way ("**IV Port.**" → "iv-port");
// - a table row whose first cell is a ruling's id ("| R79 |", "| G15 |"): that id ("r79");
// - a table row whose first cell names step kinds in code ("| `battle_attack`, … |"): "step-<kind>".
// Ids met twice take -1, -2 … (steps: the first row keeps it). tests/test_web_rules.py reads the
// files with the same rules and checks that every entry of ruleSections.json exists there.
//
// Which anchor a decision's rule is at: ruleSections.json, per game, by the key of the decision
// (ruleKey below): Hannibal's and The Republic's pending frame kind, Roma's pending decision or
// phase, Rome et Carthage's combat step or phase.
import { t } from './i18n';
import { el } from './dom';
import { rncCombatStep, rncPhase } from './rncWords';
import { humanize, nameOf } from './words';
import sections from './ruleSections.json';

const FILES = import.meta.glob('../../../engine/games/*/RULES.md', { query: '?raw', import: 'default' }) as
  Record<string, () => Promise<string>>;

const TITLES: Record<string, string> = {
  roma: 'Roma', 'rome-et-carthage': 'Rome et Carthage / Méditerranée', hannibal: 'Hannibal: Rome vs Carthage',
  'republic-of-carthage': 'The Republic of Carthage',
};

interface Table { fallback: string; steps: Record<string, string> }
const SECTIONS = sections as Record<string, Table>;

export interface Rules {
  root: HTMLElement;
  anchors: Map<string, HTMLElement>;  // id -> the element it names
  headingOf: Map<string, string>;     // id -> the title of the section (##/###) it stands in
}

export function slug(text: string): string {
  return text.replace(/[`*]/g, '').trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/ /g, '-');
}

/** `code`, **bold**, *italic* of one line of text, as nodes. */
function inline(text: string): (Node | string)[] {
  const out: (Node | string)[] = [];
  let i = 0;
  let plain = '';
  const flush = () => { if (plain) out.push(plain); plain = ''; };
  while (i < text.length) {
    const c = text[i];
    if (c === '`') {
      const end = text.indexOf('`', i + 1);
      if (end > i) { flush(); out.push(el('code', {}, text.slice(i + 1, end))); i = end + 1; continue; }
    } else if (text.startsWith('**', i)) {
      const end = text.indexOf('**', i + 2);
      if (end > i + 1) { flush(); out.push(el('strong', {}, ...inline(text.slice(i + 2, end)))); i = end + 2; continue; }
    } else if (c === '*' && text[i + 1] && text[i + 1] !== ' ') {
      const end = text.indexOf('*', i + 1);
      if (end > i) { flush(); out.push(el('em', {}, ...inline(text.slice(i + 1, end)))); i = end + 1; continue; }
    }
    plain += c;
    i += 1;
  }
  flush();
  return out;
}

const cells = (line: string) => line.trim().replace(/^\|/, '').replace(/\|$/, '').split('|').map((x) => x.trim());
const RULE_ID = /^[A-Z]{1,2}\d+$/;

/** A RULES.md as elements, with its anchors. */
export function renderRules(md: string): Rules {
  const root = el('article', { class: 'rules-text' });
  const anchors = new Map<string, HTMLElement>();
  const headingOf = new Map<string, string>();
  const seen = new Map<string, number>();
  let heading = '';
  const name = (node: HTMLElement, text: string) => {
    const base = slug(text);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    const id = n ? `${base}-${n}` : base;
    node.id = id;
    anchors.set(id, node);
    headingOf.set(id, heading);
  };
  const steps = (node: HTMLElement, first: string) => {
    for (const m of first.matchAll(/`([a-z_][a-z0-9_:]*)`/g)) {
      const id = `step-${m[1]}`;
      if (anchors.has(id)) continue;
      anchors.set(id, node);
      headingOf.set(id, heading);
      if (!node.id) node.id = id;
      else node.firstElementChild?.prepend(el('span', { id, class: 'anchor' }));  // in the row's first cell
    }
  };

  const lines = md.split('\n');
  let para: string[] = [];
  // lists: a stack of open lists by the column of their markers; each item's text gathers its lines
  let lists: { indent: number; list: HTMLElement; item: HTMLElement | null; text: string[] }[] = [];
  const endItem = (top: (typeof lists)[number]) => {
    if (!top.item || !top.text.length) return;
    const text = top.text.join(' ');
    top.item.prepend(...inline(text));
    const bold = /^\*\*(.+?)\*\*/.exec(text);
    if (bold) name(top.item, bold[1]);
    top.text = [];
  };
  const endLists = (to = -1) => {
    while (lists.length && lists[lists.length - 1].indent > to) {
      const top = lists.pop()!;
      endItem(top);
    }
  };
  const endPara = () => {
    if (para.length) root.append(el('p', {}, ...inline(para.join(' '))));
    para = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const item = /^( *)([-*]|\d+\.) (.*)$/.exec(line);
    const head = /^(#{1,6}) (.*)$/.exec(line);
    if (!line.trim()) { endPara(); endLists(); continue; }
    if (head) {
      endPara(); endLists();
      const level = Math.min(head[1].length, 4);
      const h = el(`h${level}` as 'h1', {}, ...inline(head[2]));
      if (level >= 2) heading = head[2].replace(/[`*]/g, '');
      name(h, head[2]);
      root.append(h);
      continue;
    }
    if (line.startsWith('|')) {
      endPara(); endLists();
      const rows: string[] = [];
      while (i < lines.length && lines[i].startsWith('|')) rows.push(lines[i++]);
      i -= 1;
      const table = el('table', { class: 'rules-table' });
      rows.forEach((row, k) => {
        if (k === 1 && /^\|[\s|:-]+$/.test(row)) return;  // the header's rule
        const cs = cells(row);
        const tr = el('tr', {}, ...cs.map((c) => el(k === 0 ? 'th' : 'td', {}, ...inline(c))));
        if (k > 0 && RULE_ID.test(cs[0])) name(tr, cs[0]);
        if (k > 0) steps(tr, cs[0]);
        table.append(tr);
      });
      root.append(el('div', { class: 'table-frame' }, table));
      continue;
    }
    if (item) {
      endPara();
      const indent = item[1].length;
      while (lists.length && lists[lists.length - 1].indent > indent) endItem(lists.pop()!);
      let top = lists[lists.length - 1];
      if (!top || top.indent < indent) {
        const list = el(/\d/.test(item[2]) ? 'ol' : 'ul', {});
        if (top?.item) { endItem(top); top.item.append(list); } else root.append(list);
        top = { indent, list, item: null, text: [] };
        lists.push(top);
      }
      endItem(top);
      top.item = el('li', {});
      top.list.append(top.item);
      top.text = [item[3]];
      continue;
    }
    if (lists.length && /^ +/.test(line)) { lists[lists.length - 1].text.push(line.trim()); continue; }
    endLists();
    para.push(line.trim());
  }
  endPara(); endLists();
  return { root, anchors, headingOf };
}

const loaded = new Map<string, Promise<Rules | null>>();

/** The game's RULES.md, read and drawn once (the files are their own chunks, fetched when first asked). */
export function loadRules(gameType: string): Promise<Rules | null> {
  if (!loaded.has(gameType)) {
    const load = FILES[`../../../engine/games/${gameType.replace(/-/g, '_')}/RULES.md`];
    loaded.set(gameType, load ? load().then(renderRules) : Promise.resolve(null));
  }
  return loaded.get(gameType)!;
}

/** The key of the decision pending in a game's view (the game's View message), '' for none. */
export function ruleKey(gameType: string, v: any): string {
  if (!v) return '';
  if (gameType === 'hannibal' || gameType === 'republic-of-carthage') {
    const top = (v.flow as any[] | undefined)?.[(v.flow?.length ?? 0) - 1];
    return top?.kind ?? '';
  }
  if (gameType === 'roma') return v.pending?.kind || v.phase || '';
  if (gameType === 'rome-et-carthage') return v.combat?.city ? v.combat.step : v.phase ?? '';
  return '';
}

export function rulesHref(gameType: string, anchor = ''): string {
  return `/rules/${gameType}${anchor ? `#${anchor}` : ''}`;
}

/** The anchor of the rule for a decision key: the data table's entry, or the game's fallback. */
export function ruleAnchor(gameType: string, key: string): string {
  const t = SECTIONS[gameType];
  if (!t) return '';
  return (key && t.steps[key]) || t.fallback;
}

/** The words of the block an anchor names, for a line of the page ("from the rules: …"). */
function excerpt(node: HTMLElement): string {
  const block = node;  // the anchors map names the row, the item or the heading itself
  let text = '';
  if (block.tagName === 'TR') {
    const head = block.closest('table')?.querySelector('tr');
    const names = [...(head?.children ?? [])].map((c) => c.textContent ?? '');
    text = [...block.children].map((c, k) => `${names[k] ? `${names[k]}: ` : ''}${c.textContent}`).join(' · ');
  } else if (/^H\d$/.test(block.tagName)) {
    let next = block.nextElementSibling;
    while (next && !['P', 'UL', 'OL', 'DIV'].includes(next.tagName)) next = next.nextElementSibling;
    text = next?.textContent ?? '';
  } else {
    text = [...block.childNodes].filter((n) => !(n instanceof HTMLElement && /^(UL|OL)$/.test(n.tagName)))
      .map((n) => n.textContent).join('');
  }
  text = text.replace(/\s+/g, ' ').trim();
  return text.length > 600 ? `${text.slice(0, 600)}…` : text;
}

const ROMA_PHASES: Record<string, string> = { pass: 'the secret pass of two cards', place: 'the set-up: lay four cards', turn: 'a turn' };

/** The pending decision in a few words (the boards show the whole question): the server's words of
 *  the last prompt record (`waiting`: "Rome to move the army — Hannibal, at Saguntum") where the page
 *  has them. */
function asksWords(gameType: string, v: any, key: string, waiting = ''): string {
  if (waiting && (gameType === 'hannibal' || gameType === 'republic-of-carthage' || v.pending?.kind)) return waiting;
  const top = (v?.flow as any[] | undefined)?.[(v?.flow?.length ?? 0) - 1];
  if (gameType === 'hannibal' || gameType === 'republic-of-carthage') return top ? humanize(top.kind) : '';
  if (gameType === 'roma') {
    return v.pending?.kind ? `${nameOf(v.pending.kind)}${v.pending.card ? ` (${nameOf(v.pending.card)})` : ''}` : ROMA_PHASES[key] ?? '';
  }
  if (gameType === 'rome-et-carthage') return v.combat?.city ? `combat: ${rncCombatStep(key)}` : rncPhase(key);
  return '';
}

/** The line over the moves: what the pending decision asks, its place in RULES.md as a link, and
 *  that place's words under "from the rules". `v`: the game's View. */
export function ruleBox(gameType: string, v: any, waiting = ''): HTMLElement | null {
  const key = ruleKey(gameType, v);
  const asks = asksWords(gameType, v, key, waiting);
  const anchor = ruleAnchor(gameType, key);
  if (!anchor || v?.over) return null;
  const link = el('a', { href: rulesHref(gameType, anchor), target: '_blank', rel: 'noopener', 'data-testid': 'rule-link',
    'data-anchor': anchor }, 'in the rules ↗');
  const words = el('span', { class: 'rule-words' });
  const details = el('details', { class: 'rule-excerpt' }, el('summary', {}, t('From the rules')), words);
  details.hidden = true;
  void loadRules(gameType).then((rules) => {
    const node = rules?.anchors.get(anchor);
    if (!node) return;
    link.textContent = `${rules!.headingOf.get(anchor) || 'the rules'} ↗`;
    const text = excerpt(node);
    if (text) { words.textContent = text; details.hidden = false; }
  });
  return el('div', { class: 'rule', 'data-testid': 'rule', 'data-key': key },
    el('b', {}, t('The rule now: ')), asks ? `${asks} — ` : '', link, details);
}

/** The "/rules/GAME" page: the whole RULES.md, scrolled to the anchor of the address, marked. */
export async function rulesPage(gameType: string, app: HTMLElement, back: HTMLElement): Promise<void> {
  const box = el('section', { class: 'panel rules-page' }, back, el('h2', {}, `${TITLES[gameType] ?? gameType}: the rules as Carthago plays them`),
    el('p', { class: 'note' }, 'Loading…'));
  app.append(box);
  const rules = await loadRules(gameType);
  if (!rules) {
    box.replaceChildren(back, el('div', { class: 'error' }, `No rules for a game "${gameType}".`));
    return;
  }
  box.replaceChildren(back, rules.root);  // the file's own title heads it
  const show = () => {
    box.querySelectorAll('.target').forEach((n) => n.classList.remove('target'));
    const id = decodeURIComponent(location.hash.slice(1));
    const node = id ? rules.anchors.get(id) : null;
    if (!node) return;
    node.classList.add('target');
    node.scrollIntoView({ block: 'center' });
  };
  // one listener, whichever rules page was shown last
  if (onHash) window.removeEventListener('hashchange', onHash);
  onHash = () => { if (location.pathname.startsWith('/rules/')) show(); };
  window.addEventListener('hashchange', onHash);
  show();
}

let onHash: (() => void) | null = null;
