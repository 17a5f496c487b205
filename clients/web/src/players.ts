// The lobby's player panel (a key made and kept in this browser: identity.ts) and the leaderboard
// (ListPlayers: Glicko-2 ratings per game type, recomputed by the server from rated games' logs).
import { t } from './i18n';
import { api, describeError, setPlayerName } from './api';
import { el } from './dom';
import { hex, player, register, setSigning, signing, supported } from './identity';

export function playerPanel(nameInput: HTMLInputElement, registered?: () => void): HTMLElement {
  const box = el('section', { class: 'panel', 'data-testid': 'player' }, el('h2', {}, t('Your key')));
  const fill = async () => {
    box.replaceChildren(el('h2', {}, t('Your key')));
    if (!supported()) {
      box.append(el('p', { class: 'note' }, t('This browser cannot keep a key: you play under a name alone.')));
      return;
    }
    const p = await player();
    if (p) {
      const sign = el('input', { type: 'checkbox', id: 'sign-seats', checked: signing(),
        onchange: () => setSigning(sign.checked) }) as HTMLInputElement;
      box.append(el('p', { 'data-testid': 'player-known' }, t('You play as '), el('b', {}, p.name),
        t(', a registered player (key '), el('code', { 'data-testid': 'player-key', title: hex(p.publicKey) },
          `${hex(p.publicKey).slice(0, 16)}…`), t('). Its private half stays in this browser: nobody can copy it out.')),
      el('label', {}, sign, t(' take seats as this player: every move signed with the key')));
      return;
    }
    const name = el('input', { id: 'key-name', value: nameInput.value, placeholder: t('a player name'), maxlength: 32 }) as HTMLInputElement;
    const error = el('div', { class: 'error', 'data-testid': 'key-error' });
    const make = el('button', { id: 'register-key', onclick: async () => {
      error.textContent = '';
      try {
        await register(name.value.trim());
        setPlayerName(name.value.trim());
        nameInput.value = name.value.trim();
        if (registered) registered(); else await fill();
      } catch (err) {
        error.textContent = describeError(err);
      }
    } }, t('Make my key and register'));
    box.append(el('p', { class: 'note' }, t('A registered player is a key (no password): the seats it takes sign every move, and rated games are between registered players.')), el('label', {}, t('Name: '), name), ' ', make, error);
  };
  void fill();
  return box;
}

/** The leaderboard; with `challenge`, a "Challenge" button on each other player's row (challenges.ts). */
export function leaderboardPanel(challenge?: (name: string) => void): HTMLElement {
  const box = el('section', { class: 'panel', 'data-testid': 'leaderboard' }, el('h2', {}, t('Players')), t('Loading…'));
  void (async () => {
    try {
      const res = await api.listPlayers({});
      const me = challenge ? (await player().catch(() => undefined))?.name : undefined;
      const rows = res.players.map((s) => el('tr', { 'data-player': s.player?.name ?? '' }, el('td', {}, s.player?.name ?? ''),
        el('td', {}, s.ratings.map((r) => t('{game} {rating} (±{deviation}, {games} games)', { game: r.gameType, rating: r.rating.toFixed(0), deviation: r.deviation.toFixed(0), games: r.games }))
          .join(' · ') || t('not rated yet')),
        el('td', {}, me && challenge && s.player?.name !== me
          ? el('button', { 'data-testid': 'challenge-player', onclick: () => challenge(s.player!.name) }, t('Challenge')) : '')));
      box.replaceChildren(el('h2', {}, t('Players')), el('p', { class: 'note' },
        t('Ratings (Glicko-2) from {n} finished rated games, recomputed from their logs.', { n: res.ratedGames })),
      rows.length ? el('table', {}, ...rows) : el('p', {}, t('No registered player yet.')));
    } catch (err) {
      box.replaceChildren(el('h2', {}, t('Players')), el('div', { class: 'error' }, describeError(err)));
    }
  })();
  return box;
}
