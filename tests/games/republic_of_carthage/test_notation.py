"""The Republic of Carthage's move list in words (issue 15 item 5, ``carthago moves``): each answer
reads as what it does ("Blue votes against Gisco for Censor of Morals"), not as "Blue: no (vote)";
and the answers of the secret steps name only what everybody is told of them (III.2, VII.2, II.10,
R112, R135, R136)."""

from __future__ import annotations

import random
import re
import string

from engine.core import GameConfig
from engine.games.republic_of_carthage.flow import SIMULTANEOUS
from engine.games.republic_of_carthage.notation import SECRET, describe_command
from engine.session import Session

from .helpers import G, Frame, cmd, play, run, table, top

# the generic form, kept for rare answers: "Red: 2 (setup term)"
GENERIC = re.compile(r"^(Red|Blue|Green|Yellow|Purple|Orange)(: .+| passes) \([a-z ]+\)$")


def test_nearly_every_answer_of_random_games_has_a_phrase_of_its_own():
    lines = generic = 0
    for players, seed in ((3, 1), (3, 2), (5, 3), (5, 4)):
        session, _ = Session.start(G, GameConfig(players), f"notation-{seed}".encode())
        pick = random.Random(seed)
        for _ in range(1500):
            st = session.status()
            if st.over:
                break
            seat = st.to_act[0]
            command = pick.choice(session.legal(seat))
            line = describe_command(session.state, seat, command)
            assert not set("_={") & set(line), line
            lines += 1
            generic += bool(GENERIC.match(line))
            session.submit(seat, command)
    assert lines > 3000
    assert generic / lines < 0.05, f"{generic} of {lines} lines in the generic form"


def test_a_vote_and_its_call_read_as_what_they_do():
    """V (R64): the presiding officer calls the next voter by name; a vote says which way, on what."""
    s = table()
    s.offices["suffete_general"] = "1"  # Red's Hanno presides
    run(s, Frame(kind="nominate", seat=0, target="censor", strs=["council"]))
    assert describe_command(s, 0, cmd.ChooseSenator(senator="4")) == "Red proposes Gisco for Censor of Morals"
    play(s, 0, cmd.ChooseSenator(senator="4"))
    assert top(s).kind == "vote_order"
    assert describe_command(s, 0, cmd.ChooseOption(option="seat:2")) == "Red calls on Green to vote next"
    assert describe_command(s, 0, cmd.ChooseOption(option="seat:0")) == "Red calls its own vote next"
    assert describe_command(s, 0, cmd.ChooseOption(option="clockwise")) == "Red calls the other votes clockwise"
    play(s, 0, cmd.ChooseOption(option="seat:2"))
    assert (top(s).kind, top(s).seat) == ("vote", 2)
    assert describe_command(s, 2, cmd.ChooseOption(option="no")) == "Green votes against Gisco for Censor of Morals"
    assert describe_command(s, 2, cmd.ChooseOption(option="yes")) == "Green votes for Gisco for Censor of Morals"


def test_a_persuasion_reads_step_by_step():
    """IV.2b: the target, the persuader, his bribe, the others' talents for or against, the roll."""
    s = table()
    s.senators["1"].talents = 4
    s.faction_treasury[1] = 5
    run(s, Frame(kind="persuade", seat=0))
    assert describe_command(s, 0, cmd.ChooseSenator(senator="8")) == "Red tries to persuade Adherbal"
    play(s, 0, cmd.ChooseSenator(senator="8"))
    assert describe_command(s, 0, cmd.ChooseSenator(senator="1")) == "Red sends Hanno to persuade Adherbal"
    play(s, 0, cmd.ChooseSenator(senator="1"))
    said = describe_command(s, 0, cmd.ChooseNumber(number=2))
    assert said == "Red's Hanno adds 2 talents to the persuasion of Adherbal"
    play(s, 0, cmd.ChooseNumber(number=2))
    assert (top(s).kind, top(s).seat) == ("intervene", 1)
    said = describe_command(s, 1, cmd.ChooseNumber(number=-3))
    assert said == "Blue pays 3 talents against the persuasion of Adherbal"
    assert describe_command(s, 1, cmd.ChooseNumber(number=1)) == "Blue pays 1 talent for the persuasion of Adherbal"
    assert describe_command(s, 1, cmd.ChooseNumber(number=0)) == "Blue stays out of the persuasion of Adherbal"
    s.flow = [x for x in s.flow if x.kind != "intervene"]
    assert top(s).kind == "persuasion"
    assert describe_command(s, 0, cmd.ChooseOption(option="roll")) == "Red rolls the persuasion of Adherbal"


def test_a_commerce_offer_names_its_parties_never_its_terms():
    """III.2 (R112, R136): who offers to whom is public; the cards put in, the commodity named, the
    cards and talents asked or promised are the two parties' secret, so their lines name none of
    them (the same line whatever the card or number)."""
    s = table()
    s.commerce[0] = ["timber", "timber", "clay", "iron"]
    s.commerce[1] = ["hides"]
    s.hands[0], s.hands[1] = ["assassin_I"], ["blackmail_I"]
    s.faction_treasury[0] = s.faction_treasury[1] = 5
    s.flow = [Frame(kind="trading", nums=[2, 0]), Frame(kind="trade_turn", seat=0)]
    assert describe_command(s, 0, cmd.ChooseOption(option="offer:1")) == "Red makes a commerce offer to Blue"
    play(s, 0, cmd.ChooseOption(option="offer:1"))
    lines = {describe_command(s, 0, cmd.ChooseOption(option=x)) for x in ("timber", "clay", "iron")}
    assert lines == {"Red puts a commerce card in its offer to Blue"}
    for x in ("timber", "clay", "iron"):
        play(s, 0, cmd.ChooseOption(option=x))
    play(s, 0, cmd.ChooseOption(option="done"))
    secret = []
    for step, answers in (("offer_name", [cmd.ChooseOption(option=x) for x in ("timber", "clay")]),
                          ("offer_want", [cmd.ChooseNumber(number=n) for n in (0, 1)]),
                          ("offer_promise", [cmd.ChooseOption(option="assassin_I")]),
                          ("offer_promise", [cmd.ChooseOption(option="done")]),
                          ("offer_promise_want", [cmd.ChooseNumber(number=n) for n in (0, 1)]),
                          ("offer_talents", [cmd.ChooseNumber(number=n) for n in (-2, 0, 3)])):
        assert top(s).kind == step
        said = {describe_command(s, 0, a) for a in answers}
        assert len(said) == 1, said
        secret += said
        play(s, 0, answers[-1])
    for line in secret:
        assert "Blue" in line and not any(w in line for w in ("Timber", "Clay", "Assassin", "2", "3")), line
    assert (top(s).kind, top(s).seat) == ("offer_answer", 1)
    assert describe_command(s, 1, cmd.ChooseOption(option="accept")) == "Blue accepts Red's commerce offer"
    play(s, 1, cmd.ChooseOption(option="accept"))
    assert describe_command(s, 1, cmd.ChooseOption(option="hides")) == "Blue gives Red a commerce card for the offer"


def test_the_secret_redistribution_names_no_place_and_no_amount():
    """II.10: the moves are planned in secret and revealed together; until then a line says only that
    a move was planned."""
    s = table()
    s.senators["1"].talents = 5
    s.flow = [Frame(kind="redistribute", seat=SIMULTANEOUS, nums=[0, 1, 2])]
    moves = {describe_command(s, 0, cmd.Transfer(source="senator:1", target=t)) for t in ("faction:1", "faction:0")}
    assert moves == {"Red plans a move of talents, in secret"}
    assert describe_command(s, 0, cmd.ChooseNumber(number=3)) == describe_command(s, 0, cmd.ChooseNumber(number=1))


def test_secret_phrases_read_nothing_of_the_command():
    """The secret steps' phrases name the seats and the public step only: no card, number, option."""
    for phrase in SECRET.values():
        fields = {name for _, name, _, _ in string.Formatter().parse(phrase) if name}
        assert fields <= {"who", "other", "army"}, phrase


def test_every_component_id_has_a_name_in_words():
    """The move list and the rendered position name every component of the game's data (Matériel):
    senators, cards, offices, provinces, wars, leaders, explorations, army types, commodities and the
    random events (whose two sides have their own titles; naming one crashed before)."""
    from engine.games.republic_of_carthage import components as c
    from engine.games.republic_of_carthage.notation import _name

    ids = [str(f) for f in c.FAMILIES] + list(c.STATESMEN) + list(c.CARDS) + list(c.OFFICES) + list(c.PROVINCES) \
        + list(c.WARS) + list(c.LEADERS) + list(c.EXPLORATIONS) + list(c.ARMY_TYPES) + list(c.COMMODITIES) \
        + list(c.EVENT_CARDS)
    for key in ids:
        name = _name(key)
        assert name and "_" not in name, (key, name)
    assert _name(next(iter(c.EVENT_CARDS))) == c.EVENT_CARDS[next(iter(c.EVENT_CARDS))].front.title
