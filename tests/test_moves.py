"""A readable record of a game (issue 15 item 5): each game's notation, ``carthago moves`` and
``carthago replay`` over an exported log."""

from __future__ import annotations

import importlib
import json
import random
import re

import pytest

from engine import registry
from engine.core import GameConfig, tag_of
from engine.session import Session
from server.render import moves, walk
from server.replay import write_replay

CONFIGS = [("roma", 2), ("rome-et-carthage", 2), ("rome-et-carthage", 4), ("hannibal", 2),
           ("republic-of-carthage", 3)]
SEAT_WORDS = {
    "roma": ("First", "Second"),
    "hannibal": ("Rome", "Carthage"),
    "republic-of-carthage": ("Red", "Blue", "Green", "Yellow", "Purple", "Orange"),
}


def notation(game_id: str):
    return importlib.import_module(f"engine.games.{game_id.replace('-', '_')}.notation").describe_command


@pytest.mark.parametrize("game_id,players", CONFIGS)
def test_every_command_of_a_random_game_reads_in_the_games_notation(game_id, players):
    """Each line names who acts (the seat, or for Rome et Carthage the state it plays) and says
    what the command does in words, never a raw struct."""
    game = registry.get(game_id)
    describe = notation(game_id)
    session, _ = Session.start(game, GameConfig(players), f"notation-{game_id}".encode())
    pick = random.Random(5)
    kinds = set()
    for _ in range(300):
        st = session.status()
        if st.over:
            break
        seat = st.to_act[0]
        command = pick.choice(session.legal(seat))
        line = describe(session.state, seat, command)
        kinds.add(tag_of(command))
        assert line and "=" not in line and "{" not in line and "_" not in line, line
        if game_id in SEAT_WORDS:
            assert line.startswith(SEAT_WORDS[game_id][seat]), line
        else:  # Rome et Carthage: the acting seat's states (or the moving piece's)
            names = {game_state.name for game_state in _rc_states()}
            assert any(line.startswith(n) for n in names), line
        session.submit(seat, command)
    assert len(kinds) >= 3


def _rc_states():
    from engine.games.rome_et_carthage.board import states

    return states()


def test_roma_names_the_card_the_disc_and_the_cost():
    from engine.games.roma import commands as C
    from engine.games.roma.cards import CARDS

    session, _ = Session.start(registry.get("roma"), GameConfig(2), b"roma-words")
    describe = notation("roma")
    consul = CARDS["consul"]
    line = describe(session.state, 1, C.PlayCard(card="consul", disc=3))
    assert line == f"Second plays {consul.name} on disc 3 ({consul.cost} sesterces)"
    assert describe(session.state, 0, C.TakeMoney(die=5)) == "First: die 5 on the money disc, +5 sesterces"


def test_rome_et_carthage_moves_read_piece_from_to():
    """A move reads "<state>: <piece kind> <from> → <to>" with the cities' map names."""
    game = registry.get("rome-et-carthage")
    describe = notation("rome-et-carthage")
    session, _ = Session.start(game, GameConfig(2), b"rc-words")
    pick = random.Random(2)
    for _ in range(400):
        st = session.status()
        if st.over:
            break
        seat = st.to_act[0]
        legal = session.legal(seat)
        moving = [c for c in legal if tag_of(c) == "move_piece"]
        if moving:
            c = moving[0]
            line = describe(session.state, seat, c)
            start = session.state.where[c.piece]
            from engine.games.rome_et_carthage.board import city, state
            from engine.games.rome_et_carthage.state import kind_of

            owner = state(c.piece.split(f"_{kind_of(c.piece)}")[0]).name
            route = " → ".join(city(x).name for x in (start, *c.path))
            assert line == f"{owner}: {kind_of(c.piece)} {route}"
            return
        session.submit(seat, pick.choice([c for c in legal if tag_of(c) not in ("offer_draw", "accept_draw")] or legal))
    pytest.fail("no move_piece came up")


def _played_export(client, game_id: str, players: int, seed: bytes, limit: int = 5000, language: str = "en"):
    """A game played to its end on the test server by random choices; its export and the lines
    expected from each command (computed in process on the same seed), in ``language``."""
    game = registry.get(game_id)
    g = client.create(game_id, players, seed=seed)
    seats = [client.join(g.game_id, seat=i) for i in range(players)]
    session, _ = Session.start(game, GameConfig(players), seed)
    describe = notation(game_id)
    from server.wire import wire_for

    wire = wire_for(game)
    pick = random.Random(9)
    expected = []
    for _ in range(limit):
        st = session.status()
        if st.over:
            break
        seat = st.to_act[0]
        command = pick.choice(session.legal(seat))  # Rome et Carthage: random games end by agreement
        expected.append(describe(session.state, seat, command, language))
        seats[seat].submit(_envelope(wire, command))
        session.submit(seat, command)
    assert session.status().over
    return client.export(g.game_id).records, expected


def _envelope(wire, command):
    from carthago.v1 import carthago_pb2 as pb

    return pb.GameCommand(**{wire.field: wire.command_to_proto(command)})


def test_moves_of_an_export_are_the_commands_played_in_order(client):
    data, expected = _played_export(client, "roma", 2, b"moves-roma")
    got = moves(data)
    assert [m.text for m in got] == expected
    assert all(a.seq < b.seq for a, b in zip(got, got[1:]))
    assert {m.seat for m in got} == {0, 1}


def test_replay_writes_one_position_per_command_with_the_board(client, tmp_path):
    data, expected = _played_export(client, "rome-et-carthage", 2, b"replay-rc")
    index, count = write_replay(data, tmp_path / "rp")
    assert count == len(expected) + 1  # the set-up, then one position per command
    page = index.read_text()
    steps = json.loads(re.search(r"const steps = (\[.*?\]);\n", page, re.S).group(1).replace("<\\/", "</"))
    assert [s["text"] for s in steps] == ["set-up"] + expected
    # one file per drawing, however often a position recurs (issue 36, 9: only what changed is written)
    svgs = sorted((tmp_path / "rp" / "positions").glob("*.svg"))
    assert {s["svg"] for s in steps} == {f"positions/{p.name}" for p in svgs}
    assert len({p.read_text() for p in svgs}) == len(svgs) <= count
    assert all(p.read_text().lstrip().startswith("<svg") for p in svgs)
    # the last position is the final one
    positions = list(walk(data))
    assert positions[-1][0].text == expected[-1]


def test_replay_of_hannibal_writes_the_fixed_map_once_and_each_position_over_it(client, tmp_path):
    """Issue 36, 9 (a Hannibal replay took 613 s and 55 MB): the map that no position changes is
    one file (base.svg), each position only its own layer, which holds what the whole drawing holds
    for that position (its spaces, sieges and stacks); progress is reported position by position."""
    from engine.games.hannibal.render import render_position

    data, expected = _played_export(client, "hannibal", 2, b"replay-hannibal")
    calls = []
    index, count = write_replay(data, tmp_path / "h", lambda done, total: calls.append((done, total)))
    assert count == len(expected) + 1 and calls == [(i + 1, count) for i in range(count)]
    page = index.read_text()
    base = json.loads(re.search(r"const base = (.*?);\n", page).group(1))
    steps = json.loads(re.search(r"const steps = (\[.*?\]);\n", page, re.S).group(1).replace("<\\/", "</"))
    assert base and base not in {s["svg"] for s in steps}
    fixed = (tmp_path / "h" / base).read_text()
    assert '<g id="land">' in fixed and '<g id="stacks">' not in fixed
    final = list(walk(data))[-1][1]
    whole = render_position(final, "x")
    own = (tmp_path / "h" / steps[-1]["svg"]).read_text()
    for group in ("spaces", "sieges", "stacks"):
        part = re.search(f'<g id="{group}">.*?</g>\n', whole, re.S).group(0)
        assert part in own and part not in fixed
    files = list((tmp_path / "h" / "positions").glob("*.svg"))
    assert len(files) <= count + 1 and sum(f.stat().st_size for f in files) < 200 * count * 1024 / 4


def test_replay_of_a_game_without_a_board_drawing_shows_its_state(client, tmp_path, monkeypatch):
    # every game hosted today draws its positions; a game added without a render module falls back
    # to its state as JSON (the export of a finished game is public)
    import server.replay

    monkeypatch.setattr(server.replay, "position_renderer", lambda game: None)
    data, expected = _played_export(client, "roma", 2, b"replay-roma")
    index, count = write_replay(data, tmp_path / "roma")
    steps = json.loads(re.search(r"const steps = (\[.*?\]);\n", index.read_text(), re.S).group(1).replace("<\\/", "</"))
    assert count == len(expected) + 1
    final = json.loads(steps[-1]["state"])
    assert final["phase"] == "over" and final["winners"]


def test_moves_and_replay_in_french_and_the_cli_takes_lang(client, tmp_path, capsys):
    """Issue 36 item 5: ``carthago moves`` and ``carthago replay`` take ``--lang fr``: the move list
    in the game's French notation (notation_fr.py), the same moves as in English; any other
    language is refused by the command line before it reads anything."""
    from carthago import cli

    data, expected = _played_export(client, "hannibal", 2, b"moves-french", language="fr")
    english = [m.text for m in moves(data)]
    french = [m.text for m in moves(data, "fr")]
    assert french == expected and len(french) == len(english)
    assert all(f != e for f, e in zip(french, english))
    log = tmp_path / "h.log"
    log.write_bytes(data)
    capsys.readouterr()
    assert cli.main(["moves", str(log), "--lang", "fr"]) == 0
    printed = capsys.readouterr().out.splitlines()
    assert [line.split(". ", 1)[1] for line in printed] == french
    assert cli.main(["replay", str(log), "--lang", "fr", "--out", str(tmp_path / "rp")]) == 0
    page = (tmp_path / "rp" / "index.html").read_text()
    steps = json.loads(re.search(r"const steps = (\[.*?\]);\n", page, re.S).group(1).replace("<\\/", "</"))
    assert [x["text"] for x in steps] == ["mise en place"] + french
    with pytest.raises(SystemExit):
        cli.main(["moves", str(log), "--lang", "de"])


def test_rome_et_carthage_cards_read_by_rank_and_suit_sign_as_the_log_does():
    """A commitment or a forced march names its cards as the log's sentences do ("K♥", "10♠"), never
    the raw ids ("KH", "10S") a player cannot read (issue 36 item 8; these words are the web's buttons)."""
    from engine.games.rome_et_carthage.commands import CommitCards, DeclareForcedMarch

    describe = notation("rome-et-carthage")
    session, _ = Session.start(registry.get("rome-et-carthage"), GameConfig(2), b"rc-cards")
    assert describe(session.state, 0, CommitCards(cards=("KH", "10S"))).endswith(" commits K\u2665 10\u2660")
    assert describe(session.state, 0, CommitCards(cards=())).endswith(" commits no card")
    assert describe(session.state, 0, DeclareForcedMarch(cards=("4D",))).endswith(" forces the march, paying 4\u2666")
