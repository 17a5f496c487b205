// What a page of the web client holds, as the browser test reads it (play.mjs, extras.mjs).

/** The game id of the game page shown ('' elsewhere). */
export function gameIdOf(page) {
  return /\/game\/([\w-]+)/.exec(new URL(page.url()).pathname)?.[1] ?? '';
}

/** The seats (seat, token, name) this browser keeps for `gameId`, as main.ts stores them. */
export async function keptSeats(page, gameId) {
  return page.evaluate((id) => JSON.parse(localStorage.getItem(`carthago.seats.${id}`) || '[]'), gameId);
}
