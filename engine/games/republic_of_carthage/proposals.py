"""What the Senate's proposals are made of (V, Fonctionnement du Sénat): who may be named to an office
or a charge, the key by which a proposal is remembered (rejected or vetoed this turn), the tally
frame and its codes, what a faction may spend and how it pays (R65), and :data:`PASSED`, what each
kind of proposal does once tallied, by name: each module registers its own kinds there, as it
registers its steps.

A proposal is a ``tally`` frame under one ``vote`` frame per player, clockwise from the presiding
officer (R64). ``tally.nums``: [amount, yes, no, presiding seat, then one vote per seat: 0 none,
1 yes, 2 no, 3 abstain]; ``tally.strs``: [kind, senators…]; ``tally.target``: a war, province,
office, unit or concession.
"""

from __future__ import annotations

from typing import Callable

from . import events as ev
from .events import Frame
from .flow import Ctx
from .people import in_carthage, office_holders, order_key, present_of, senators_of
from .presiding import presiding_seat
from .state import CARTHAGE, State

PASSED: dict[str, Callable[[Ctx, Frame, bool], None]] = {}
"""What a proposal of each kind does when it is tallied (``fn(ctx, tally, passed)``), by kind: the
Senate's own business (``senate``), the trials and recalls of exiles (``trials``), the business of
the forces in the field (``field``)."""

YES, NO, ABSTAIN = 1, 2, 3  # a vote, as the tally frame keeps it
FLOOR = "floor_proposer"  # counter: 1 + the seat whose proposal from the floor is being made (R78)
VOTE_CODES = {"yes": YES, "no": NO, "abstain": ABSTAIN}


def eligible(s: State) -> list[str]:
    """V.2, V.4, V.6: faction senators in Carthage who hold no office (R24: a sitting Suffète is not
    eligible)."""
    holders = office_holders(s)
    return sorted((x.id for x in s.senators.values()
                   if x.seat >= 0 and in_carthage(s, x.id) and x.id not in holders), key=order_key)


def any_eligible(s: State) -> bool:
    """Whether :func:`eligible` names anyone (each senator keyed by his id, so he is in Carthage
    when face up, in a faction and there)."""
    holders = office_holders(s)
    for x in s.senators.values():
        if x.seat >= 0 and x.face_up and x.where == CARTHAGE and x.id not in holders:
            return True
    return False


def still_eligible(s: State, sid: str) -> bool:
    """R176: the senator a passed proposal sends to a new charge (a province, an expedition) is, at its
    tally, still what :func:`eligible` asked of him when it was made: alive, in his faction, in Carthage,
    holding no office."""
    return in_carthage(s, sid) and sid not in office_holders(s)


def rejected(s: State, key: str) -> bool:
    return bool(s.counters.get(f"rejected:{key}"))


def council_candidates(s: State, office: str) -> list[str]:
    return [x for x in eligible(s) if not rejected(s, f"council+{x}+{office}+0")]


def governor_candidates(s: State, province: str) -> list[str]:
    return [x for x in eligible(s) if not rejected(s, f"governor+{x}+{province}+0")]


def ps_frame(s: State, kind: str, **kw) -> Frame:
    return Frame(kind=kind, seat=presiding_seat(s), **kw)


def proposal_key(f: Frame) -> str:
    return "+".join([*f.strs, f.target, str(f.nums[0])])


def bonus_votes(s: State, t: Frame) -> int:
    """The Influence the senator a proposal names first adds to his faction's votes (``propose``'s
    ``bonus``: the accused of a trial, V.5 Procédure 2; the Suffète for Life, R70), as it stands when
    his faction votes (R130: a card played at that turn may change it)."""
    x = s.senators.get(t.strs[1])
    return x.influence if x is not None and x.face_up else 0


def money(s: State, seat: int) -> int:
    """What a faction may spend on votes: its treasury and its senators' talents in Carthage."""
    return s.faction_treasury[seat] + sum(x.talents for x in present_of(s, seat))


def tally_of(s: State) -> Frame:
    return next(x for x in reversed(s.flow) if x.kind == "tally")

APPEAL_ENDS = {"freed": -1, "killed": -2}
"""V.5: the Appeal to the People's results that end a trial at once, as its tally frame keeps them
(in its amount, ``nums[0]``, which a trial otherwise keeps at 0 or above: 0, or the Popularity of a captured
assassin's victim, R23, counted from 0)."""


def appeal_ended(t: Frame) -> str:
    """freed or killed: the Appeal to the People ended the trial ``t`` (a tally frame) before its vote
    was over (V.5); "" it did not (no Appeal, one that only moved votes, or no trial)."""
    if t.strs[:1] != ["trial"] or not t.nums:
        return ""
    return next((word for word, n in APPEAL_ENDS.items() if t.nums[0] == n), "")


def pay(ctx: Ctx, seat: int, amount: int, reason: str) -> None:
    """A faction pays: from its treasury first, then its senators in Carthage in card order (R65)."""
    s = ctx.s
    take = min(amount, s.faction_treasury[seat])
    if take:
        ctx.emit(ev.Transferred(source=f"faction:{seat}", target="bank", amount=take, reason=reason))
    amount -= take
    for x in senators_of(s, seat):
        if amount <= 0:
            break
        if in_carthage(s, x.id) and x.talents:
            take = min(amount, x.talents)
            ctx.emit(ev.Transferred(source=f"senator:{x.id}", target="bank", amount=take, reason=reason))
            amount -= take
