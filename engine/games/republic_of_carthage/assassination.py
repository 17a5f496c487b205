"""V.7, Assassinats (and the optional rule X): a faction's senator in Carthage tries to kill a senator
of another faction in Carthage, between two items of the Senate's business (R76).

The windows: a ``plots`` round, clockwise from the presiding officer, opens the Senate phase and
comes again before each choice of other business; it asks only the factions that may still make an
attempt this turn (each faction makes at most one and is the target of at most one, V.7), so who is
asked is public. A player may attempt, pass this time, or say he makes no attempt this turn.

An attempt: the assassin, then the target; the attacking player may play Assassin cards (+1 each),
then the target's player Secret Escort cards (−1 each, and one more capture roll each, R77). Each
window waits for its player whenever his hand holds a card, whatever it is (``done`` is legal), so nobody
learns who holds what; an empty hand, whose size is public and which holds nothing that could answer,
is not asked (R134, R160).

V.7: one die, read on the Assassination table (5+ killed, 3–4 nothing, 2− captured). A captured
assassin dies; his Faction Leader loses 5 Influence and stands an immediate major trial presided by
the Censor (the SPHR if the office is vacant), in which his Appeal to the People subtracts the
victim's Popularity; convicted, he dies and as many Mortality chits as the victim's Popularity are
drawn against his faction's senators in Carthage (R23).

Rule X (game option ``assassination=optional``): a coloured die kills on 5–6, a white die catches on
1–3 (R22); a caught assassin dies and every senator of his faction loses 5 Influence and 1
Popularity; no trial.
"""

from __future__ import annotations

from . import commands as cmd
from . import components as C
from . import effects as fx
from . import events as ev
from .cards import window_legal
from .counter import play
from .deaths import kill, mortality
from .events import Frame
from .flow import Ctx, automatic, decision
from .forces import modifier, use_one_roll_modifiers
from .people import clockwise, in_carthage, order_key, present_of, senators_of
from .presiding import presiding_seat
from .state import State
from .votes import propose

RULE_X = "option:assassination_x"  # counter set at the start by the game option (``options.py``)
X_KILLS = 5        # X.1: the coloured die kills on 5 or 6
X_CATCHES = 3      # X.1 and R22: the white die catches on 1 to 3
X_LOSS = (5, 1)    # X.2: Influence and Popularity every senator of a caught assassin's faction loses
LEADER_LOSS = 5    # V.7: the Influence a captured assassin's Faction Leader loses


# -- who may -----------------------------------------------------------------------------------------
def _present(s: State, seat: int) -> list[str]:
    return [x.id for x in present_of(s, seat)]


def targets(s: State, seat: int) -> list[str]:
    """V.7: senators in Carthage of the other factions that no attempt has aimed at this turn."""
    return sorted((x.id for x in s.senators.values()
                   if x.seat >= 0 and x.seat != seat and in_carthage(s, x.id)
                   and not s.counters.get(f"assassination_at:{x.seat}:turn")), key=order_key)


def may_plot(s: State, seat: int) -> bool:
    """A faction with a senator in Carthage that has made no attempt this turn, has not said it will
    make none, and has somebody to aim at."""
    return bool(not s.counters.get(f"assassination_by:{seat}:turn") and not s.counters.get(f"no_plot:{seat}:turn")
                and _present(s, seat) and targets(s, seat))


@automatic("plots", keeps_frame=True)
def _plots(ctx: Ctx, f: Frame) -> None:
    """R76: a round of possible attempts, clockwise from the presiding officer."""
    ctx.pop()
    s = ctx.s
    ctx.then(*[Frame(kind="plot", seat=x) for x in clockwise(s, presiding_seat(s)) if may_plot(s, x)])


@decision("plot", "attempt an assassination now, pass this time, or make no attempt this turn (V.7)")
class Plot:
    @staticmethod
    def legal(s: State, f: Frame):
        if not may_plot(s, f.seat):
            return []
        return [cmd.ChooseOption(option=x) for x in ("assassinate", "pass", "no_attempt")]

    @staticmethod
    def act(ctx: Ctx, f: Frame, c) -> None:
        ctx.done(f)
        if c.option == "no_attempt":
            ctx.emit(ev.CountersSet(name=f"no_plot:{f.seat}:turn", value=1))
        elif c.option == "assassinate":
            ctx.push(Frame(kind="assassin", seat=f.seat))


@decision("assassin", "the assassin: one of your senators in Carthage (V.7)")
class Assassin:
    @staticmethod
    def legal(s: State, f: Frame):
        return [cmd.ChooseSenator(senator=x) for x in _present(s, f.seat)]

    @staticmethod
    def act(ctx: Ctx, f: Frame, c) -> None:
        ctx.done(f)
        ctx.push(Frame(kind="victim", seat=f.seat, senator=c.senator))


@decision("victim", "the target: a senator of another faction in Carthage, whose faction no attempt has aimed at "
                    "this turn (V.7)")
class Victim:
    @staticmethod
    def legal(s: State, f: Frame):
        return [cmd.ChooseSenator(senator=x) for x in targets(s, f.seat)]

    @staticmethod
    def act(ctx: Ctx, f: Frame, c) -> None:
        ctx.done(f)
        s = ctx.s
        other = s.senators[c.senator].seat
        ctx.emit(ev.AssassinationAttempted(seat=f.seat, assassin=f.senator, target=c.senator))
        ctx.emit(ev.CountersSet(name=f"assassination_by:{f.seat}:turn", value=1))
        ctx.emit(ev.CountersSet(name=f"assassination_at:{other}:turn", value=1))
        ctx.then(Frame(kind="assassin_cards", seat=f.seat, senator=f.senator, target=c.senator),
                 Frame(kind="escort_cards", seat=other, senator=f.senator, target=c.senator),
                 Frame(kind="assassinate", seat=-1, senator=f.senator, target=c.senator, nums=[f.seat, 0]))


def _escort(card: str) -> bool:
    return any(isinstance(e, fx.ExtraCaptureRoll) for e in C.CARDS[card].effects)


def _cards(s: State, seat: int, escort: bool) -> list[cmd.PlayCard]:
    return [cmd.PlayCard(card=x, senator="") for x in sorted(set(s.hands[seat]))
            if C.card_kind(x) == "intrigue" and C.CARDS[x].timing == "assassination" and _escort(x) == escort]


@decision("assassin_cards", "play an Assassin card on your attempt (+1), or done (V.7, X.4)")
class AssassinCards:
    @staticmethod
    def legal(s: State, f: Frame):
        return window_legal(s, f.seat, _cards(s, f.seat, False))  # R160: an empty hand is not asked

    @staticmethod
    def act(ctx: Ctx, f: Frame, c) -> None:
        if isinstance(c, cmd.ChooseOption):
            ctx.done(f)
            return
        play(ctx, f.seat, c.card, "")


@decision("escort_cards", "play a Secret Escort card for your senator (−1, one more capture roll), or done "
                          "(V.7, X.3)")
class EscortCards:
    @staticmethod
    def legal(s: State, f: Frame):
        return window_legal(s, f.seat, _cards(s, f.seat, True))  # R160: an empty hand is not asked

    @staticmethod
    def act(ctx: Ctx, f: Frame, c) -> None:
        if isinstance(c, cmd.ChooseOption):
            ctx.done(f)
            return
        play(ctx, f.seat, c.card, "")  # its effects count the extra capture roll (counter.py)


# -- the dice ---------------------------------------------------------------------------------------
def _killed_on_x(total: int) -> str:
    return "killed" if total >= X_KILLS else "nothing"


def _caught_on_x(total: int) -> str:
    return "captured" if total <= X_CATCHES else "escaped"


def _caught_on_table(total: int) -> str:
    return "captured" if C.assassination(total) == "captured" else "escaped"


@automatic("assassinate")
def _assassinate(ctx: Ctx, f: Frame) -> None:
    """V.7 (or X): the dice, with the cards played and every modifier in force (Bad Omens …)."""
    ctx.pop()
    s = ctx.s
    seat, escorts = f.nums
    assassin, target = f.senator, f.target
    mod = modifier(s, ("assassination",))
    use_one_roll_modifiers(ctx, ("assassination",))
    victim_popularity = max(0, s.senators[target].popularity)
    if s.counters.get(RULE_X):
        _, killed, _ = ctx.roll(seat, "assassination", 1, mod, _killed_on_x)
        _, caught, _ = ctx.roll(seat, "assassination_capture", 1, mod, _caught_on_x)
        judge = _caught_on_x
    else:
        _, killed, _ = ctx.roll(seat, "assassination", 1, mod, C.assassination)
        caught = "captured" if killed == "captured" else "escaped"
        judge = _caught_on_table
    for _ in range(escorts):  # the Secret Escorts' extra capture rolls (R77)
        if caught == "captured":
            break
        _, caught, _ = ctx.roll(seat, "assassination_capture", 1, mod, judge)
    if killed == "killed":
        kill(ctx, target, "assassination")
    if caught != "captured":
        return
    leader = s.leaders[seat]
    if assassin in s.senators and s.senators[assassin].face_up:
        kill(ctx, assassin, "assassin_captured")
    if s.counters.get(RULE_X):
        for x in senators_of(s, seat):
            ctx.emit(ev.SenatorChanged(senator=x.id, influence=-X_LOSS[0], popularity=-X_LOSS[1], merchants=0,
                                       reason="assassin_captured"))
        return
    if not leader or leader == assassin or leader not in s.senators or s.senators[leader].seat != seat:
        return  # the assassin was the Faction Leader himself (or the faction has none): no trial
    ctx.emit(ev.SenatorChanged(senator=leader, influence=-LEADER_LOSS, popularity=0, merchants=0,
                               reason="assassin_captured"))
    if not leader.isdigit():  # a major trial: a statesman may go into exile first (V.5, 3; R30, R141)
        ctx.push(Frame(kind="exile", seat=seat, senator=leader, target="assassin", count=victim_popularity))
        return
    assassin_trial(ctx, seat, leader, victim_popularity)


def assassin_trial(ctx: Ctx, seat: int, leader: str, victim_popularity: int) -> None:
    """V.7, Assassins capturés: an immediate major trial of the Faction Leader, presided by the Censor
    (the SPHR if the office is vacant), with no Judge; the proposal's amount is the victim's
    Popularity (subtracted from the Appeal, and the chits drawn if he is convicted)."""
    s = ctx.s
    censor = s.offices.get("censor", "")
    ps = s.senators[censor].seat if censor and s.senators[censor].seat >= 0 else presiding_seat(s)
    propose(ctx, "trial", (leader, ""), target="assassin", amount=victim_popularity,
            bonus=(seat, s.senators[leader].influence), ps=ps)


def assassin_convicted(ctx: Ctx, leader: str, victim_popularity: int) -> None:
    """V.7 and R23: the convicted Faction Leader dies; then as many chits as the victim's Popularity
    are drawn, killing the senators of his faction in Carthage whose numbers come up."""
    s = ctx.s
    seat = s.senators[leader].seat
    kill(ctx, leader, "trial")
    among = {x.id for x in senators_of(s, seat) if in_carthage(s, x.id)}
    if victim_popularity and among:
        mortality(ctx, victim_popularity, "assassin_trial", among)
