"""The `carthago` command line, run as a user runs it."""

from __future__ import annotations

import subprocess
import sys

import pytest

from carthago import cli

CARTHAGO = [sys.executable, "-m", "carthago.cli"]


def run(*args: str, timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run([*CARTHAGO, *args], capture_output=True, text=True, timeout=timeout)


def test_games_lists_each_game_then_its_player_counts():
    out = run("games", "--local")
    assert out.returncode == 0, out.stderr
    assert "roma\t2" in out.stdout.splitlines()


def test_play_local_prints_result_game_id_and_log_hash_and_its_export_verifies(tmp_path):
    log = tmp_path / "game.log"
    out = run("play", "roma", "--bots", "random,random", "--local", "--seed", "5", "--export", str(log))
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert any(line.startswith("game id: roma-") for line in lines)
    assert any(line.startswith("log hash: ") and len(line.split()[-1]) == 64 for line in lines)
    ok = run("verify", str(log))
    assert ok.returncode == 0 and ok.stdout.startswith("OK:"), ok.stdout
    data = bytearray(log.read_bytes())
    data[len(data) // 2] ^= 0x40
    log.write_bytes(bytes(data))
    bad = run("verify", str(log))
    assert bad.returncode == 1 and bad.stdout.startswith("INVALID at seq"), bad.stdout


def test_play_needs_one_bot_per_seat():
    out = run("play", "roma", "--bots", "random", "--local")
    assert out.returncode != 0 and "needs 2 bots" in out.stderr


def test_no_server_gives_a_clear_message():
    out = run("play", "roma", "--bots", "random,random", "--server", "127.0.0.1:1", timeout=60)
    assert out.returncode == 1 and "no Carthago server answers" in out.stderr


def test_engine_commands_say_what_to_install_when_only_the_client_is_present(monkeypatch):
    monkeypatch.setitem(sys.modules, "engine", None)  # as if the server package were absent
    with pytest.raises(SystemExit) as exc:
        cli.main(["verify", "whatever.log"])
    assert "carthago-server" in str(exc.value) and "make setup" in str(exc.value)


def test_four_random_bots_play_rome_et_carthage_out_and_any_seq_renders(tmp_path):
    """Issue 4: four random bots finish a game through a server, its export verifies, and
    `carthago render FILE --seq N` draws the position at that seq (one marker per piece)."""
    log = tmp_path / "rc.log"
    out = run("play", "rome-et-carthage", "--players", "4", "--bots", "random,random,random,random", "--local",
              "--seed", "3", "--option", "no_progress_rounds=10", "--export", str(log))
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("rome-et-carthage: "), out.stdout
    ok = run("verify", str(log))
    assert ok.returncode == 0 and ok.stdout.startswith("OK:"), ok.stdout
    svg_file = tmp_path / "board.svg"
    drawn = run("render", str(log), "--seq", "200", "-o", str(svg_file))
    assert drawn.returncode == 0, drawn.stderr
    svg = svg_file.read_text()
    assert svg.startswith("<svg") and "at seq 200" in svg
    # one marker per occupied city of the position replayed from the log up to seq 200
    state = replay_until(log.read_bytes(), 200)
    assert state.at, "seq 200 is after the placement: pieces stand on the board"
    assert svg.count('<g class="piece"') == len(state.at)
    for city, piece in state.at.items():
        assert f'id="piece-{city}" data-owner="{piece.split("_")[0]}"' in svg


def replay_until(data: bytes, seq: int):
    from carthago.v1 import carthago_pb2 as pb
    from engine import registry
    from engine.core import GameConfig
    from engine.session import Session
    from server.log import game_event_of, split_export
    from server.wire import wire_for

    bodies = [pb.LogRecord.FromString(s.body) for _, s in split_export(data)][: seq + 1]
    created = bodies[0].event.platform.game_created
    game = registry.get(created.game_type)
    events = [e for b in bodies if (e := game_event_of(wire_for(game), b)) is not None]
    config = GameConfig(created.players, dict(created.options))
    return Session.replay(game, config, b"", events).state


# ---- issue 16, item 13: what a newcomer tripped on ----------------------------------------------

def test_item13_an_unknown_bot_is_named_without_a_traceback():
    out = run("play", "roma", "--bots", "random,clever", "--local")
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert "unknown bot 'clever'" in out.stderr and "random" in out.stderr


def test_item13_cli_errors_say_their_code_once():
    from server.app import ServerThread

    with ServerThread() as s:
        out = run("new", "chess", "--server", s.addr)
    assert out.returncode == 1
    assert out.stderr.startswith("error: UNKNOWN_GAME_TYPE: no game type 'chess'"), out.stderr
    assert out.stderr.count("UNKNOWN_GAME_TYPE") == 1


def test_item13_render_help_says_game_type_and_a_finished_game_on_the_server_draws(tmp_path):
    from carthago import Client
    from server.app import ServerThread

    help_text = run("render", "--help").stdout
    assert "game type" in help_text and "--server" in help_text
    with ServerThread() as s, Client(s.addr) as c:
        from carthago.cli import play_game

        game_id, _, _ = play_game(c, "rome-et-carthage", 2, {"no_progress_rounds": "10"}, ["random", "random"], "4")
        out = run("render", game_id, "--server", s.addr, "--seq", "60", "-o", str(tmp_path / "g.svg"))
        assert out.returncode == 0, out.stderr
        assert (tmp_path / "g.svg").read_text().startswith("<svg")
        live = c.create("rome-et-carthage").game_id
        out = run("render", live, "--server", s.addr, "-o", str(tmp_path / "h.svg"))
        assert out.returncode == 1 and "still in play" in out.stderr and "Traceback" not in out.stderr


def test_item13_watch_prints_one_readable_line_per_event_with_zero_values_and_the_author_apart():
    from carthago.cli import describe
    from carthago.v1 import carthago_pb2 as pb

    record = pb.EventRecord(seq=7, actor=0, event=pb.GameEvent(platform=pb.PlatformEvent(
        seat_claimed=pb.SeatClaimed(seat=1, player=""))))
    line = describe(record, ["first", "second"])
    assert line.split()[:2] == ["7", "seat_claimed"]
    assert "seat=1" in line and 'player=""' in line  # the subject, and a zero value shown
    assert line.endswith("(by seat 0 (first))")  # the author, said apart from the subject


def test_item13_verify_fed_the_jsonl_says_to_pass_the_binary_log(tmp_path):
    path = tmp_path / "game.log.jsonl"
    path.write_text('{"seq": 0}\n')
    out = run("verify", str(path))
    assert out.returncode == 2 and "binary log" in out.stderr and str(tmp_path / "game.log") in out.stderr


def test_new_with_reserved_seats_prints_each_invite_once_and_it_opens_its_seat():
    """Issue 16, item 8: `carthago new --reserve SEAT=NAME` for tournament operators."""
    from carthago import Client
    from server.app import ServerThread

    with ServerThread() as s:
        out = run("new", "roma", "--reserve", "1=Bob", "--server", s.addr)
        bad = run("new", "roma", "--reserve", "Bob", "--server", s.addr)
        with Client(s.addr) as client:
            assert out.returncode == 0, out.stderr
            game_id = next(x.split()[-1] for x in out.stdout.splitlines() if x.startswith("game id: "))
            invites = [x for x in out.stdout.splitlines() if x.startswith("invite for seat 1 (Bob): ")]
            assert len(invites) == 1
            # and its link for a browser (issue 36, 2): the web client's game page claims the seat
            link = f"http://127.0.0.1:8080/game/{game_id}?invite={invites[0].split()[-1]}"
            assert f"  in a browser: {link}" in out.stdout.splitlines()
            seat = client.join(game_id, invite=invites[0].split()[-1])
            assert seat.seat == 1 and client.game(game_id).seats[1].player == "Bob"
    assert bad.returncode != 0 and "SEAT=NAME" in bad.stderr


def test_verify_of_several_logs_runs_them_in_parallel_and_names_each_verdict(tmp_path):
    """Issue 17: `carthago verify A B C` checks every log (one process per core), prints each
    verdict after its file's name in the order given, a summary, and fails if any log does."""
    logs = []
    for seed in ("1", "2", "3"):
        log = tmp_path / f"g{seed}.log"
        out = run("play", "roma", "--bots", "random,random", "--local", "--seed", seed, "--export", str(log))
        assert out.returncode == 0, out.stderr
        logs.append(str(log))
    ok = run("verify", *logs, "--jobs", "2")
    assert ok.returncode == 0, ok.stdout + ok.stderr
    lines = ok.stdout.splitlines()
    assert [line.split(": ", 1)[0] for line in lines[:3]] == logs
    assert all(line.split(": ", 1)[1].startswith("OK:") for line in lines[:3])
    assert lines[3] == "3 logs: 3 verified, 0 INVALID, 0 not checked (2 processes)"
    data = bytearray(open(logs[1], "rb").read())
    data[len(data) // 2] ^= 0x40
    open(logs[1], "wb").write(bytes(data))
    bad = run("verify", *logs)
    assert bad.returncode == 1
    verdicts = dict(line.split(": ", 1) for line in bad.stdout.splitlines()[:3])
    assert verdicts[logs[1]].startswith("INVALID at seq") and verdicts[logs[0]].startswith("OK:")
    missing = run("verify", logs[0], str(tmp_path / "nope.log"))
    assert missing.returncode == 2 and "cannot read" in missing.stderr
    refused = run("verify", *logs, "--head", "00" * 32)
    assert refused.returncode != 0 and "--head names one log's head" in refused.stderr


def test_calling_main_in_a_program_leaves_its_sigpipe_alone():
    """`carthago watch ID | head` ends quietly because the command line restores SIGPIPE's default;
    a program that calls main(argv) (these tests, a notebook) must keep Python's (ignored: a write to
    a closed socket is an exception, not the death of the process). It killed a whole test run once."""
    import signal

    before = signal.signal(signal.SIGPIPE, signal.SIG_IGN)
    try:
        with pytest.raises(SystemExit):
            cli.main(["--help"])
        assert signal.getsignal(signal.SIGPIPE) == signal.SIG_IGN
    finally:
        signal.signal(signal.SIGPIPE, before)


def test_join_prints_a_seat_token_that_resign_takes():
    """Issue 36, 8: `carthago join GAME_ID` takes a seat from the command line and prints its token,
    the one `resign`/`draw`/`abort` need; a taken seat is refused and changes nothing."""
    from carthago import Client
    from server.app import ServerThread

    with ServerThread() as s:
        made = run("new", "roma", "--server", s.addr)
        game_id = next(x.split()[-1] for x in made.stdout.splitlines() if x.startswith("game id: "))
        ann = run("join", game_id, "--name", "Ann", "--server", s.addr)
        again = run("join", game_id, "--seat", "0", "--name", "Eve", "--server", s.addr)
        bob = run("join", game_id, "--name", "Bob", "--server", s.addr)
        assert ann.returncode == 0 and bob.returncode == 0, ann.stderr + bob.stderr
        assert ann.stdout.startswith(f"seat 0 (first) of {game_id}, as Ann")
        assert again.returncode != 0 and "SEAT_TAKEN" in again.stderr
        token = ann.stdout.splitlines()[-1].split()[-1]
        resigned = run("resign", game_id, "--token", token, "--server", s.addr)
        assert resigned.returncode == 0, resigned.stderr
        with Client(s.addr) as client:
            game = client.game(game_id)
            assert [x.player for x in game.seats] == ["Ann", "Bob"]
            assert game.status.over and list(game.status.winners) == [1]


def test_watch_with_words_prints_the_servers_sentence_for_each_record():
    """`carthago watch ID --words` (issue 36 item 4): each record in the server's words for what the
    watcher sees; a spectator reads the others' hands as counts."""
    from carthago import Client
    from server.app import ServerThread

    with ServerThread() as s:
        with Client(s.addr) as client:
            game_id = client.create("roma").game_id
            seats = [client.join(game_id, seat=x, player=f"p{x}") for x in range(2)]
            seats[0].platform("abort")  # before any move: over at once, so the stream ends
        out = run("watch", game_id, "--words", "--server", s.addr)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert any(x.endswith("p1 takes Second") for x in lines), lines
    assert any("is dealt 4 cards (which: hidden from you)" in x for x in lines), lines
    assert any(x.endswith("First aborts the game: no result") for x in lines), lines
    assert not any("deck_shuffled" in x or "(by " in x for x in lines), lines


def test_watch_with_words_in_french():
    """`carthago watch ID --words --lang fr` (issue 36 item 5): the same records in the server's
    French words, redacted the same way."""
    from carthago import Client
    from server.app import ServerThread

    with ServerThread() as s:
        with Client(s.addr) as client:
            game_id = client.create("roma").game_id
            seats = [client.join(game_id, seat=x, player=f"p{x}") for x in range(2)]
            seats[0].platform("abort")
        out = run("watch", game_id, "--words", "--lang", "fr", "--server", s.addr)
        refused = run("watch", game_id, "--words", "--lang", "xx", "--server", s.addr)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert any(x.endswith("p1 prend la place Second") for x in lines), lines
    assert any("reçoit 4 cartes (lesquelles : cachées pour vous)" in x for x in lines), lines
    assert any(x.endswith("Premier annule la partie : sans résultat") for x in lines), lines
    assert refused.returncode == 2 and "--lang" in refused.stderr
