"""`carthago tournament` and `carthago verify-tournament` (issue 15, item 6): a tournament's results
re-checked by anyone from its logs alone. Not rules tests: the rules are each game's, re-run by
`verify`; what is tested here is the scheduling, the scoring and the audit."""

from __future__ import annotations

import hashlib
import json
import math
import shutil
import time
from pathlib import Path

import pytest

from carthago import cli
from carthago import tournament as T

ENTRANTS = ("ann=random", "bob=random", "cid=random")


@pytest.fixture(scope="module")
def played(tmp_path_factory) -> Path:
    """A tiny round-robin: three random bots, Roma, two games per pairing, in memory."""
    out = tmp_path_factory.mktemp("tourney") / "event"
    argv = ["tournament", "--game", "roma", "--format", "round-robin", "--games-per-pairing", "2",
            "--seed", "test-seed", "--out", str(out)]
    for e in ENTRANTS:
        argv += ["--bot", e]
    assert cli.main(argv) == 0
    return out


@pytest.fixture
def copy(played, tmp_path) -> Path:
    """A fresh copy of the tournament to tamper with."""
    return Path(shutil.copytree(played, tmp_path / "copy"))


def audit_message(directory: Path, capsys) -> tuple[int, str]:
    code = cli.main(["verify-tournament", str(directory)])
    return code, capsys.readouterr().out


def load(directory: Path) -> dict:
    return json.loads((directory / "standings.json").read_text())


def test_round_robin_plays_every_pairing_with_seats_swapped_and_writes_its_logs(played):
    doc = load(played)
    assert [e["name"] for e in doc["entrants"]] == ["ann", "bob", "cid"]
    assert len(doc["games"]) == 6  # three pairings, two games each
    pairings = [p for p in doc["pairings"] if "a" in p]
    assert {frozenset((p["a"], p["b"])) for p in pairings} == {frozenset(("ann", "bob")), frozenset(("ann", "cid")),
                                                               frozenset(("bob", "cid"))}
    for p in pairings:
        seats = [doc["games"][n - 1]["seats"] for n in p["games"]]
        assert sorted(map(tuple, seats)) == sorted([(p["a"], p["b"]), (p["b"], p["a"])])  # each sits each side once
        assert p["odd_game_seat0"] is None
    for g in doc["games"]:
        data = (played / g["file"]).read_bytes()
        assert g["file"] == f"games/{g['n']}-{g['game_id']}.log"
        assert hashlib.sha256(data).hexdigest() == g["sha256"]
        assert len(g["head_hash"]) == 64 and g["reason"].startswith("RESULT_REASON_")
    assert "verify-tournament" in (played / "README.txt").read_text()


def test_standings_numbers_add_up(played):
    doc = load(played)
    rows = doc["standings"]
    games = doc["games"]
    assert sum(r["points"] for r in rows) == len(games)  # each game hands out one point
    assert sum(r["wins"] for r in rows) == sum(r["losses"] for r in rows)
    for r in rows:
        assert r["games"] == 4 and r["seat_games"] == [2, 2]
        assert r["wins"] + r["draws"] + r["losses"] == r["games"]
        assert r["points"] == r["wins"] + r["draws"] / 2 + r["byes"]
        lo, hi = r["elo_ci95"]
        assert lo < r["elo"] < hi
    assert [r["rank"] for r in rows] == [1, 2, 3]
    assert [r["points"] for r in rows] == sorted((r["points"] for r in rows), reverse=True)
    assert abs(sum(r["elo"] for r in rows)) < 0.2  # centred on the field's mean


def test_verify_tournament_passes_on_the_untouched_directory(played, capsys):
    code, out = audit_message(played, capsys)
    assert code == 0, out
    assert out.startswith("OK: 6 roma games verified")


def test_verify_tournament_checks_the_published_sha256(played, copy, capsys):
    """Issue 35: a consistently resealed event (a game dropped, the standings recomputed) passes
    the audit from the directory alone; only the published hash of standings.json tells."""
    published = hashlib.sha256((played / "standings.json").read_bytes()).hexdigest()
    assert cli.main(["verify-tournament", str(played), "--sha256", published.upper()]) == 0
    capsys.readouterr()
    doc = load(copy)
    doc["seed"] = doc["seed"]  # the same content, written again: other bytes
    (copy / "standings.json").write_text(json.dumps(doc, indent=2))
    assert cli.main(["verify-tournament", str(copy)]) == 0  # every other check passes
    capsys.readouterr()
    assert cli.main(["verify-tournament", str(copy), "--sha256", published]) == 1
    out = capsys.readouterr().out
    assert "INVALID" in out and "published sha256" in out
    assert cli.main(["verify-tournament", str(played), "--sha256", "abc"]) == 1
    assert "64 hex digits" in capsys.readouterr().out


def test_a_byte_flipped_in_one_log_fails_naming_the_game(copy, capsys):
    game = load(copy)["games"][2]
    path = copy / game["file"]
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0x01
    path.write_bytes(bytes(data))
    code, out = audit_message(copy, capsys)
    assert code == 1
    assert f"game 3 ({game['game_id']})" in out and "sha256" in out


def test_a_tampered_log_whose_sha256_was_updated_still_fails_its_verification(copy, capsys):
    doc = load(copy)
    game = doc["games"][1]
    path = copy / game["file"]
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0x01
    path.write_bytes(bytes(data))
    game["sha256"] = hashlib.sha256(data).hexdigest()
    (copy / "standings.json").write_text(json.dumps(doc))
    code, out = audit_message(copy, capsys)
    assert code == 1
    assert f"game 2 ({game['game_id']})" in out and "does not verify" in out


def test_a_deleted_log_fails_naming_the_game(copy, capsys):
    game = load(copy)["games"][4]
    (copy / game["file"]).unlink()
    code, out = audit_message(copy, capsys)
    assert code == 1
    assert f"game 5 ({game['game_id']})" in out and "missing" in out


def test_an_edited_result_in_the_standings_file_fails_naming_the_game(copy, capsys):
    doc = load(copy)
    game = doc["games"][0]
    game["winners"] = [1 - game["winners"][0]] if game["winners"] else [0]
    game["result"] = {(0,): "1-0", (1,): "0-1"}[tuple(game["winners"])]
    (copy / "standings.json").write_text(json.dumps(doc))
    code, out = audit_message(copy, capsys)
    assert code == 1
    assert f"game 1 ({game['game_id']})" in out and "replay gives" in out


@pytest.mark.parametrize("field, change", [("points", 1), ("elo", 5), ("wins", 1)])
def test_an_edited_standing_fails_naming_the_entrant(copy, capsys, field, change):
    doc = load(copy)
    doc["standings"][1][field] += change
    (copy / "standings.json").write_text(json.dumps(doc))
    code, out = audit_message(copy, capsys)
    assert code == 1
    assert f"row for {doc['standings'][1]['name']}" in out and field in out


def test_an_elo_within_a_rounding_step_still_agrees(copy, capsys):
    """Another machine's maths library may round a rating a step apart: ±0.1 is tolerated."""
    doc = load(copy)
    doc["standings"][1]["elo"] = round(doc["standings"][1]["elo"] + 0.1, 1)
    (copy / "standings.json").write_text(json.dumps(doc))
    code, out = audit_message(copy, capsys)
    assert code == 0, out


def test_swapped_seats_in_the_standings_file_fail(copy, capsys):
    doc = load(copy)
    doc["games"][3]["seats"].reverse()
    (copy / "standings.json").write_text(json.dumps(doc))
    code, out = audit_message(copy, capsys)
    assert code == 1 and "game 4" in out and "seat claims" in out


def test_a_clock_claimed_in_the_standings_file_but_not_in_the_logs_fails(copy, capsys):
    doc = load(copy)
    doc["clock_ms"] = {"initial_ms": 600000, "increment_ms": 5000}
    (copy / "standings.json").write_text(json.dumps(doc))
    code, out = audit_message(copy, capsys)
    assert code == 1 and "game 1" in out and "clocks None" in out


def test_a_clock_run_out_loses_on_time_and_audits(tmp_path, capsys, monkeypatch):
    """With --clock, a bot that thinks longer than its time loses by RESULT_REASON_TIMEOUT. The
    project's search bot spends by its clock (search.clock; tests/test_house_bots.py), so here it
    is made to ignore it, as a naive bot of any language may."""
    monkeypatch.setattr("search.bot.budget_under", lambda budget, clock: budget)
    out = tmp_path / "clocked"
    assert cli.main(["tournament", "--game", "roma", "--bot", "slow=mcts:400ms", "--bot", "quick=random",
                     "--games-per-pairing", "1", "--clock", "1+0", "--seed", "c", "--out", str(out)]) == 0
    game = load(out)["games"][0]
    assert game["reason"] == "RESULT_REASON_TIMEOUT"
    assert game["winners"] == [game["seats"].index("quick")]
    capsys.readouterr()
    code, text = audit_message(out, capsys)
    assert code == 0, text


# ---- the pure parts ---------------------------------------------------------------

def test_seat_plan_alternates_and_an_odd_game_follows_a_recorded_coin():
    plan, coin = T.seat_plan("a", "b", 4, "s", 1)
    assert plan == [("a", "b"), ("b", "a"), ("a", "b"), ("b", "a")] and coin is None
    plan, coin = T.seat_plan("a", "b", 3, "s", 1)
    assert plan[:2] == [("a", "b"), ("b", "a")] and plan[2][0] == coin and set(plan[2]) == {"a", "b"}
    assert T.seat_plan("a", "b", 3, "s", 1) == (plan, coin)  # the same seed, the same coin
    coins = {T.seat_plan("a", "b", 1, f"seed-{i}", 1)[1] for i in range(20)}
    assert coins == {"a", "b"}


def test_swiss_pairs_neighbours_by_score_without_repeats_and_gives_the_bye_to_the_lowest():
    pairs, bye = T.swiss_round(["a", "b", "c", "d", "e"], set(), set())
    assert bye == "e" and pairs == [("a", "b"), ("c", "d")]
    # a met b: a meets c instead; e had a bye: the next lowest without one gets it
    pairs, bye = T.swiss_round(["a", "b", "c", "d", "e"], {frozenset("ab")}, {"e"})
    assert bye == "d"
    assert all(frozenset(p) != frozenset("ab") for p in pairs)
    assert sorted(x for p in pairs for x in p) == ["a", "b", "c", "e"]


def test_swiss_backtracks_to_avoid_a_repeat_and_repeats_only_when_unavoidable():
    # greedy would pair a-c then leave b-d, which already met: backtracking finds a-d, b-c
    played = {frozenset("ab"), frozenset("bd")}
    pairs, bye = T.swiss_round(["a", "b", "c", "d"], played, set())
    assert bye is None and not any(frozenset(p) in played for p in pairs)
    assert {frozenset(p) for p in pairs} == {frozenset("ad"), frozenset("bc")}
    # two entrants who already met: meeting again is the only pairing
    assert T.swiss_round(["a", "b"], {frozenset("ab")}, set()) == ([("a", "b")], None)


def test_swiss_rounds_follow_the_scores_of_the_rounds_before():
    names = ["a", "b", "c", "d"]
    games = [{"seats": ["a", "b"], "winners": [1], "reason": "RESULT_REASON_RULES"},   # b wins
             {"seats": ["c", "d"], "winners": [0], "reason": "RESULT_REASON_RULES"}]   # c wins
    pairs, bye = T.next_round("swiss", names, 2, games, [])
    assert bye is None and pairs == [("b", "c"), ("a", "d")]  # winners meet, losers meet


def test_elo_on_known_inputs():
    # no virtual draw: a scored 3 of 4 against b, so their ratio of strengths is 3: 400·log10(3) apart
    ratings = T.elo_ratings(["a", "b"], [("a", "b", 1, 0)] * 3 + [("b", "a", 1, 0)], prior=0)
    assert ratings["a"][0] == pytest.approx(200 * math.log10(3)) == pytest.approx(95.42, abs=0.01)
    assert ratings["b"][0] == pytest.approx(-ratings["a"][0])
    lo, hi = ratings["a"][1]
    # Wilson 95 % interval of 3/4: [0.3006, 0.9544]; in Elo around b's rating
    assert lo == pytest.approx(-95.42 + 400 * math.log10(0.30064 / (1 - 0.30064)), abs=0.2)
    assert hi == pytest.approx(-95.42 + 400 * math.log10(0.95441 / (1 - 0.95441)), abs=0.2)
    # even scores: everyone at 0, symmetric intervals
    even = T.elo_ratings(["a", "b"], [("a", "b", 0.5, 0.5)] * 2)
    assert even["a"][0] == pytest.approx(0) and even["a"][1][0] == pytest.approx(-even["a"][1][1])
    # a perfect score stays finite with the default virtual draw; no game: 0 and no interval
    perfect = T.elo_ratings(["a", "b", "c"], [("a", "b", 1, 0)] * 4)
    assert math.isfinite(perfect["a"][0]) and perfect["a"][0] > 0 > perfect["b"][0]
    assert perfect["c"] == (0.0, None)


def test_results_and_order_of_standings():
    entrants = [T.Entrant("x", "random"), T.Entrant("y", "random")]
    games = [{"seats": ["x", "y"], "winners": [], "reason": "RESULT_REASON_DRAW_AGREED"},
             {"seats": ["y", "x"], "winners": [0], "reason": "RESULT_REASON_TIMEOUT"},
             {"seats": ["x", "y"], "winners": [], "reason": "RESULT_REASON_ABORTED"}]
    rows = {r["name"]: r for r in T.standings(entrants, games, [])}
    assert rows["y"]["points"] == 1.5 and rows["y"]["wins"] == 1 and rows["y"]["draws"] == 1
    assert rows["x"]["points"] == 0.5 and rows["x"]["losses"] == 1 and rows["x"]["aborted"] == 1
    assert rows["y"]["rank"] == 1 and rows["x"]["games"] == 2


def test_the_seat_count_is_one_the_game_offers_and_more_than_two_is_round_robin_only():
    assert T.check_seats("roma", 0, (2,)) == 2
    assert T.check_seats("rome-et-carthage", 0, (2, 3, 4)) == 2  # two when the game allows it
    assert T.check_seats("republic-of-carthage", 0, (3, 4, 5, 6)) == 3  # else its smallest count
    assert T.check_seats("rome-et-carthage", 4, (2, 3, 4), "round-robin", 5) == 4
    for args, words in ((("roma", 3, (2,)), "played by 2 players, not 3"),
                        (("rome-et-carthage", 3, (2, 3, 4), "swiss"), "round-robin"),
                        (("rome-et-carthage", 4, (2, 3, 4), "round-robin", 3), "at least 4 entrants")):
        with pytest.raises(T.TournamentError, match=words):
            T.check_seats(*args)


def test_points_share_the_games_one_point_among_its_winners():
    assert T.game_points([0], "RESULT_REASON_RULES") == (1.0, 0.0)
    assert T.game_points([], "RESULT_REASON_DRAW_AGREED") == (0.5, 0.5)
    assert T.game_points([0, 1], "RESULT_REASON_RULES") == (0.5, 0.5)
    assert T.game_points([2], "RESULT_REASON_RULES", 3) == (0.0, 0.0, 1.0)
    assert T.game_points([0, 3], "RESULT_REASON_RULES", 4) == (0.5, 0.0, 0.0, 0.5)
    assert T.game_points([], "RESULT_REASON_DRAW_AGREED", 3) == (1 / 3, 1 / 3, 1 / 3)
    assert T.game_points([1], "RESULT_REASON_ABORTED", 3) is None


def test_a_round_robin_of_tables_meets_every_table_of_n_entrants_once():
    pairs, bye = T.next_round("round-robin", ["a", "b", "c", "d"], 1, [], [], 3)
    assert bye is None and pairs == [("a", "b", "c"), ("a", "b", "d"), ("a", "c", "d"), ("b", "c", "d")]


def test_a_tables_seats_turn_so_each_entrant_sits_at_each_seat_equally():
    plan, start = T.table_plan(("a", "b", "c"), 6, "s", 1)
    assert start is None and plan[:3] == [("a", "b", "c"), ("b", "c", "a"), ("c", "a", "b")] and plan[3:] == plan[:3]
    for who in "abc":
        assert [sum(1 for p in plan if p[i] == who) for i in range(3)] == [2, 2, 2]
    plan, start = T.table_plan(("a", "b", "c"), 2, "s", 1)  # 3 does not divide 2: a seeded start
    assert start in (0, 1, 2) and T.table_plan(("a", "b", "c"), 2, "s", 1) == (plan, start)
    assert plan[0] == tuple(("a", "b", "c")[(i + start) % 3] for i in range(3))
    assert {T.table_plan(("a", "b", "c"), 1, f"seed-{i}", 1)[1] for i in range(30)} == {0, 1, 2}


def test_entrants_need_distinct_names_and_known_bots():
    assert T.parse_entrants(["a=random", "b=mcts:20"]) == [T.Entrant("a", "random"), T.Entrant("b", "mcts:20")]
    for bad, words in ((["a=random", "a=random"], "two entrants"), (["a=random", "b=chess"], "unknown bot"),
                       (["a random"], "NAME=SPEC"), (["a=random"], "at least two"),
                       (["a b=random", "c=random"], "entrant name")):
        with pytest.raises(T.TournamentError, match=words):
            T.parse_entrants(bad)


# ---- standings written as the event goes ---------------------------------------------

def test_standings_are_rewritten_after_every_game_marked_in_progress_until_the_end(tmp_path):
    """What an operator (or a crash) sees mid-event: the games played so far, status "in progress"."""
    from server.app import ServerThread

    out = tmp_path / "live"
    seen: list[tuple[str, int, int]] = []

    def say(line: str) -> None:  # called after each game, before the file takes that game in
        if line.startswith("game "):
            doc = load(out)
            seen.append((doc["status"], len(doc["games"]), sum(r["games"] for r in doc["standings"])))

    with ServerThread("memory") as srv:
        doc = T.run(srv.addr, "roma", T.parse_entrants(["ann=random", "bob=random"]), "round-robin", 3, out,
                    seed="live", say=say)
    assert seen == [("in progress", 0, 0), ("in progress", 1, 2), ("in progress", 2, 4)]
    final = load(out)
    assert final["status"] == "complete" and final == doc and len(final["games"]) == 3
    assert not list(out.glob(".*.tmp"))  # the temp file was renamed, none left behind


def test_verify_tournament_refuses_an_event_in_progress(copy, capsys):
    doc = load(copy)
    doc["status"] = "in progress"
    (copy / "standings.json").write_text(json.dumps(doc))
    code, out = audit_message(copy, capsys)
    assert code == 1 and "in progress" in out and "has not ended" in out


def test_older_directories_still_verify_and_an_unknown_format_is_refused(copy, capsys):
    """v2 (before everyone_lost) and v1 (before remote entrants: no status, no no_show, seats not
    reserved) are still audited."""
    doc = load(copy)
    assert doc["format"] == "carthago-tournament-v3"
    assert all(g["everyone_lost"] is False for g in doc["games"])  # Roma: a game without a winner is a draw
    doc["format"] = "carthago-tournament-v2"
    for g in doc["games"]:
        del g["everyone_lost"]
    (copy / "standings.json").write_text(json.dumps(doc))
    code, out = audit_message(copy, capsys)
    assert code == 0, out
    doc["format"] = "carthago-tournament-v1"
    del doc["status"], doc["show_timeout_s"]
    for g in doc["games"]:
        del g["no_show"]
    (copy / "standings.json").write_text(json.dumps(doc))
    code, out = audit_message(copy, capsys)
    assert code == 0, out
    doc["format"] = "carthago-tournament-v9"
    (copy / "standings.json").write_text(json.dumps(doc))
    code, out = audit_message(copy, capsys)
    assert code == 1 and "carthago-tournament-v9" in out and "carthago-tournament-v3" in out


def test_a_game_every_seat_lost_scores_nothing_and_is_no_draw():
    """The Republic of Carthage IX.5 (Échec): when Carthage fails every player loses; a tournament
    gives each seat 0 of the game's point and counts it a loss, where a draw shares the point."""
    assert T.game_points([], "RESULT_REASON_RULES", 3, everyone_lost=True) == (0.0, 0.0, 0.0)
    assert T.game_points([], "RESULT_REASON_RULES", 3) == (1 / 3, 1 / 3, 1 / 3)
    assert T._result_text((0.0, 0.0, 0.0)) == "0-0-0" and T._result_text((0.0, 0.0)) == "0-0"
    entrants = T.parse_entrants(["a=random", "b=random", "c=random"])
    games = [{"seats": ["a", "b", "c"], "winners": [], "reason": "RESULT_REASON_RULES", "everyone_lost": True},
             {"seats": ["b", "c", "a"], "winners": [0], "reason": "RESULT_REASON_RULES", "everyone_lost": False}]
    rows = {r["name"]: r for r in T.standings(entrants, games, [], 3)}
    assert (rows["a"]["losses"], rows["a"]["draws"], rows["a"]["points"]) == (2, 0, 0.0)
    assert (rows["b"]["wins"], rows["b"]["losses"], rows["b"]["points"]) == (1, 1, 1.0)


def test_every_seat_is_reserved_for_its_entrant_and_claimed_with_its_invite(played):
    from carthago.v1 import carthago_pb2 as pb
    from server.log import split_export

    doc = load(played)
    for g in doc["games"]:
        records = [pb.LogRecord.FromString(r.body) for _, r in split_export((played / g["file"]).read_bytes())]
        created = records[0].event.platform.game_created
        assert {r.seat: r.player for r in created.reserved_seats} == dict(enumerate(g["seats"]))
        claims = [r.event.platform.seat_claimed for r in records
                  if r.event.WhichOneof("game") == "platform" and r.event.platform.HasField("seat_claimed")]
        assert sorted((c.seat, c.player, c.invited) for c in claims) == [(0, g["seats"][0], True),
                                                                         (1, g["seats"][1], True)]


# ---- remote entrants ----------------------------------------------------------------

@pytest.fixture(scope="module")
def remote_event(tmp_path_factory):
    """ann (built in) against hal (a remote bot: the accept loop in a thread, as `carthago bot
    --accept --name hal --invites DIR` runs it), plus zed and yan, remote entrants whose bots never
    come: every kind of game (played, a no-show against someone present, nobody present)."""
    import io
    import threading

    from carthago.accept import Acceptor
    from carthago.bots import make_bot
    from server.app import ServerThread

    base = tmp_path_factory.mktemp("remote")
    out, invites = base / "event", base / "invites"
    log = io.StringIO()
    lines: list[str] = []
    with ServerThread("memory") as srv:
        acceptor = Acceptor(srv.addr, "hal", "random", make_bot, ["roma"], {}, out=log, invites=invites, seed="h")
        runner = threading.Thread(target=acceptor.run, daemon=True)
        runner.start()
        try:
            deadline = time.monotonic() + 20
            while not srv.host.feed.subscribers:
                assert time.monotonic() < deadline
                time.sleep(0.05)
            doc = T.run(srv.addr, "roma", T.parse_entrants(["ann=random", "hal=remote", "zed=remote", "yan=remote"]),
                        "round-robin", 1, out, seed="remote-seed", say=lines.append, invites=invites,
                        show_timeout=1.0)
        finally:
            acceptor.stopping.set()
            acceptor.events.put(("tick", None))
            runner.join(10)
    return out, invites, doc, log.getvalue(), lines


def test_a_remote_entrant_plays_its_games_through_the_feed_and_invites(remote_event, capsys):
    out, invites, doc, log, _ = remote_event
    games = {frozenset(g["seats"]): g for g in doc["games"]}
    played = games[frozenset(("ann", "hal"))]
    assert played["no_show"] == [] and played["reason"] in ("RESULT_REASON_RULES",)
    assert f"joined {played['game_id']} (challenge)" in log
    assert sorted(p.name for p in invites.iterdir()) == ["hal", "yan", "zed"]
    assert not [p for p in invites.rglob("*") if p.is_file()]  # each invite is removed once its game is seated
    code, text = audit_message(out, capsys)
    assert code == 0, text


def test_a_no_show_forfeits_to_the_entrant_present_and_nobody_present_aborts(remote_event):
    _, _, doc, _, lines = remote_event
    games = {frozenset(g["seats"]): g for g in doc["games"]}
    for present, absent in (("ann", "zed"), ("ann", "yan"), ("hal", "zed"), ("hal", "yan")):
        g = games[frozenset((present, absent))]
        assert g["no_show"] == [absent], g
        assert g["reason"] == "RESULT_REASON_RESIGNATION" and [g["seats"][w] for w in g["winners"]] == [present]
    both = games[frozenset(("zed", "yan"))]
    assert sorted(both["no_show"]) == ["yan", "zed"] and both["reason"] == "RESULT_REASON_ABORTED"
    rows = {r["name"]: r for r in doc["standings"]}
    assert rows["zed"]["losses"] == 2 and rows["zed"]["aborted"] == 1 and rows["zed"]["points"] == 0
    assert any("no-show: zed" in line for line in lines)


@pytest.mark.parametrize("change, words", [
    (lambda g: g.__setitem__("no_show", []), None),
    (lambda g: g.__setitem__("no_show", ["ann"]), "no_show"),
])
def test_a_no_show_mark_that_the_log_contradicts_fails(remote_event, tmp_path, capsys, change, words):
    out, _, doc, _, _ = remote_event
    copy_dir = Path(shutil.copytree(out, tmp_path / "copy"))
    edited = load(copy_dir)
    target = next(g for g in edited["games"] if sorted(g["seats"]) == ["ann", "zed"])
    change(target)
    (copy_dir / "standings.json").write_text(json.dumps(edited))
    code, text = audit_message(copy_dir, capsys)
    if words is None:  # unmarking a no-show: the log alone cannot tell it from a resignation at once
        assert code == 0, text
    else:
        assert code == 1 and words in text and "game" in text


def test_remote_entrants_need_an_invites_directory(tmp_path):
    with pytest.raises(T.TournamentError, match="--invites"):
        T.run("127.0.0.1:1", "roma", T.parse_entrants(["a=random", "b=remote"]), "round-robin", 1, tmp_path / "x")
    assert T.parse_entrants(["a=random", "b=remote"])[1].remote


def test_invites_inside_the_published_directory_are_refused(tmp_path):
    out = tmp_path / "event"
    for invites in (out / "invites", out, tmp_path / "elsewhere" / ".." / "event" / "x"):
        with pytest.raises(T.TournamentError, match="inside --out"):
            T.run("127.0.0.1:1", "roma", T.parse_entrants(["a=random", "b=remote"]), "round-robin", 1, out,
                  invites=invites)
    assert not out.exists()  # refused before anything is written


def test_remote_entrants_without_a_clock_get_the_stated_default(remote_event):
    _, _, doc, _, lines = remote_event
    assert doc["clock_ms"] == T.parse_clock(T.REMOTE_DEFAULT_CLOCK).as_dict() == T.parse_clock("5m").as_dict()
    assert any("no --clock" in line and "5m" in line for line in lines)


# ---- games of more than two seats -----------------------------------------------------

@pytest.fixture(scope="module")
def three_seats(tmp_path_factory) -> Path:
    """Rome et Carthage at three seats, three entrants: one table, three games, each seat in turn."""
    out = tmp_path_factory.mktemp("three") / "event"
    argv = ["tournament", "--game", "rome-et-carthage", "--players", "3", "--option", "no_progress_rounds=10",
            "--games-per-pairing", "3", "--seed", "tables", "--out", str(out)]
    for e in ("ann=random", "bob=random", "cid=random"):
        argv += ["--bot", e]
    assert cli.main(argv) == 0
    return out


def test_a_three_seat_round_robin_seats_every_table_at_every_seat_and_audits(three_seats, capsys):
    doc = load(three_seats)
    assert doc["players"] == 3 and len(doc["games"]) == 3
    assert [p["table"] for p in doc["pairings"]] == [["ann", "bob", "cid"]]
    for p in doc["pairings"]:
        seated = [doc["games"][n - 1]["seats"] for n in p["games"]]
        assert all(sorted(s.index(x) for s in seated) == [0, 1, 2] for x in p["table"])
    rows = {r["name"]: r for r in doc["standings"]}
    assert all(r["games"] + r["aborted"] == 3 and r["elo"] is None and r["elo_ci95"] is None for r in rows.values())
    assert sum(r["points"] for r in rows.values()) == pytest.approx(
        sum(1 for g in doc["games"] if g["reason"] != "RESULT_REASON_ABORTED"))
    for g in doc["games"]:
        got = T.game_points(g["winners"], g["reason"], 3)
        assert g["result"] == "aborted" if got is None else g["result"].count("-") == 2
    code, text = audit_message(three_seats, capsys)
    assert code == 0, text
    assert "   -  " in text  # no Elo for games of three seats


def test_a_three_seat_event_with_a_rotated_seat_fails_the_audit(three_seats, tmp_path, capsys):
    copy_dir = Path(shutil.copytree(three_seats, tmp_path / "copy"))
    doc = load(copy_dir)
    doc["pairings"][0]["table"] = ["ann", "cid", "bob"]
    (copy_dir / "standings.json").write_text(json.dumps(doc))
    code, text = audit_message(copy_dir, capsys)
    assert code == 1 and "round 1" in text and "pairings" in text


def test_remote_entrants_are_refused_on_the_in_process_server(tmp_path, capsys):
    code = cli.main(["tournament", "--game", "roma", "--bot", "a=random", "--bot", "b=remote", "--invites",
                     str(tmp_path / "inv"), "--out", str(tmp_path / "x")])
    assert code == 2 and "--server" in capsys.readouterr().err and not (tmp_path / "x").exists()


@pytest.mark.parametrize("field, absent, reason", [
    (("ann=random", "bob=random", "zed=remote"), ["zed"], "RESULT_REASON_RESIGNATION"),
    (("ann=random", "yan=remote", "zed=remote"), ["yan", "zed"], "RESULT_REASON_ABORTED"),
])
def test_no_shows_at_a_three_seat_table(tmp_path, capsys, field, absent, reason):
    """One no-show at a table of three resigns (the game's rules say who wins among the others);
    several are an abort (counts for nobody)."""
    from server.app import ServerThread

    out = tmp_path / "event"
    with ServerThread("memory") as srv:
        doc = T.run(srv.addr, "rome-et-carthage", T.parse_entrants(field), "round-robin", 1, out, players=3,
                    seed="ns", say=lambda line: None, invites=tmp_path / "inv", show_timeout=0.3)
    (g,) = doc["games"]
    assert sorted(g["no_show"]) == absent and g["reason"] == reason
    assert not any(g["seats"][w] in absent for w in g["winners"])
    code, text = audit_message(out, capsys)
    assert code == 0, text
