// boardgame.io 0.50.2 beside Carthago in `make bench` figure 9 (bench/move_bench.py, issue 17).
//
// One process: a boardgame.io server (socket.io transport, in-memory storage, no durability) on
// 127.0.0.1 and two clients, one per seat, each its own socket.io connection. The clock runs from the
// mover's dispatch until the OTHER seat's client sees the new state; the next move starts once both
// seats have it, as in the Carthago measurement. The game is the smallest that alternates seats: one
// move per turn that stores its payload (of the size of a median Carthago request).
//
// Protocol on stdin/stdout, one line each: it prints `ready` once both clients are in sync; then
// `moves N SIZE` plays N moves with a SIZE-byte payload and prints a JSON array of N latencies in
// seconds (null for a move that timed out); `quit` ends it. The clients speak WebSocket from the start
// (socket.io's default begins with HTTP long-polling, which would only slow boardgame.io down).
import { createInterface } from "node:readline";
import { performance } from "node:perf_hooks";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url); // boardgame.io 0.50 has no ES-module entry points
const { Server } = require("boardgame.io/server");
const { Client } = require("boardgame.io/client");
const { SocketIO } = require("boardgame.io/multiplayer");

const Relay = {
  name: "relay",
  setup: () => ({ n: 0, last: "" }),
  moves: {
    play: ({ G }, payload) => {
      G.n += 1;
      G.last = payload;
    },
  },
  turn: { minMoves: 1, maxMoves: 1 },
};

const quiet = { log: () => {}, info: () => {}, warn: () => {}, debug: () => {} };
const server = Server({ games: [Relay], origins: ["http://127.0.0.1"] });
const running = await server.run({ port: 0, logger: quiet, callback: () => {} });
const port = running.appServer.address().port;
const url = `http://127.0.0.1:${port}`;

const seen = [[], []]; // per seat: the G.n of each state it received, with its time
const waiters = [null, null];
const clients = [0, 1].map((seat) => {
  const c = Client({ game: Relay, multiplayer: SocketIO({ server: url, socketOpts: { transports: ["websocket"] } }), matchID: "bench", playerID: String(seat), debug: false });
  c.subscribe((state) => {
    if (!state) return;
    seen[seat].push([state.G.n, performance.now()]);
    const w = waiters[seat];
    if (w && state.G.n >= w.n) {
      waiters[seat] = null;
      w.resolve(performance.now());
    }
  });
  c.start();
  return c;
});

function until(seat, n, ms) {
  const have = seen[seat].find(([k]) => k >= n);
  if (have) return Promise.resolve(have[1]);
  return new Promise((resolve) => {
    const timer = setTimeout(() => { waiters[seat] = null; resolve(null); }, ms);
    waiters[seat] = { n, resolve: (t) => { clearTimeout(timer); resolve(t); } };
  });
}

function current() {
  return clients[0].getState()?.G.n ?? 0;
}

async function ready() {
  const deadline = performance.now() + 15000;
  while (performance.now() < deadline) {
    const s0 = clients[0].getState(), s1 = clients[1].getState();
    if (s0 && s1 && s0.isConnected && s1.isConnected && s0._stateID === s1._stateID) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return false;
}

async function moves(count, size) {
  const out = [];
  const payload = "x".repeat(size);
  for (let i = 0; i < count; i++) {
    const n = current() + 1;
    const mover = Number(clients[0].getState().ctx.currentPlayer);
    seen[0].length = 0;
    seen[1].length = 0;
    const t0 = performance.now();
    clients[mover].moves.play(payload);
    const other = await until(1 - mover, n, 10000);
    const mine = await until(mover, n, 10000);
    out.push(other === null || mine === null ? null : (other - t0) / 1000);
  }
  return out;
}

if (!(await ready())) {
  console.log("error: the clients did not connect");
  process.exit(1);
}
console.log("ready");
const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
  const [verb, a, b] = line.trim().split(/\s+/);
  if (verb === "moves") {
    console.log(JSON.stringify(await moves(Number(a), Number(b))));
  } else if (verb === "quit") {
    break;
  }
}
clients.forEach((c) => c.stop());
running.appServer.close();
running.apiServer?.close();
process.exit(0);
