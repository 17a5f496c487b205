"""What the laws in force change in the Senate's procedures (the laws themselves are cards,
``data/cards.json``; ``turn.rules_on`` lists the rules they switch on).

- The Pentarchies (reconstructed card: boards of five fill their own vacancies): a vacant Council seat
  is filled without a vote, by the sitting members: the highest-ranking member of the Council in
  Carthage names one of the usual candidates (R84). With no member sitting in Carthage, the Senate
  elects as usual.
"""

from __future__ import annotations

from . import commands as cmd
from .events import Frame
from .flow import Ctx, decision
from .people import COUNCIL, in_carthage
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
        from .senate import council_candidates
        return [cmd.ChooseSenator(senator=x) for x in council_candidates(s, f.target)]

    @staticmethod
    def act(ctx: Ctx, f: Frame, c) -> None:
        from .senate import offer_council
        ctx.done(f)
        offer_council(ctx, f.target, c.senator)


# imported once here, not inside the rules that ask them often; at the end, as those modules
# read this one's names when they load
from .turn import rules_on  # noqa: E402
