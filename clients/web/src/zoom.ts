// A map that zooms and pans (issue 36, 6: on a phone the whole Mediterranean is a few centimetres
// wide). The map sits in a scrolling frame; −, + and "fit" set its width to 1×, 1.5×, 2× … the
// frame's; a drag (or a finger: native scrolling) pans it. The board is drawn again at every batch,
// so the zoom and the scroll are kept per map (by key) and put back on the new drawing.
import { el } from './dom';

const LEVELS = [1, 1.5, 2, 3, 4];
const kept = new Map<string, { level: number; left: number; top: number }>();

export function zoomable(map: SVGElement, key: string): HTMLElement {
  const state = kept.get(key) ?? { level: 0, left: 0, top: 0 };
  kept.set(key, state);
  const frame = el('div', { class: 'zoom-frame', 'data-testid': 'zoom-frame' }, map);
  const label = el('span', { class: 'zoom-level', 'data-testid': 'zoom-level' });
  // fitted, the whole map shows; zoomed, the frame keeps to the screen's height and scrolls
  const show = () => {
    map.style.width = `${LEVELS[state.level] * 100}%`;
    label.textContent = `${LEVELS[state.level]}×`;
    frame.classList.toggle('zoomed', state.level > 0);
  };
  const apply = (level: number, keepCentre = true) => {
    const before = { w: frame.scrollWidth, cx: frame.scrollLeft + frame.clientWidth / 2, cy: frame.scrollTop + frame.clientHeight / 2, h: frame.scrollHeight };
    state.level = Math.max(0, Math.min(LEVELS.length - 1, level));
    show();
    if (keepCentre && before.w) {  // zoom about the frame's centre
      const k = frame.scrollWidth / before.w;
      frame.scrollLeft = before.cx * k - frame.clientWidth / 2;
      frame.scrollTop = before.cy * (frame.scrollHeight / (before.h || 1)) - frame.clientHeight / 2;
    }
  };
  const button = (text: string, title: string, testid: string, go: () => void) =>
    el('button', { class: 'zoom-button', title, 'data-testid': testid, onclick: go }, text);
  const bar = el('div', { class: 'zoom-bar' },
    button('−', 'zoom out', 'zoom-out', () => apply(state.level - 1)),
    button('+', 'zoom in', 'zoom-in', () => apply(state.level + 1)),
    button('fit', 'the whole map', 'zoom-fit', () => apply(0, false)), label);
  frame.addEventListener('scroll', () => { state.left = frame.scrollLeft; state.top = frame.scrollTop; });
  // a mouse drag pans (a touch scrolls the frame natively); a drag is not a click on what it started on
  let drag: { x: number; y: number; left: number; top: number; moved: boolean } | null = null;
  frame.addEventListener('pointerdown', (e) => {
    if (e.pointerType !== 'mouse' || state.level === 0) return;
    drag = { x: e.clientX, y: e.clientY, left: frame.scrollLeft, top: frame.scrollTop, moved: false };
  });
  frame.addEventListener('pointermove', (e) => {
    if (!drag) return;
    const dx = e.clientX - drag.x, dy = e.clientY - drag.y;
    if (Math.abs(dx) + Math.abs(dy) > 6) drag.moved = true;
    if (drag.moved) { frame.scrollLeft = drag.left - dx; frame.scrollTop = drag.top - dy; }
  });
  const end = () => { if (drag?.moved) frame.addEventListener('click', (e) => e.stopPropagation(), { capture: true, once: true }); drag = null; };
  frame.addEventListener('pointerup', end);
  frame.addEventListener('pointerleave', () => { drag = null; });
  show();
  // once in the page, back to where this map was scrolled
  requestAnimationFrame(() => { frame.scrollLeft = state.left; frame.scrollTop = state.top; });
  return el('div', { class: 'zoom' }, bar, frame);
}
