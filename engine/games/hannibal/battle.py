"""Battles (§14, §16-§18): preparation (command swap, battle events, the elephant charge, the
deal), rounds of attack and match with counter-attacks and withdrawals (§16), losses on the
attrition and retreat tables, neutralized generals and the political consequences. The retreat of
the beaten side is its own module (``retreat``, §15).

The frames of one battle, pushed together and run top first: ``battle_swap`` (§18.2), ``battle_events``
for the attacker then the defender (§14.5 steps 2-3), ``elephant_charge`` (step 4), ``battle_deal``
(step 5), ``battle_loop`` (the rounds, §14.6), ``battle_after`` (losses, retreat, PCs). The deal's
``nums`` are the battle-card adjustments decided before it, per side: first those applied after the
20-card limit, then (entries 2-3) those counted before it (§14.1); its ``flags`` the ally groups
cancelled by cards 31-32.
"""

from __future__ import annotations

from . import board as B
from . import events as ev
from .campaign import campaign_spend_sortie, campaign_spent_at, campaign_spent_gone
from .cards import counters_for, play_counter, spy_reveal
from .command import ask_consul_command, consuls_apart, consuls_meet
from .commands import ChooseNumber, ChooseOption, ChooseSpace, Pass, PlayBattleCard, PlayCounter
from .components import (BATTLE_CARD_TYPES, BATTLE_DECK, ExtraBattleCards, PROVINCES, ProbeAs,
                         RetreatLossReduction, SPACES, STRATEGY_CARDS, TABLES, battle_losses, link_between,
                         neighbours, province_of, retreat_losses)
from .events import Frame
from .flow import Ctx, automatic, decision, entry
from .forces import catch_lone_generals, lose_cu, lose_pcs, neutralize_all
from .siege_train import lose_siege_train, move_siege_train, siege_train_at
from .state import CARTHAGE, OVER, ROME, State, other


MANOEUVRES = ("frontal_assault", "flank_left", "flank_right", "probe", "double_envelopment")
MAHARBAL = next(n for n, c in STRATEGY_CARDS.items() if c.kind == "maharbal")  # card 6, a battle card (§25)


@entry("battle")
def start_battle(ctx: Ctx, attacker: int, space: str, *, origin: str, army: Frame | None = None,
                 failed_avoid: bool = False, interceptors: list[str] | tuple[str, ...] = (),
                 sortie_from_inside: bool = False) -> None:
    """Push the frames of a battle in ``space`` that ``attacker`` starts (§14.5)."""
    s = ctx.s
    d = other(attacker)
    inside = [False, False]
    if sortie_from_inside:
        inside[attacker] = True
    relief = (not sortie_from_inside and B.besieged(s, space) and B.friendly_pc(s, attacker, space)
              and B.cu_inside(s, attacker, space) > 0)
    nums = [0, 0, 0, 0]  # per side: adjustments after the 20-card limit, then entries counted before it
    if interceptors:
        nums[2 + d] += TABLES.battle_card_allotment.successful_interception
        # §24: an ability serves only its commander-in-chief (Mago's ambush, reconstructed)
        chief = B.commander(s, d, space, False)
        eff = B.effect(chief) if chief in interceptors else None
        if isinstance(eff, ExtraBattleCards) and eff.when == "intercepted_successfully":
            nums[2 + d] += eff.amount
    if failed_avoid:
        nums[2 + d] += TABLES.battle_card_allotment.failed_avoid
    # §18.2: a relief battle may free a besieged consul to stand with the other (G60)
    ctx.push(Frame(kind="battle_after", space=space, origin=origin,
                   flags=["consuls_apart"] if consuls_apart(s, space) else []),
             Frame(kind="battle_loop", space=space),
             Frame(kind="battle_deal", space=space, nums=nums),
             Frame(kind="battle_begin", space=space, origin=origin, seat=-1, count=attacker,
                   flags=(["inside_attacker"] if sortie_from_inside else []) + (["relief"] if relief else [])))
    if relief:
        ctx.push(Frame(kind="relief_sortie", seat=attacker, space=space))


@decision("relief_sortie", "let the besieged CU sortie and join the relief army's battle (§20.7)?")
class ReliefSortie:
    @staticmethod
    def legal(s: State, f: Frame) -> list:
        return [ChooseOption(option="sortie"), Pass()]

    @staticmethod
    def act(ctx: Ctx, f: Frame, cmd) -> None:
        ctx.done(f)
        if isinstance(cmd, Pass):
            ctx.top.flags.remove("relief")
        else:
            campaign_spend_sortie(ctx.s, f.seat, f.space)  # §10.11: the sortie fights too


def fighting_cu(s: State, side: int, space: str) -> tuple[int, int]:
    """CU and elephant CU of ``side`` taking part in the battle."""
    b = s.battle
    u = B.cu_of(s, side, space)
    if b.inside[side]:
        return u.icu, u.iel
    if b.relief and side == b.orig_attacker:
        return u.cu + u.icu, u.el + u.iel
    return u.cu, u.el


def moving_force(s: State, side: int, space: str) -> tuple[int, int]:
    """CU and elephant CU of ``side`` that leave the battle space in a retreat or withdrawal: a
    relief army leaves without the garrison that sortied, which goes back inside (§20.7, §15.4)."""
    b = s.battle
    if b.relief and side == b.orig_attacker:
        u = B.cu_of(s, side, space)
        return u.cu, u.el
    return fighting_cu(s, side, space)


def moving_generals(s: State, side: int) -> list[str]:
    """The generals who leave with :func:`moving_force` (a sortie's generals stay inside, §20.7)."""
    b = s.battle
    return B.generals_at(s, side, b.space, b.inside[side])


def fighting_commander(s: State, side: int, space: str, inside: bool, relief: bool) -> str:
    gens = B.generals_at(s, side, space, inside)
    if relief:
        gens += B.generals_at(s, side, space, True)  # a general inside who outranks commands (§20.7)
    if not gens:
        return ""
    return max(gens, key=lambda g: (B.rank(s, g), s.gens[g].stamp, g))


@automatic("battle_begin")
def battle_begin(ctx: Ctx, f: Frame) -> None:
    ctx.done(f)
    s = ctx.s
    a = f.count
    d = other(a)
    inside_a = "inside_attacker" in f.flags
    relief = "relief" in f.flags
    ca = fighting_commander(s, a, f.space, inside_a, relief)
    cd = fighting_commander(s, d, f.space, False, False)
    ua, ud = B.cu_of(s, a, f.space), B.cu_of(s, d, f.space)
    cu_a = ua.icu if inside_a else (ua.cu + (ua.icu if relief else 0))
    ctx.emit(ev.BattleBegan(space=f.space, attacker=a, origin=f.origin, generals=(ca, cd), cu=(cu_a, ud.cu),
                            inside=(inside_a, False), relief=relief))
    deal = ctx.find("battle_deal")
    pushed = []
    if s.hands[d]:
        pushed.append(Frame(kind="battle_events", seat=d, space=f.space))
    if s.hands[a]:
        pushed.append(Frame(kind="battle_events", seat=a, space=f.space))
    if elephants_in_battle(s) and deal is not None:
        ctx.push(Frame(kind="elephant_charge", seat=CARTHAGE, space=f.space))
    ctx.push(*pushed)
    # §18.2: both consuls in one army: Carthage may roll when Rome attacks, must when it defends.
    rome_cmd = s.battle.commanders[ROME]
    consuls = [g for g in B.generals_at(s, ROME, f.space, s.battle.inside[ROME]) if s.gens[g].office == "consul"]
    if len(consuls) == 2 and rome_cmd in consuls:
        if a == ROME:
            ctx.push(Frame(kind="command_swap", seat=CARTHAGE, space=f.space))
        else:
            command_swap(ctx)


def command_swap(ctx: Ctx) -> None:
    s = ctx.s
    b = s.battle
    _, res = ctx.die(CARTHAGE, "command_swap", 0,
                     lambda r: "swap" if r >= TABLES.command_swap.swap_min_roll else "no change")
    if res == "swap":
        consuls = [g for g in B.generals_at(s, ROME, b.space, b.inside[ROME]) if s.gens[g].office == "consul"]
        new = next(g for g in consuls if g != b.commanders[ROME])
        ctx.emit(ev.CommandTaken(general=new))  # evolve makes him the battle's Roman commander


@decision("command_swap", "Carthage: roll for the consuls' command swap (§18.2), or not")
class CommandSwap:
    @staticmethod
    def legal(s: State, f: Frame) -> list:
        return [ChooseOption(option="roll"), Pass()]

    @staticmethod
    def act(ctx: Ctx, f: Frame, cmd) -> None:
        ctx.done(f)
        if isinstance(cmd, ChooseOption):
            command_swap(ctx)


def elephants_in_battle(s: State) -> int:
    b = s.battle
    return fighting_cu(s, CARTHAGE, b.space)[1]


@decision("battle_events", "declare a strategy card for this battle (§14.5 steps 2-3), or pass")
class BattleEvents:
    @staticmethod
    def legal(s: State, f: Frame) -> list:
        return [PlayCounter(card=c) for c in counters_for(s, f.seat, "battle_preparation")] + [Pass()]

    @staticmethod
    def act(ctx: Ctx, f: Frame, cmd) -> None:
        if isinstance(cmd, Pass):
            ctx.done(f)
            return
        play_counter(ctx, f.seat, cmd.card)


@decision("elephant_charge", "Carthage: declare an elephant charge (§17.3), or not")
class ElephantCharge:
    @staticmethod
    def legal(s: State, f: Frame) -> list:
        return [ChooseOption(option="charge"), Pass()]

    @staticmethod
    def act(ctx: Ctx, f: Frame, cmd) -> None:
        ctx.done(f)
        if isinstance(cmd, Pass):
            return
        ctx.push(Frame(kind="charge_roll", space=f.space))
        if ctx.s.hands[ROME]:
            ctx.push(Frame(kind="elephant_window", seat=ROME, space=f.space))


@decision("elephant_window", "Rome: answer the elephant charge with a counter-event (§14.5 step 4), or pass")
class ElephantWindow:
    @staticmethod
    def legal(s: State, f: Frame) -> list:
        return [PlayCounter(card=c) for c in counters_for(s, f.seat, "elephant_charge")] + [Pass()]

    @staticmethod
    def act(ctx: Ctx, f: Frame, cmd) -> None:
        ctx.done(f)
        if isinstance(cmd, PlayCounter):
            play_counter(ctx, f.seat, cmd.card)


@automatic("charge_roll")
def charge_roll(ctx: Ctx, f: Frame) -> None:
    """§17.3-§17.5: the charge succeeds on a roll above the Roman commander's battle rating (on
    anything but a 1 without a Roman general): Rome is dealt one card fewer per elephant CU; a 1
    costs Carthage one card."""
    ctx.done(f)
    s = ctx.s
    deal = ctx.find("battle_deal")
    if "panic" in deal.flags:
        return
    rc = s.battle.commanders[ROME]
    el = elephants_in_battle(s)
    rating = B.battle_rating(rc) if rc else 1
    roll, res = ctx.die(CARTHAGE, "elephant_charge", 0,
                        lambda r: "panic" if r == 1 else ("success" if r > rating else "failure"))
    if res == "success":
        deal.nums[ROME] -= el
    elif res == "panic":
        deal.nums[CARTHAGE] -= 1


def ally_cards(s: State, side: int, space: str, cancelled: list[str]) -> int:
    """§14.2-§14.3: one card per friendly province (two per Numidia) whose allies serve here: in
    their own province, anywhere in their country (Africa, Spain, Italy), islands only on their
    island; Rome at most 2 from Italy, Carthage at most 6; cards 31-32 cancel Spanish or
    Numidian allies."""
    here = province_of(space)
    total = italian = 0
    for p in PROVINCES.values():
        if p.ally_cards <= 0 or B.province_controller(s, p.id) != side:
            continue
        if side == ROME and p.id == "latium":
            continue  # §14.3
        if p.island is not None:
            ok = here.island == p.island
        else:
            ok = p.id == here.id or (p.country is not None and p.country == here.country)
        if not ok:
            continue
        if p.id in cancelled:
            continue
        if p.country == "italy":
            italian += p.ally_cards
        else:
            total += p.ally_cards
    cap = (TABLES.battle_card_allotment.roman_italian_allies_max if side == ROME
           else TABLES.battle_card_allotment.carthaginian_italian_allies_max)
    return total + min(italian, cap)


def battle_card_count(s: State, side: int, space: str, adjust: int, cancelled: list[str], before: int = 0) -> int:
    """§14.1: battle rating + CU + allies (with a general) + militia + friendly tribe + ``before``
    (interception, failed avoidance), capped at 20, then ``adjust`` (the elephant charge, cards
    42 and 59 before the deal)."""
    t = TABLES.battle_card_allotment
    b = s.battle
    cmd = b.commanders[side]
    cu, _ = fighting_cu(s, side, space)
    n = cu * t.per_cu
    if cmd:
        n += B.battle_rating(cmd) + ally_cards(s, side, space, cancelled)
        eff = B.effect(cmd)
        if isinstance(eff, ExtraBattleCards) and eff.when == "battle_in_country" and B.country(space) == eff.country:
            n += eff.amount
    if side == ROME and SPACES[space].province == "latium":
        n += t.latium_militia
    if space in s.tribes and s.tribes[space] == side:
        n += t.friendly_tribe
    return max(0, min(t.maximum, n + before) + adjust)


@automatic("battle_deal")
def battle_deal(ctx: Ctx, f: Frame) -> None:
    """§14.1, §14.5 step 5: the 48 battle cards are shuffled and dealt."""
    ctx.done(f)
    s = ctx.s
    b = s.battle
    counts = [battle_card_count(s, side, f.space, f.nums[side],
                                [x.split(":")[1] for x in f.flags if x.startswith("deny:") and x.endswith(f":{side}")],
                                f.nums[2 + side] if len(f.nums) > 2 else 0)
              for side in (ROME, CARTHAGE)]  # cards 31-32 deny the allies of the side named
    deck = ctx.rng.shuffled(BATTLE_DECK)
    for side in (b.attacker, other(b.attacker)):
        n = min(counts[side], len(deck))
        cards = tuple(sorted(deck[:n]))
        del deck[:n]
        ctx.emit_private(ev.BattleCardsDealt(seat=side, cards=cards), (side,),
                         ev.BattleCardsDealtRedacted(seat=side, count=len(cards)))
    if any(x.startswith("spy:") for x in f.flags):
        spy_reveal(ctx, f)


def hand_size(s: State, side: int) -> int:
    return sum(s.battle.hands[side].values())


def holds_maharbal(s: State, side: int) -> bool:
    return side == CARTHAGE and MAHARBAL in s.hands[CARTHAGE] and bool(s.battle.commanders[CARTHAGE])


@automatic("battle_loop")
def battle_loop(ctx: Ctx, f: Frame) -> None:
    s = ctx.s
    b = s.battle
    if "over" in f.flags:
        ctx.done(f)
        return
    if hand_size(s, b.attacker) == 0 and not holds_maharbal(s, b.attacker):
        ctx.emit(ev.BattleEnded(winner=other(b.attacker), rounds=b.rounds, how="no_cards", card=""))
        f.flags.append("over")
        ctx.done(f)
        return
    ctx.push(Frame(kind="battle_attack", seat=b.attacker, space=b.space))


def card_plays(s: State, side: int, as_types: tuple[str, ...]) -> list:
    """Ways to play a card standing for one of ``as_types`` (§14.7, §14.9, §26, card 6)."""
    b = s.battle
    hand = b.hands[side]
    out = []
    for t in as_types:
        if hand.get(t):
            out.append(PlayBattleCard(card=t, as_type=t))
    if hand.get("reserve"):
        out += [PlayBattleCard(card="reserve", as_type=t) for t in as_types]
    eff = B.effect(b.commanders[side])
    if hand.get("probe") and not b.probe_used and isinstance(eff, ProbeAs):
        out += [PlayBattleCard(card="probe", as_type=t) for t in as_types if t in eff.types]
    if holds_maharbal(s, side):
        out += [PlayBattleCard(card="maharbal", as_type=t) for t in as_types]
    return out


@decision("battle_attack", "play a battle card to attack, or try to withdraw (§14.6, §16)")
class BattleAttack:
    @staticmethod
    def legal(s: State, f: Frame) -> list:
        out = card_plays(s, f.seat, MANOEUVRES)
        if s.battle.commanders[f.seat] and withdraw_destinations(s, _withdraw_frame(s, f.seat)):
            out.append(ChooseOption(option="withdraw"))
        out += [PlayCounter(card=c) for c in counters_for(s, f.seat, "battle_round")]
        return out

    @staticmethod
    def act(ctx: Ctx, f: Frame, cmd) -> None:
        if _counter_or_done(ctx, f, cmd):
            return
        if isinstance(cmd, ChooseOption):
            withdraw_attempt(ctx, f.seat)
            return
        _card_played(ctx, f.seat, cmd, attacking=True)
        ctx.push(Frame(kind="battle_match", seat=other(f.seat), space=ctx.s.battle.space, origin=cmd.as_type))


def _counter_or_done(ctx: Ctx, f: Frame, cmd) -> bool:
    """A battle event played in the round (the round's decision stays pending), or else the
    round's decision is taken: its frame leaves the stack."""
    if isinstance(cmd, PlayCounter):
        play_counter(ctx, f.seat, cmd.card)
        return True
    ctx.done(f)
    return False


def _card_played(ctx: Ctx, seat: int, cmd: PlayBattleCard, attacking: bool) -> None:
    if cmd.card == "maharbal":  # card 6 played as a battle card
        ctx.emit(ev.CardPlayed(seat=seat, card=MAHARBAL, use="counter", removed=False))
    ctx.emit(ev.BattleCardPlayed(seat=seat, card=cmd.card, as_type=cmd.as_type, attacking=attacking))


@decision("battle_match", "match the attacker's battle card, or lose the battle (§14.6, §14.7)")
class BattleMatch:
    @staticmethod
    def legal(s: State, f: Frame) -> list:
        out = card_plays(s, f.seat, (f.origin,))
        out.append(ChooseOption(option="concede"))
        out += [PlayCounter(card=c) for c in counters_for(s, f.seat, "battle_round")]
        return out

    @staticmethod
    def act(ctx: Ctx, f: Frame, cmd) -> None:
        b = ctx.s.battle
        if _counter_or_done(ctx, f, cmd):
            return
        if isinstance(cmd, ChooseOption):
            ctx.emit(ev.BattleEnded(winner=other(f.seat), rounds=b.rounds, how="unmatched", card=f.origin))
            ctx.find("battle_loop").flags.append("over")
            return
        _card_played(ctx, f.seat, cmd, attacking=False)
        if BATTLE_CARD_TYPES[f.origin].matched_gives_initiative:
            ctx.push(Frame(kind="take_initiative", seat=f.seat, space=b.space))  # §14.8 exception
        elif b.commanders[f.seat]:
            ctx.push(Frame(kind="counterattack", seat=f.seat, space=b.space))


@decision("counterattack", "try to counter-attack and take the initiative (§14.8), or not")
class Counterattack:
    @staticmethod
    def legal(s: State, f: Frame) -> list:
        return [ChooseOption(option="counterattack"), Pass()]

    @staticmethod
    def act(ctx: Ctx, f: Frame, cmd) -> None:
        ctx.done(f)
        if isinstance(cmd, Pass):
            return
        g = ctx.s.battle.commanders[f.seat]
        bonus = B.roll_bonus(g, "counterattack")
        _, res = ctx.die(f.seat, "counterattack", -bonus, lambda r: "success" if r <= B.battle_rating(g) else "failure")
        if res == "success":
            ctx.emit(ev.InitiativeChanged(seat=f.seat))


@decision("take_initiative", "take the initiative and attack next round (§14.8, §16.1), or not")
class TakeInitiative:
    @staticmethod
    def legal(s: State, f: Frame) -> list:
        return [ChooseOption(option="take"), Pass()]

    @staticmethod
    def act(ctx: Ctx, f: Frame, cmd) -> None:
        ctx.done(f)
        if isinstance(cmd, ChooseOption):
            ctx.emit(ev.InitiativeChanged(seat=f.seat))


def withdraw_attempt(ctx: Ctx, side: int) -> None:
    """§16.1: the round's attacker gives up his card and rolls at most his battle rating (Paullus +1);
    the defender, if he has a general, may then try to cancel it (``cancel_withdraw``). After a
    failure only a defender with a general may take the initiative (§14.8, G62)."""
    s = ctx.s
    b = s.battle
    g = b.commanders[side]
    bonus = B.roll_bonus(g, "withdrawal")
    _, res = ctx.die(side, "withdraw", -bonus, lambda r: "success" if r <= B.battle_rating(g) else "failure")
    d = other(side)
    if res != "success":
        if b.commanders[d]:
            ctx.push(Frame(kind="take_initiative", seat=d, space=b.space))
    elif b.commanders[d]:
        ctx.push(Frame(kind="cancel_withdraw", seat=d, space=b.space, count=side))
    else:
        _withdrawn(ctx, side)


def _withdrawn(ctx: Ctx, side: int) -> None:
    ctx.emit(ev.BattleEnded(winner=-1, rounds=ctx.s.battle.rounds, how="withdrawal", card=""))
    ctx.find("battle_loop").flags.append("over")
    ctx.find("battle_after").flags.append(f"withdrew:{side}")


@decision("cancel_withdraw", "roll to cancel the enemy's withdrawal (§16.1), or let it go")
class CancelWithdraw:
    @staticmethod
    def legal(s: State, f: Frame) -> list:
        return [ChooseOption(option="roll"), Pass()]

    @staticmethod
    def act(ctx: Ctx, f: Frame, cmd) -> None:
        """The defender cancels on a roll at most his battle rating (Flaminius +1); then he may take
        the initiative."""
        ctx.done(f)
        if isinstance(cmd, ChooseOption):
            dg = ctx.s.battle.commanders[f.seat]
            dbonus = B.roll_bonus(dg, "stop_withdrawal")
            _, res = ctx.die(f.seat, "cancel_withdraw", -dbonus,
                             lambda r: "cancelled" if r <= B.battle_rating(dg) else "not cancelled")
            if res == "cancelled":
                ctx.push(Frame(kind="take_initiative", seat=f.seat, space=f.space))
                return
        _withdrawn(ctx, f.count)


def lose_fighting(ctx: Ctx, side: int, space: str, count: int, cause: str, elephant_first: int = 0) -> int:
    """Remove losses from the CU that fought: outside the walls first, then a sortie's (§20.7)."""
    s = ctx.s
    b = s.battle
    lost = 0
    if b.inside[side]:
        lost = lose_cu(ctx, side, space, count, cause, elephant_first=elephant_first, inside=True)
    else:
        lost += lose_cu(ctx, side, space, count, cause, elephant_first=elephant_first)
        if lost < count and b.relief and side == b.orig_attacker:
            lost += lose_cu(ctx, side, space, count - lost, cause, inside=True)
    campaign_spent_gone(s, side, space, lost)  # §10.11: the record counts the CU still there
    return lost


def _loss_split(s: State, side: int, space: str, count: int, elephant_first: int) -> tuple[int, int]:
    """The range of a relief side's ``count`` losses that may fall on its sortie (§20.7), or
    (0, 0) when there is nothing to choose; an elephant first loss (§14.12) must hit the part
    holding the elephants."""
    b = s.battle
    if not (b.relief and side == b.orig_attacker and not b.inside[side]):
        return 0, 0
    u = B.cu_of(s, side, space)
    if not (u.cu and u.icu) or count <= 0 or count >= u.cu + u.icu:
        return 0, 0
    lo, hi = max(0, count - u.cu), min(count, u.icu)
    if elephant_first and u.el and not u.iel:
        hi = min(hi, count - 1)
    elif elephant_first and u.iel and not u.el:
        lo = max(lo, 1)
    return lo, hi


def side_losses(ctx: Ctx, side: int, space: str, count: int, cause: str, elephant_first: int = 0) -> int:
    """Remove ``count`` losses from the CU that fought; when a relief army and its sortie both fought,
    their owner chooses where they fall (a ``relief_losses`` step is pushed and 0 returned)."""
    lo, hi = _loss_split(ctx.s, side, space, count, elephant_first)
    if lo < hi:
        ctx.push(Frame(kind="relief_losses", seat=side, space=space, count=count, mp=elephant_first, flags=[cause]))
        return 0
    return lose_fighting(ctx, side, space, count, cause, elephant_first)


@decision("relief_losses", "how many of these losses fall on the CU that sortied from the city (§20.7)")
class ReliefLosses:
    @staticmethod
    def legal(s: State, f: Frame) -> list:
        lo, hi = _loss_split(s, f.seat, f.space, f.count, f.mp)
        return [ChooseNumber(number=k) for k in range(lo, hi + 1)]

    @staticmethod
    def act(ctx: Ctx, f: Frame, cmd) -> None:
        ctx.done(f)
        s = ctx.s
        u = B.cu_of(s, f.seat, f.space)
        k = cmd.number
        had = _fighting_parts(s, f.seat, f.space)
        el_out = 1 if (f.mp and u.el and f.count - k > 0) else 0
        el_in = 1 if (f.mp and not el_out and u.iel and k > 0) else 0
        lost = lose_cu(ctx, f.seat, f.space, f.count - k, f.flags[0], elephant_first=el_out)
        lost += lose_cu(ctx, f.seat, f.space, k, f.flags[0], elephant_first=el_in, inside=True)
        campaign_spent_gone(s, f.seat, f.space, lost)  # §10.11: the record counts the CU still there
        after = ctx.find("battle_after")
        if after.mp - 1 == f.seat:
            after.count += lost
        if f.flags[0] == "retreat_table":
            _neutralize_stripped(ctx, f.seat, f.space, had)  # §10.10, each part on its own


@automatic("battle_after")
def battle_after(ctx: Ctx, f: Frame) -> None:
    """§14.11 losses for both sides on one roll, §14.12 the retreat table for the loser, §10.10
    neutralizations, §15 the retreat, §15.5 PCs lost; a withdrawal has no loser (H29)."""
    s = ctx.s
    b = s.battle
    if "done" in f.flags:
        ctx.done(f)
        lost = f.count
        loser = f.mp - 1
        ctx.emit(ev.BattleCleared())
        if loser >= 0 and lost // 2:
            lose_pcs(ctx, loser, lost // 2, "battle_loss")
        if "consuls_apart" in f.flags:
            if not consuls_apart(s, f.space):  # the siege ended: the garrison stands with the army (G60)
                ask_consul_command(ctx, f.space, False)
        return
    space = b.space
    withdrew = next((int(x.split(":")[1]) for x in f.flags if x.startswith("withdrew:")), -1)
    if "losses" not in f.flags:  # step 1: battle losses (a relief side may first choose where, §20.7)
        f.flags.append("losses")
        winner = -1 if withdrew >= 0 else _winner(ctx)
        loser = other(winner) if winner >= 0 else -1
        f.mp = loser + 1
        roll = ctx.rng.die(6)
        cell = battle_losses(b.rounds, roll)
        ctx.emit(ev.DieRolled(seat=-1, purpose="battle_losses", roll=roll, modifier=0,
                              outcome=f"{cell.losses} CU each" + (" e" if cell.elephant else "")))
        for side in (ROME, CARTHAGE):
            el = 1 if (cell.elephant and side == CARTHAGE) else 0
            got = side_losses(ctx, side, space, cell.losses, "battle", el)
            if side == loser:
                f.count += got
        if loser == CARTHAGE and s.markers.get("siege_train"):
            if siege_train_at(s) == space:
                lose_siege_train(ctx)  # #30: forced to retreat, the siege train is lost
        if not ctx.on_top(f):
            return
    loser = f.mp - 1
    if loser >= 0 and "table" not in f.flags:  # step 2: the retreat table (§14.12)
        f.flags.append("table")
        mod = 0 if b.last_won_by in ("", "no_cards") else BATTLE_CARD_TYPES[b.last_won_by].retreat_modifier
        r2 = ctx.rng.die(6)
        n = retreat_losses(b.cu_start[loser], r2 + mod)
        eff = B.effect(b.commanders[loser])
        if isinstance(eff, RetreatLossReduction):
            n = max(0, n - eff.amount)
        ctx.emit(ev.DieRolled(seat=loser, purpose="retreat_table", roll=r2, modifier=mod, outcome=f"{n} CU"))
        had = _fighting_parts(s, loser, space)
        el_first = 1 if fighting_cu(s, loser, space)[1] else 0
        got = side_losses(ctx, loser, space, n, "retreat_table", el_first)
        f.count += got
        if ctx.on_top(f):  # else the relief side first says where the losses fall (G29)
            _neutralize_stripped(ctx, loser, space, had)
        if not ctx.on_top(f):
            return
    f.flags.append("done")  # step 3: the retreat or the withdrawal (§15, §16.2)
    if loser >= 0:
        if moving_force(s, loser, space)[0] > 0 or moving_generals(s, loser):
            ctx.push(Frame(kind="retreat", seat=loser, space=space, origin=b.origin,
                           flags=["attacker"] if loser == b.orig_attacker else []))
    elif withdrew >= 0:
        if moving_force(s, withdrew, space)[0] > 0 or moving_generals(s, withdrew):
            ctx.push(Frame(kind="withdraw_to", seat=withdrew, space=space, origin=b.origin,
                           flags=["attacker"] if withdrew == b.orig_attacker else []))


def _winner(ctx: Ctx) -> int:
    for e in reversed(ctx.out):
        if isinstance(e.event, ev.BattleEnded):
            return e.event.winner
    return ctx.s.battle.attacker


def _fighting_parts(s: State, side: int, space: str) -> dict[bool, int]:
    """The CU of ``side`` that fought, by side of the walls (True: inside): a relief army and its
    sortie are two parts (§20.7)."""
    b = s.battle
    u = B.cu_of(s, side, space)
    if b.inside[side]:
        return {True: u.icu}
    if b.relief and side == b.orig_attacker:
        return {False: u.cu, True: u.icu}
    return {False: u.cu}


def _neutralize_stripped(ctx: Ctx, side: int, space: str, had: dict[bool, int]) -> None:
    """§10.10: the generals of a part whose CU the retreat table has just taken, all of them, are
    neutralized (a relief army's generals outside, a sortie's inside, each with its own CU)."""
    s = ctx.s
    u = B.cu_of(s, side, space)
    for inside, n in had.items():
        if n > 0 and (u.icu if inside else u.cu) == 0:
            if neutralize_all(ctx, B.generals_at(s, side, space, inside), "retreat_table"):
                return


def withdraw_destinations(s: State, f: Frame) -> list[str]:
    """§16.2-§16.3: an adjacent space over an ordinary link with no enemy PC, CU or unfriendly tribe,
    not the space the enemy came from; the original attacker goes back where it came from; a sortie
    goes back into its city (§16.2), offered as the battle space itself."""
    side, x = f.seat, f.space
    if s.battle is not None and s.battle.inside[side]:
        return [x]
    if "attacker" in f.flags:
        ln = link_between(x, f.origin) if f.origin and f.origin != x else None
        if ln is None or ln.kind != "ordinary" or B.cu_total(s, other(side), f.origin) > 0:
            return []
        if B.enemy_pc(s, side, f.origin) or B.unfriendly_tribe(s, side, f.origin):
            return []  # §16.3: the ban on enemy PCs and unfriendly tribes holds for the attacker too
        return [f.origin]
    out = []
    for nb in neighbours(x):
        ln = link_between(x, nb)
        if ln.kind != "ordinary" or nb == f.origin:
            continue
        if B.enemy_pc(s, side, nb) or B.cu_total(s, other(side), nb) > 0 or B.unfriendly_tribe(s, side, nb):
            continue
        out.append(nb)
    return out


def _withdraw_frame(s: State, side: int) -> Frame:
    b = s.battle
    return Frame(kind="withdraw_to", seat=side, space=b.space, origin=b.origin,
                 flags=["attacker"] if side == b.orig_attacker else [])


@decision("withdraw_to", "where the withdrawing army goes (§16.2)")
class WithdrawTo:
    @staticmethod
    def legal(s: State, f: Frame) -> list:
        return [ChooseSpace(space=sp) for sp in withdraw_destinations(s, f)] or [ChooseOption(option="stay")]

    @staticmethod
    def act(ctx: Ctx, f: Frame, cmd) -> None:
        ctx.done(f)
        if isinstance(cmd, ChooseOption):
            return  # nowhere to go: the army stays where it is (ruling in RULES.md)
        s = ctx.s
        side, x = f.seat, f.space
        if s.battle.inside[side]:
            return  # a sortie back inside its walls, where it stands (§16.2)
        cu, el = moving_force(s, side, x)
        gens = moving_generals(s, side)
        ctx.emit(ev.UnitsMoved(side=side, origin=x, space=cmd.space, count=cu, elephants=el, generals=tuple(gens),
                               from_inside=s.battle.inside[side], to_inside=False, how="withdraw"))
        if cu:
            catch_lone_generals(ctx, side, cmd.space, "withdrawal")
            if s.phase == OVER:
                return  # Hannibal caught, and Carthage sued for peace (§10.10, §15.6)
        if side == CARTHAGE and cu > 0:
            if siege_train_at(s) == x:
                move_siege_train(ctx, cmd.space)  # #30: an army withdraws whole (§16.3), the train too (G70)
        campaign_spent_gone(s, side, x, cu)
        campaign_spent_at(s, side, cmd.space, cu)  # §10.11: they fought in the campaign
        consuls_meet(ctx, gens, cmd.space, False)  # §18.2: a consul withdrew to the other (G60)
