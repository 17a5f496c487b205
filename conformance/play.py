"""One seeded random game, checked at every step (the checks are in ``conformance.checks``).

A game is fully determined by its game, configuration and integer seed: the game's seed is
``carthago-conformance-<seed>``, the bot that picks a seat among those to act and one of its
legal commands draws from ``random.Random("bot:<seed>")``, and the checks draw from their own
generator, so how hard a run looks never changes which game is played.
"""

from __future__ import annotations

import hashlib
import random
import time
from typing import Any

import msgspec

from engine.core import Emitted, Game, GameConfig, advance, copy_state, decode_state, encode_state, state_digest, tag_of
from engine.errors import RuleError
from engine.session import validate_config

from . import fuzz
from .checks import (CheckFailure, Ctx, Plan, check_emitted, crash_site, decide_accepted, decide_rejected, evolve_all,
                     wire_emitted, wire_roundtrip)
from .leak import check_hidden_choices, check_secret_commands, check_stream, judge_streams, observe
from .diff import first_difference

# Commands that end a game by agreement; the bot picks them once in AGREEMENT_ODDS choices.
AGREEMENT_KINDS = frozenset({"offer_draw", "accept_draw"})
AGREEMENT_ODDS = 10


class Failure(msgspec.Struct, frozen=True):
    check: str
    message: str
    seed: int
    step: int
    seq: int | None = None


class GameResult(msgspec.Struct):
    seed: int
    steps: int
    events: int
    seconds: float
    tally: dict[str, int]
    failure: Failure | None = None
    log: bytes = b""        # the failing game's log, to save
    log_format: str = ""    # "export" (a server export file) or "jsonl"


class Step(msgspec.Struct):
    seat: int
    command: Any
    emitted: list[Emitted]
    position: int   # game-event position before the command
    encoded: bytes  # the emitted events as decided (to catch events rewritten later)


def wire_of(game: Game) -> Any:
    """The game's protobuf codec, or None for a game without a wire."""
    if not game.info.proto_package:
        return None
    from server.wire import wire_for

    return wire_for(game)


def play_one(game: Game, config: GameConfig, seed: int, plan: Plan = Plan(), foreign: tuple = ()) -> GameResult:
    started = time.perf_counter()
    ctx = Ctx(game, config, seed, plan)
    run = _Run(ctx, foreign)
    failure = None
    try:
        ctx.wire = ctx.call("wire", "loading the protobuf module", wire_of, game)
        run.play()
        run.check_replay()
    except CheckFailure as exc:
        failure = Failure(exc.check, exc.message, seed, ctx.step, exc.seq)
    except Exception as exc:  # noqa: BLE001 - a crash no check expected is still this game's failure
        failure = Failure("progress", f"crashed: {type(exc).__name__}: {exc}{crash_site(exc)}", seed, ctx.step,
                          ctx.position)
    result = GameResult(seed, ctx.step, ctx.position, time.perf_counter() - started, dict(ctx.tally), failure)
    if failure is not None:
        result.log, result.log_format = run.log_file()
    return result


class _Run:
    def __init__(self, ctx: Ctx, foreign: tuple) -> None:
        self.ctx, self.game, self.foreign = ctx, ctx.game, foreign
        self.bot = random.Random(f"bot:{ctx.seed}")
        self.opening: list[Emitted] = []
        self.opening_encoded = b""
        self.steps: list[Step] = []
        self.after: list[bytes] = []          # encode_state after the set-up and after each command
        self.snapshots: list[tuple[int, bytes]] = []
        self.sent: list[tuple[int, Any]] = []  # commands sent (to try again once the game is over)

    # ---- playing ----------------------------------------------------------
    def apply(self, state: Any, emitted: list[Emitted], what: str) -> Any:
        ctx = self.ctx
        for e in emitted:
            state = ctx.call("progress", f"evolve({type(e.event).__name__}) after {what}", self.game.evolve,
                             state, e.event)
            ctx.position += 1
            if ctx.position % ctx.plan.snapshot_every == 0:
                self.snapshots.append((ctx.position, ctx.call("replay", "encode_state", encode_state, state)))
        self.after.append(ctx.call("replay", "encode_state", encode_state, state))
        return state

    def play(self) -> None:
        ctx, game = self.ctx, self.game
        try:
            validate_config(game, ctx.config)
        except RuleError as exc:
            ctx.fail("progress", f"the configuration is refused: {exc.code}: {exc.message}")
        state = ctx.call("progress", "initial", game.initial, ctx.config)
        self.opening = self.setup()
        shadow = evolve_all(ctx, game.initial(ctx.config), self.opening, "set-up")  # played by ``advance``
        hint = None
        state = self.apply(state, self.opening, "set-up")
        while True:
            status = ctx.call("progress", "status", game.status, state)
            if status.over:
                break
            digest = state_digest(state)
            legal = self.progress(state, status)
            deep = ctx.step == 0 or ctx.rnd.random() < ctx.plan.deep
            if deep:
                samples = self.deep(state, status, legal, digest)
            else:
                seen = [ctx.rnd.choice(ctx.observers)]
                samples = observe(ctx, state, status, legal, seen, 1, digest)
            seat = self.bot.choice(sorted(status.to_act))
            command = self.pick(legal[seat])
            emitted = self.decide(state, seat, command, digest)
            check_stream(ctx, state, seat, command, emitted, samples)
            if deep:
                check_hidden_choices(ctx, state, seat, command, emitted, samples)
            wire_roundtrip(ctx, "command", command)
            wire_emitted(ctx, emitted)
            self.steps.append(Step(seat, command, emitted, ctx.position, msgspec.msgpack.encode(emitted)))
            self.sent.append((seat, command))
            shadow, hint = self.advance(shadow, seat, command, hint)
            state = self.apply(state, emitted, f"seat {seat} {command!r}")
            if encode_state(shadow) != self.after[-1]:
                ctx.fail("replay", f"advance (in place) after seat {seat} {command!r} leaves another state than "
                                   f"decide then evolve: {first_difference(state, shadow, 'state')}")
            if hint is not None and hint[1] != game.legal(state, hint[0]):
                ctx.fail("replay", f"advance after seat {seat} {command!r} hands back other legal commands for "
                                   f"seat {hint[0]} than legal() lists")
            ctx.step += 1
        self.finished(state, status)

    def advance(self, shadow: Any, seat: int, command: Any, hint: Any) -> tuple[Any, Any]:
        """The same command by ``engine.core.advance`` on the shadow state, with the legal commands
        the previous advance handed back when they are this seat's: the same events as ``decide``."""
        ctx = self.ctx
        allowed = hint[1] if hint is not None and hint[0] == seat else None
        done = ctx.call("progress", "advance", advance, self.game, shadow, seat, command, ctx.rng(ctx.position),
                        allowed)
        diff = first_difference(self.steps[-1].emitted, done.emitted, "events")
        if diff:
            ctx.fail("replay", f"advance (in place) of seat {seat} {command!r} gives other events than decide: {diff}")
        ctx.ok("replay")
        return done.state, done.legal

    def pick(self, commands: list[Any]) -> Any:
        """The bot's choice: uniform, except that agreements (draw offers) come up only once in
        AGREEMENT_ODDS choices, so that random games are played out rather than agreed drawn."""
        usual = [c for c in commands if tag_of(c) not in AGREEMENT_KINDS]
        if usual and len(usual) < len(commands) and self.bot.randrange(AGREEMENT_ODDS):
            return self.bot.choice(usual)
        return self.bot.choice(commands)

    def setup(self) -> list[Emitted]:
        ctx, game, config = self.ctx, self.game, self.ctx.config
        opening = ctx.call("progress", "setup", game.setup, config, ctx.rng(0))
        check_emitted(ctx, opening, "setup")
        self.opening = opening  # kept at once: a failure below still saves them in the log
        self.opening_encoded = msgspec.msgpack.encode(opening)
        again = ctx.call("purity", "setup", game.setup, config, ctx.rng(0))
        diff = first_difference(opening, again, "setup")
        if diff:
            ctx.fail("purity", f"setup gives other events with the same seed: {diff}")
        ctx.ok("purity")
        other = ctx.call("progress", "setup", game.setup, config, ctx.alt_rng(0))
        check_emitted(ctx, other, "setup")
        initial = ctx.call("progress", "initial", game.initial, config)
        for s in ctx.observers:
            judge_streams(ctx, s, opening, other, initial, initial, "set-up with another seed",
                          "the set-up decided with another seed gives another redacted form", 0)
        ctx.ok("leak")
        wire_emitted(ctx, opening)
        return opening

    def progress(self, state: Any, status: Any) -> dict[int, list]:
        """No dead end, an end; returns every seat's legal commands."""
        ctx = self.ctx
        if ctx.step >= ctx.game.info.max_steps:
            ctx.fail("progress", f"the game is still running after {ctx.step} commands "
                                 f"(info.max_steps = {ctx.game.info.max_steps})")
        if not status.to_act:
            ctx.fail("progress", "dead end: the game is not over and no seat is to act")
        legal = {x: list(ctx.call("progress", f"legal(state, {x})", self.game.legal, state, x)) for x in ctx.seats}
        for x in status.to_act:
            if x not in legal:
                ctx.fail("progress", f"status names seat {x} to act, which is not a seat of this game")
            if not legal[x]:
                ctx.fail("progress", f"dead end: seat {x} is to act but has no legal command")
        for commands in legal.values():
            for c in commands:
                fuzz.strings_in(c, ctx.strings)
        ctx.ok("progress")
        return legal

    def decide(self, state: Any, seat: int, command: Any, digest: str) -> list[Emitted]:
        """The bot's command: accepted, and the same events again and on a copy of the state."""
        ctx, game = self.ctx, self.game
        emitted = decide_accepted(ctx, state, seat, command, digest, "listed by legal() and chosen by the bot")
        again = ctx.call("progress", "decide", game.decide, state, seat, command, ctx.rng(ctx.position))
        copied = ctx.call("progress", "decide", game.decide, copy_state(game, state), seat, command,
                          ctx.rng(ctx.position))
        for other, how in ((again, "decided twice"), (copied, "decided on a copy of the state")):
            diff = first_difference(emitted, other, "events")
            if diff:
                ctx.fail("purity", f"seat {seat} {command!r} {how} gives other events: {diff}")
        ctx.ok("purity")
        return emitted

    def deep(self, state: Any, status: Any, legal: dict[int, list], digest: str) -> dict:
        """Every legal command of every seat, the secret-command leak check, fuzzing, view wire."""
        ctx, game = self.ctx, self.game
        samples = observe(ctx, state, status, legal, ctx.observers, ctx.plan.samples, digest)
        for x in ctx.seats:
            if x not in status.to_act and legal[x]:
                ctx.fail("legal", f"seat {x} is not to act, yet legal() lists {legal[x][0]!r}")
        for t in status.to_act:
            outcomes = []
            for c in legal[t]:
                emitted = decide_accepted(ctx, state, t, c, digest, "listed by legal()")
                after = evolve_all(ctx, copy_state(game, state), emitted, f"seat {t} {c!r}")
                ctx.call("progress", f"status after seat {t} {c!r}", game.status, after)
                wire_roundtrip(ctx, "command", c)
                wire_emitted(ctx, emitted)
                outcomes.append((c, emitted, after))
            check_secret_commands(ctx, t, outcomes)
        self.fuzz(state, status.to_act, legal, digest, samples)
        self.branch(state, digest)
        for s in ctx.observers:
            wire_roundtrip(ctx, "view", game.view(state, s))
        return samples

    def branch(self, state: Any, digest: str) -> None:
        """A short random continuation from a determinization of one seat's information set: what
        the search bots' rollouts play (``search/mcts.py``). A state a seat cannot tell from the real
        one is played on by the search, so every command ``legal`` lists there must be decided and
        applied without a crash; and playing on it leaves the real state alone. (A determinization
        may contradict what the seat could infer from the play so far, and reach a seat with no
        legal command: the branch stops there, as a rollout does.) Random games alone reach few of the
        positions rollouts reach: this found a battle that crashed when the war ended inside it."""
        ctx, game = self.ctx, self.game
        seat = ctx.rnd.choice(ctx.seats)
        where = f"a branch from seat {seat}'s determinization"
        world = ctx.call("progress", f"sample_hidden(state, {seat})", game.sample_hidden, state, seat,
                         ctx.sample_rng())
        for n in range(ctx.plan.branch):
            st = ctx.call("progress", f"status in {where}", game.status, world)
            if st.over:
                break
            if not st.to_act:
                break
            t = ctx.rnd.choice(sorted(st.to_act))
            options = ctx.call("progress", f"legal in {where}", game.legal, world, t)
            if not options:
                # A determinization keeps what the seat sees, not what it could infer: Roma's
                # Scaenicus copying an Architectus the real hand can follow with a building, a hand
                # drawn without one cannot. The search treats such a world as a leaf.
                break
            c = self.pick(options)
            try:
                emitted = game.decide(world, t, c, ctx.alt_rng(ctx.position * 64 + n))
            except RuleError as exc:
                ctx.fail("legal", f"{where}, {n} commands in: legal() lists seat {t} {c!r} and decide rejects "
                                  f"it: {exc.code}: {exc.message}")
            except Exception as exc:  # noqa: BLE001 - every crash is a finding
                ctx.fail("progress", f"decide(seat {t}, {c!r}) in {where}, {n} commands in, crashed: "
                                     f"{type(exc).__name__}: {exc}{crash_site(exc)}")
            for e in emitted:
                world = ctx.call("progress", f"evolve({type(e.event).__name__}) in {where}", game.evolve,
                                 world, e.event)
        if state_digest(state) != digest:
            ctx.fail("purity", f"playing on {where} changed the real state")
        ctx.ok("progress")
        ctx.ok("purity")

    def fuzz(self, state: Any, to_act: tuple, legal: dict[int, list], digest: str, samples: dict) -> None:
        """Unlisted commands are rejected, typed, without change, and alike on the seat's samples."""
        ctx = self.ctx
        pool = sorted(ctx.strings)
        acting = sorted(to_act)
        listed = [(t, c) for t in acting for c in legal[t]]
        tries: list[tuple[int, Any, str]] = []
        for t, c in listed:
            tries += [(t, m, f"mutation ({label}) of {c!r}") for label, m in fuzz.mutations(c, pool, ctx.rnd)]
        for x in [-1, *ctx.seats, len(ctx.seats)]:
            if x not in to_act:
                tries += [(x, c, f"a command of seat {t} sent by seat {x}") for t, c in listed]
        tries = ctx.rnd.sample(tries, min(ctx.plan.fuzz, len(tries)))
        seat = ctx.rnd.choice(acting)
        tries += [(seat, g, label) for label, g in fuzz.garbage()]
        tries += [(seat, f, "a command of another game") for f in self.foreign]
        for x, command, label in tries:
            if x in legal and any(command == c and type(command) is type(c) for c in legal[x]):
                continue
            error = decide_rejected(ctx, state, x, command, label, digest)
            for sample in samples.get(x, [])[:1]:
                self.rejected_alike(sample, x, command, label, error)

    def rejected_alike(self, sample: Any, seat: int, command: Any, label: str, error: RuleError) -> None:
        ctx = self.ctx
        try:
            ctx.game.decide(sample, seat, command, ctx.rng(ctx.position))
        except RuleError as exc:
            if (exc.code, exc.message) != (error.code, error.message):
                ctx.fail("leak", f"{label}: the rejection seat {seat} receives differs on a state it cannot tell "
                                 f"from the real one: {error.code}: {error.message!r} != {exc.code}: {exc.message!r}")
            ctx.ok("leak")
            return
        except Exception as exc:  # noqa: BLE001
            ctx.fail("leak", f"{label}: decide crashed on a state sample_hidden returned: {type(exc).__name__}: {exc}")
        ctx.fail("leak", f"{label}: rejected on the real state but accepted on a state seat {seat} cannot tell from it")

    def finished(self, state: Any, status: Any) -> None:
        ctx, game = self.ctx, self.game
        result = status.result
        if result is None:
            ctx.fail("progress", "the game is over but status has no result")
        if not all(w in ctx.seats for w in result.winners):
            ctx.fail("progress", f"the winners {result.winners} are not seats of this game")
        digest = state_digest(state)
        legal = {x: list(ctx.call("progress", f"legal({x})", game.legal, state, x)) for x in ctx.seats}
        for x, commands in legal.items():
            if commands:
                ctx.fail("legal", f"the game is over, yet legal() lists {commands[0]!r} for seat {x}")
        for x, command in self.sent[-8:]:
            decide_rejected(ctx, state, x, command, "a command after the end of the game", digest)
        if ctx.game.info.hidden_information:
            observe(ctx, state, status, legal, ctx.observers, ctx.plan.samples, digest)
            if not ctx.sample_changed:
                ctx.fail("leak", "sample_hidden never changed the state in this game, yet the game declares "
                                 "hidden information: the leak checks test nothing")
        for s in ctx.observers:
            wire_roundtrip(ctx, "view", game.view(state, s))
        ctx.ok("progress")

    # ---- after the game ----------------------------------------------------
    def check_replay(self) -> None:
        ctx, game = self.ctx, self.game
        final = self.after[-1]
        # the whole log, compared after every command
        state = ctx.call("replay", "initial", game.initial, ctx.config)
        for k, events in enumerate([self.opening] + [s.emitted for s in self.steps]):
            for e in events:
                state = ctx.call("replay", "evolve on replay", game.evolve, state, e.event)
            if encode_state(state) != self.after[k]:
                live = decode_state(game, self.after[k])
                where = "the set-up" if k == 0 else f"command {k} (seat {self.steps[k - 1].seat})"
                ctx.fail("replay", f"replaying the log gives another state after {where}: "
                                   f"{first_difference(live, state, 'state')} (live != replayed); is evolve random "
                                   f"or does it read something other than the state and the event?",
                         self.steps[k - 1].position if k else 0)
        ctx.ok("replay")
        # events are not rewritten after they were decided
        if msgspec.msgpack.encode(self.opening) != self.opening_encoded:
            ctx.fail("replay", "a set-up event changed after setup returned it (it shares a list with the state?)")
        for k, step in enumerate(self.steps):
            if msgspec.msgpack.encode(step.emitted) != step.encoded:
                ctx.fail("replay", f"an event of command {k + 1} changed after decide returned it: it shares a "
                                   f"mutable value with the state, which a later evolve changed", step.position)
        ctx.ok("replay")
        self.check_snapshots(final)
        self.check_redecide()
        if ctx.wire is not None:
            from server.log import verify

            verdict = verify(self.export())
            if not verdict.ok:
                ctx.fail("replay", f"the exported log does not verify: {verdict.describe()}",
                         max(verdict.first_bad_seq, 0))
            ctx.ok("replay")

    def check_snapshots(self, final: bytes) -> None:
        ctx, game = self.ctx, self.game
        events = [e.event for e in self.opening] + [e.event for s in self.steps for e in s.emitted]
        snaps = self.snapshots
        if len(snaps) > ctx.plan.restores:
            snaps = [snaps[round(i * (len(snaps) - 1) / (ctx.plan.restores - 1))] for i in range(ctx.plan.restores)]
        live = decode_state(game, final)
        for position, data in snaps:
            state = ctx.call("replay", f"decode_state of the snapshot at {position}", decode_state, game, data)
            for e in events[position:]:
                state = ctx.call("replay", "evolve after a snapshot", game.evolve, state, e)
            if encode_state(state) != final:
                ctx.fail("replay", f"the snapshot at event {position} + its tail gives another final state: "
                                   f"{first_difference(live, state, 'state')}", position)
            for what, fn, args in [("status", game.status, ())] + \
                    [(f"view({s})", game.view, (s,)) for s in ctx.observers] + \
                    [(f"legal({x})", game.legal, (x,)) for x in ctx.seats]:
                a = ctx.call("replay", what, fn, decode_state(game, final), *args)
                b = ctx.call("replay", f"{what} after a restore", fn, state, *args)
                diff = first_difference(a, b, what)
                if diff:
                    ctx.fail("replay", f"restored from the snapshot at event {position}, {what} differs: {diff}",
                             position)
            ctx.ok("replay")

    def check_redecide(self) -> None:
        """The revealed seed and the recorded commands give the same events."""
        ctx, game = self.ctx, self.game
        opening = ctx.call("replay", "setup", game.setup, ctx.config, ctx.rng(0))
        if opening != self.opening:
            ctx.fail("replay", f"set-up again gives other events: {first_difference(self.opening, opening, 'setup')}")
        state = ctx.call("replay", "initial", game.initial, ctx.config)
        for e in opening:
            state = ctx.call("replay", "evolve on re-deciding", game.evolve, state, e.event)
        for k, step in enumerate(self.steps):
            try:
                emitted = game.decide(state, step.seat, step.command, ctx.rng(step.position))
            except Exception as exc:  # noqa: BLE001
                ctx.fail("replay", f"re-running decide over the recorded commands: command {k + 1} (seat "
                                   f"{step.seat} {step.command!r}) is now refused: {exc}", step.position)
            diff = first_difference(step.emitted, emitted, "events")
            if diff:
                ctx.fail("replay", f"re-running decide over the recorded commands gives other events for command "
                                   f"{k + 1} (seat {step.seat} {step.command!r}): {diff}", step.position)
            for e in emitted:
                state = ctx.call("replay", "evolve on re-deciding", game.evolve, state, e.event)
        ctx.ok("replay")

    # ---- the log ------------------------------------------------------------
    def export(self) -> bytes:
        """The game as the server records it (server/host.py), the seed revealed at the end."""
        from carthago.v1 import carthago_pb2 as pb
        from server.log import Chain, export_bytes, seats_claimed, version_of

        ctx, info = self.ctx, self.game.info
        seed, ms = ctx.seed_bytes, 1_700_000_000_000
        game_id = f"{info.id}-conformance-{ctx.seed}"
        chain = Chain(game_id, seed, 0, bytes(32))
        records = [chain.platform(pb.PlatformEvent(game_created=pb.GameCreated(
            game_id=game_id, game_type=info.id, players=ctx.config.players, options=ctx.config.options,
            seed_commitment=hashlib.sha256(seed).hexdigest(), engine_version=version_of(self.game),
            game_version=info.version)), ms)]
        records += chain.game_events(ctx.wire, self.opening, 0, -1, None, "", ms)
        records += seats_claimed(chain, ctx.config.players, "conformance seat", ms)
        for k, step in enumerate(self.steps):
            records += chain.game_events(ctx.wire, step.emitted, step.position, step.seat, step.command,
                                         f"conformance-{k + 1}", ms + 1000 * (k + 1))
        records.append(chain.platform(pb.PlatformEvent(seed_revealed=pb.SeedRevealed(seed=seed)),
                                      ms + 1000 * (len(self.steps) + 1)))
        return export_bytes([r for r, _ in records])

    def log_file(self) -> tuple[bytes, str]:
        """The failing game's log: an export file if the wire allows, else JSON lines."""
        if self.ctx.wire is not None:
            try:
                return self.export(), "export"
            except Exception:  # noqa: BLE001 - a broken wire: fall back to JSON
                pass
        ctx = self.ctx
        try:
            lines = [msgspec.json.encode({"game": self.game.info.id, "players": ctx.config.players,
                                          "options": ctx.config.options, "seed": ctx.seed,
                                          "game_seed": ctx.seed_bytes.decode(), "setup": self.opening})]
            for step in self.steps:
                lines.append(msgspec.json.encode({"seat": step.seat, "command": step.command,
                                                  "events": step.emitted}))
        except Exception:  # noqa: BLE001 - an unencodable event: nothing to save
            return b"", ""
        return b"\n".join(lines) + b"\n", "jsonl"
