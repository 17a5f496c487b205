"""What the laws in force change in the Senate's procedures (the laws themselves are cards,
``data/cards.json``; ``rules_on`` lists the rules they switch on).

- The Pentarchies (reconstructed card: boards of five fill their own vacancies): a vacant Council seat
  is filled without a vote, by the sitting members: the highest-ranking member of the Council in
  Carthage names one of the usual candidates (R84). With no member sitting in Carthage, the Senate
  elects as usual.
"""

from __future__ import annotations

from . import commands as cmd
from . import components as C
from . import effects as fx
from .events import Frame
from .flow import Ctx, decision
from .people import COUNCIL, in_carthage
from .proposals import council_candidates
from .state import State


def coopting(s: State) -> str:
    """The Council member who names the new member under the Pentarchies ("" if the law is not in force
    or no member sits in Carthage)."""
    if "pentarchies" not in rules_on(s):
        return ""
    for office in COUNCIL:  # in the order of rank
        holder = s.offices.get(office, "")
        if holder and in_carthage(s, holder) and s.senators[holder].seat >= 0:
            return holder
    return ""


@decision("coopt", "the Council's choice of its new member, without a vote (the Pentarchies)")
class Coopt:
    @staticmethod
    def legal(s: State, f: Frame):
        return [cmd.ChooseSenator(senator=x) for x in council_candidates(s, f.target)]

    @staticmethod
    def act(ctx: Ctx, f: Frame, c) -> None:
        ctx.done(f)
        ctx.begin("offer_council", f.target, c.senator)  # the Council's seats (V.4, ``elections``)


def rules_on(s: State) -> set[str]:
    """Rules switched on by the laws in force."""
    return {e.rule for law in s.laws for e in C.CARDS[law].effects if isinstance(e, fx.Rule)}
