"""The web client in a real browser (issue 14): Debian's chromium, driven by playwright-core
(clients/web/e2e/play.mjs), plays through the page served by an in-process server.

Every bot is the server's house bot (issue 36, 1): the page runs none and offers none of its own.

- Roma against the house bot's random moves, from the lobby to the result, by clicks; a reload mid-game keeps the
  seat and the log; a second browser context watching as a spectator sees every record; the replay
  slider of the finished game.
- Rome et Carthage, 4 players with three house bots (no_progress_rounds=10): the same, to its end (~300
  clicks, about 70 s here); CARTHAGO_BROWSER_SHORT=1 stops it after 40 moves for a quick run. Its
  log, the player's and the spectator's, and its move buttons read as sentences (the server's words:
  "West places a Carthage mercenary in Iol", "Move a piece: Galley Rhegium → Rome"): none
  is left in the generic "Piece placed: West, piece Carthage mercenary 3, city Iol" form (an event's
  kind as its head, a field name, a raw id or card such as "rome_elephant", "KH"), and the spectator
  reads the other seats' draws and face-down cards as counts, never as cards.
- Hannibal against the server's house bot (level 1, added from the game page by its creator): 30 moves on its board (the engine's map), half of them clicked on the board itself
  (spaces, stacks, cards) when it offers something, with the reload and spectator checks; the
  log's lines for the rules' questions (Flow records) say who is asked what in words ("Carthage
  (random bot 1) to move the army — Hasdrubal"), never a step's raw name; The Republic of
  Carthage's too ("Every player at once to redistribute talents, in secret").
  Then (issue 36, 7) the lobby's "your games" lists it as the player's turn, and a notification
  (opted in; the API recorded) comes once the game moved on without the page and the turn came back;
  the map's legend; a battle sought by clicks (armies sent toward the enemy) and its panel, rounds and
  result; every "rule now" link seen leads to its place in the rules page. A move that cannot be taken
  back is asked about first (the first cancelled and not sent, the others sent), and goes unasked
  once the page's switch is off; resigning always asks.
- The Republic of Carthage, 3 players with two house bots (chosen in the lobby): 40 moves, the same way (senators, cards, wars
  on the board); first one public message of table talk (R110), seen in the chat panel of the
  player's page and of the spectator's (who has no input to talk). Its log, the player's and the
  spectator's, and the line of the player's own secret choices read in words (src/rocWords.ts): no
  raw option string ("senator:11>senator:9", "=2", "faction:1") nor a generic "Choice made" is left;
  the spectator reads the other seats' secret II.10 moves as "… plans its redistribution in secret",
  never the moves. The move buttons and their headings read as moves too ("Redistribute talents, in
  secret: Move talents from Bomilcar to Hamilcar"): no raw option string, nor "source "/"target ".
- Creator leaves: a Roma game whose two seats the creator gives to house bots (the lobby's "the
  other seats", the game page's "Add a house bot"); her page closes mid-game, and the friend's page,
  opened from the invite link, shows the game played on to its end.
- The Roma game is created with a clock (30 minutes + 5 s): a clock per seat is shown and ticks.
- In every game, the network drops under the page (context.setOffline) while six moves are made from
  outside it with the page's own tokens: back online, the page resumes its stream from its last seq
  (checked on the request it sends), without a reload, holding its seat, each record once in order.

Screenshots of each board go to clients/web/e2e/out/ (to docs/screenshots/ with
CARTHAGO_SCREENSHOTS=1, as `make screenshots` does, for the README).
Skipped, with the reason, only where chromium, Node.js or the built client are missing
(`make test` installs chromium from Debian's packages when it can, and `make setup` builds the client).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from carthago import Client
from server.app import ServerThread
from server.host import HostConfig
from server.http import WEB_ROOT

ROOT = Path(__file__).resolve().parents[1]
WEB = ROOT / "clients" / "web"
CHROMIUM = Path("/usr/bin/chromium")
FULL = os.environ.get("CARTHAGO_BROWSER_SHORT") != "1"


def _missing() -> str | None:
    if not CHROMIUM.exists():
        return ("/usr/bin/chromium is missing: `make test` installs Debian's chromium with apt-get when it runs as "
                "root; install it with `apt-get install -y chromium`")
    if shutil.which("node") is None:
        return "node is not installed: the web client cannot be built nor driven"
    if not (WEB / "node_modules" / "playwright-core").is_dir():
        return f"{WEB / 'node_modules'} has no playwright-core: run `make setup` (npm ci in clients/web)"
    if not (WEB_ROOT / "index.html").is_file():
        return f"the web client is not built ({WEB_ROOT}): run `make setup` with Node.js >= 20.19"
    return None


# Each scenario is its own test (`-k roma`, `-k house_bots`, `-k invites`), with its own server and browser.



def _run(scenario: str, while_serving=None) -> tuple[dict, Path]:
    """Run one scenario of e2e/play.mjs against a server of its own; ``while_serving(server, result)``
    is called before that server stops (to ask it what the page should have shown)."""
    reason = _missing()
    if reason:
        print(f"\n*** SKIPPING THE BROWSER TEST: {reason}")
        pytest.skip(f"SKIPPED LOUDLY: {reason}")
    out = ROOT / "docs" / "screenshots" if os.environ.get("CARTHAGO_SCREENSHOTS") == "1" else WEB / "e2e" / "out"
    with ServerThread("memory", HostConfig(bot_workers=1), http={"addr": "127.0.0.1:0"}) as server:
        cmd = ["node", "e2e/play.mjs", "--base", server.web.url, "--out", str(out), "--chromium", str(CHROMIUM),
               "--scenario", scenario]
        if FULL:
            cmd.append("--full")
        try:
            done = subprocess.run(cmd, cwd=WEB, capture_output=True, text=True, timeout=900 if FULL else 300)
        except subprocess.TimeoutExpired as exc:
            pytest.fail(f"the browser test did not finish in time\nstdout:\n{exc.stdout}\nstderr:\n{exc.stderr}")
        results = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
        report = "\n".join(json.dumps(r) for r in results)
        assert done.returncode == 0, f"browser test failed:\n{report}\nstdout:\n{done.stdout}\nstderr:\n{done.stderr[-4000:]}"
        assert [r["name"] for r in results] == [scenario], report
        print("\n" + report)
        if while_serving is not None:
            while_serving(server, results[0])
    return results[0], out


def _common(r: dict, out: Path) -> None:
    """What every game played by clicks shows: the spectator saw every record, the page resumed its
    stream after the network dropped, a screenshot was taken."""
    report = json.dumps(r)
    assert r["spectatorRecords"] >= r["head"] + 1, report
    drop = r["drop"]
    assert drop["offlineMoves"] > 0 and drop["resumedFrom"] > 0 and drop["head"] >= drop["resumedFrom"], report
    assert (out / f"{r['name']}.png").is_file()
    # every other seat was the server's house bot (the page runs none of its own)
    assert "house bot (" in (r["houseSeated"] or ""), report
    # no HTTP 409 in the console but for a record that came while a move was on its way (the page
    # says so, then sends it again): a move chosen from a list the stream had already outdated is
    # listed again and sent, never refused
    assert len(r["conflicts"]) <= r["staleRaces"], report


# Longer than the subprocess's own limit (900 s with --full), so that a slow run on a loaded machine
# fails with the browser's own output rather than pytest-timeout's default 600 s.
@pytest.mark.timeout(1200)
def test_roma_by_clicks_with_a_clock_reload_and_replay():
    r, out = _run("roma")
    _common(r, out)
    report = json.dumps(r)
    assert r["over"] and r["replayed"], report
    assert r["cardDisc"]["discClicked"], report  # a card, then a disc: the move was made (issue 36, 8)
    # the rules' questions in the log in words ("First to choose which of the cards looked at to keep")
    assert r["stepWords"]["steps"] > 0 and r["stepWords"]["raw"] == [], report
    # the move buttons in the server's words (ListLegalCommands.words), never a bare number
    assert r["romaLabels"]["labels"] > 0 and r["romaLabels"]["bare"] == [], report
    # every card on the board by Roma's own name (its Nero was once Hannibal's C. Claudius Nero)
    assert r["stepWords"]["cards"] > 0 and r["stepWords"]["strangeCards"] == [], report
    clocks = r["clocks"]
    assert clocks and clocks["before"] != clocks["after"], report


@pytest.mark.timeout(1200)
def test_rome_et_carthage_four_players_in_words():
    r, out = _run("rome-et-carthage")
    _common(r, out)
    report = json.dumps(r)
    if FULL:
        assert r["over"], report
    assert r["optionDocs"] == 8, report  # each of its options with the server's help beside it
    words = r["rawWords"]
    assert words["lines"] > 0 and words["placed"] > 0 and words["turnsEnded"] > 0, report
    assert words["raw"] == [], f"Rome et Carthage log lines still in the generic words: {words['raw']}"
    assert words["hiddenDraws"] > 0, report  # the spectator reads other seats' draws as counts …
    assert words["spectatorSecrets"] == [], f"the spectator reads hidden cards: {words['spectatorSecrets']}"  # … never cards
    assert words["labels"] > 0, report
    assert words["rawLabels"] == [], f"Rome et Carthage move buttons still in the generic words: {words['rawLabels']}"
    assert words["unstepped"] == [], f"Rome et Carthage move buttons with no heading of their own: {words['unstepped']}"
    assert words["partners"] > 0, report  # 4 players: each seat card names its partner …
    assert words["rawBoard"] == [], f"Rome et Carthage board lines in raw words: {words['rawBoard']}"  # … no "team 1"


@pytest.mark.timeout(1200)
def test_hannibal_against_a_level_house_bot_on_the_board():
    r, out = _run("hannibal")
    _common(r, out)
    report = json.dumps(r)
    assert "house bot (level:1)" in (r["houseSeated"] or ""), report  # the server played seat 1
    assert r["boardClicks"] > 0, report
    labels = r["hannibalLabels"]  # no bare option word ("Claim"), no "pass: pass"
    assert labels["labels"] > 0 and labels["raw"] == [], report
    steps = r["stepWords"]  # the rules' questions in the log, in words
    assert steps["steps"] > 0, report
    assert steps["raw"] == [], f"hannibal log lines naming a step in raw words: {steps['raw']}"
    assert "(tester) resigned" in (r["resigned"] or ""), report  # GameStatus.ended_by_seat shown
    # issue 36, 7. A move that cannot be taken back (confirm.ts) is asked about first: nothing goes while
    # the page asks, a cancelled one never goes, a confirmed one goes; switched off, one goes unasked
    c = r["confirmed"]
    assert c["asked"] >= 2 and c["cancelled"] == 1 and c["sent"] >= 1 and c["unasked"] >= 1, report
    x = r["extra"]
    yours = x["yours"]  # the lobby's "your games" shows the game as the player's turn ...
    assert "your turn" in yours["listed"], report
    # ... no notification for what the page already showed; one when the game moved on and came back
    assert yours["early"] == 0 and yours["outside"] >= 1, report
    assert any(n["title"].startswith("Your turn") and r["gameId"] in n["body"] for n in yours["notes"]), report
    assert x["legend"]["items"] >= 20, report  # the map's legend: the engine's symbols and the page's
    # the rule of the pending decision links into RULES.md, and every target seen is there
    assert (r["rule"] or "").startswith("The rule now:"), report
    assert x["rules"] and all(t["found"] and t["marked"] and t["words"] > 0 for t in x["rules"]), report
    b = x["battle"]  # a battle sought on the board: its panel has its rounds and its result, as the log
    assert b["ended"] and b["rounds"] >= 1 and b["rounds"] == b["resultRounds"], report
    assert all(card for card in b["cards"]), report  # each round names the card that attacked
    assert any(f"after {b['rounds']} round" in t for t in b["ended"]) or b["result"].startswith("No winner"), report
    assert re.match(r"(Rome|Carthage) wins after|No winner", b["result"]), report
    clocks = r["clocks"]  # created with a simple delay from the lobby's clock kinds
    assert clocks and clocks["before"] != clocks["after"], report


@pytest.mark.timeout(1200)
def test_republic_of_carthage_talk_and_secret_words():
    r, out = _run("republic-of-carthage")
    _common(r, out)
    report = json.dumps(r)
    assert r["boardClicks"] > 0, report
    assert r["said"], report
    words = r["rawWords"]
    assert words["lines"] > 0 and words["redactedChoices"] > 0, report
    assert words["raw"] == [], f"log lines still in the engine's raw words: {words['raw']}"
    assert words["spectatorSecrets"] == 0, report
    assert words["labels"] > 0, report  # the move buttons read as moves, not as the command's fields
    assert words["rawLabels"] == [], f"move buttons still in the engine's raw words: {words['rawLabels']}"
    assert words["unstepped"] == [], f"move buttons read without their step: {words['unstepped']}"
    steps = r["stepWords"]
    assert steps["steps"] > 0, report
    assert steps["raw"] == [], f"republic-of-carthage log lines naming a step in raw words: {steps['raw']}"
    assert r["legendItems"] >= 8, report  # the board's legend: war numbers, tokens, senators' columns


@pytest.mark.timeout(600)
def test_house_bots_finish_the_game_after_the_creators_page_closes():
    """Issue 36, 1: the creator seats house bots (from the lobby and the game page) and closes her
    page while the game runs; the friend's page, opened from the invite link, shows the end."""
    r, _ = _run("creator-leaves")
    report = json.dumps(r)
    assert r["head"] > r["headAtClose"], report
    assert sorted(r["houseBots"]) == ["level:4", "random"], report
    assert r["result"].startswith("Game over"), report


@pytest.mark.timeout(600)
def test_invites_reserved_seats_read_as_reserved_and_a_link_takes_its_seat():
    """Issue 36, 2: a seat reserved as `carthago new --reserve 1=Bob` does reads "reserved for Bob"
    in the lobby and the game page (no button that would answer SEAT_RESERVED); a wrong invite link
    says so in words; Bob's link takes his seat under his name and leaves the address bar; a friend
    with no name yet is asked one before taking a seat."""
    r, _ = _run("invites")
    report = json.dumps(r)
    assert "Second: reserved for Bob" in r["lobbySeats"] and "reserved for Bob" in r["reservedRow"], report
    assert "invite" in r["wrongInvite"] and "INVALID_INVITE" not in r["wrongInvite"], report
    assert r["seats"] == ["Cleo", "Bob"], report


@pytest.mark.timeout(600)
def test_challenges_two_players_decline_then_accept_into_their_seats_of_a_rated_game():
    """Issue 32, 3 (the web's part): two browsers register two players; the challenge form's
    refusals read in words; a challenge sent while the other page is offline reaches it once it is
    back (its stream reconnects); a declined challenge makes no game; an accepted one (Roma, a
    clock, rated) seats each player in the seat kept for its key, checked on the server (GetGame),
    and the lobby's stream tells the game finished; a seat kept while its player's page was elsewhere
    is listed in the lobby and taken from the game page; the lobby makes rated games (not with a
    house bot), marked so."""
    def on_server(server, r):
        # the server's own word, in process: the seats hold the players' keys, the game is rated
        with Client(server.addr, timeout=20) as client:
            game = client.game(r["gameId"])
        assert game.rated, r
        assert [s.player for s in game.seats] == ["alice", "bob"], r
        assert all(len(s.player_key) == 32 for s in game.seats), r

    r, out = _run("challenges", while_serving=on_server)
    report = json.dumps(r)
    assert "yourself" in r["self"] and "CHALLENGE_SELF" not in r["self"], report
    assert "No player" in r["nobody"] and "UNKNOWN_PLAYER" not in r["nobody"], report
    assert "declined" in r["declinedRow"], report
    assert "From alice" in r["offeredText"] and "30 min + 5 s a move" in r["offeredText"], report
    assert r["seats"] == ["alice", "bob"] and r["rated"] is True and r["moved"] >= 1, report
    assert r["marked"] and r["lobbyRated"], report
    assert "you won" in r["finishedText"], report
    # a seat kept while its player's page was elsewhere: listed by the lobby's stream, taken from the game page
    assert "A seat is kept for you" in r["waitingText"] and r["takeMineText"] == "Take my seat", report
    assert r["keptSeats"] == ["bob", "alice"], report
    assert "has started: you play Second (seat 1)" in r["startedText"], report
    # the lobby's rated box: refused with a house bot, a rated game with people
    assert r["ratedWithBot"] and r["ratedWithPeople"] and r["lobbyGameRated"] is True, report
    assert (out / "challenges.png").is_file()


def test_the_vite_dev_server_passes_the_api_on_to_the_server():
    """Issue 36, 8: the README's `npx vite` loop reaches the server (vite.config.ts's proxy of the
    API's paths to CARTHAGO_HTTP): a Connect call made to the dev server's origin is answered."""
    import socket
    import time
    import urllib.request

    vite = WEB / "node_modules" / ".bin" / "vite"
    if shutil.which("node") is None or not vite.exists():
        pytest.skip(f"SKIPPED LOUDLY: no node or no {vite}: run `make setup`")
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    with ServerThread("memory", HostConfig(), http={"addr": "127.0.0.1:0"}) as server:
        env = {**os.environ, "CARTHAGO_HTTP": server.web.url}
        dev = subprocess.Popen([str(vite), "--port", str(port), "--strictPort", "--host", "127.0.0.1"], cwd=WEB, env=env,
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        try:
            body, deadline = None, time.monotonic() + 60
            while body is None and time.monotonic() < deadline:
                req = urllib.request.Request(f"http://127.0.0.1:{port}/carthago.v1.GameService/ListGameTypes", data=b"{}",
                                             headers={"content-type": "application/json"})
                try:
                    with urllib.request.urlopen(req, timeout=5) as res:
                        body = json.loads(res.read())
                except OSError:
                    assert dev.poll() is None, dev.stderr.read().decode()[-2000:]
                    time.sleep(0.3)
            assert body is not None, "the dev server did not answer"
            assert {g["id"] for g in body["games"]} == {"roma", "rome-et-carthage", "hannibal", "republic-of-carthage"}
        finally:
            dev.terminate()
            dev.wait(10)


@pytest.mark.timeout(600)
def test_a_phone_no_overflow_a_map_that_zooms_and_pans_and_army_labels_apart():
    """Issue 36, 6: at 390 px the lobby and a Hannibal game's page are no wider than the screen;
    the map zooms in (wider than its frame, which scrolls: it pans), keeps its scroll, and fits back;
    through 30 positions of a whole game no army label covers another (clients/web/e2e/out/
    hannibal-phone*.png are the screenshots to look at)."""
    r, out = _run("phone")
    report = json.dumps(r)
    assert r["lobbyOverflow"] == 0 and r["gameOverflow"] == 0, report
    assert r["fitted"] == 0 and r["refitted"] == 0, report
    assert r["zoomed"]["wider"] > 0 and r["panned"] > 0 and r["kept"] == r["panned"], report
    assert r["stacks"] > 0 and r["overlaps"] == 0, report
    assert r["stacksInGame"] > 0 and r["overlapsInGame"] == 0, report
    assert (out / "hannibal-phone.png").is_file() and (out / "hannibal-phone-zoomed.png").is_file()


def _server_words(server, game_id: str, language: str) -> dict[int, str]:
    """Each record of the game in the server's words, as a spectator reads them."""
    words: dict[int, str] = {}
    with Client(server.addr, timeout=20) as c:
        head = c.game(game_id).head_seq
        for batch in c.stream(game_id, with_words=True, language=language):
            words.update((r.seq, r.words) for r in batch.events)
            if words and max(words) >= head:
                break
    return words


def test_a_french_browser_gets_the_page_and_the_servers_words_in_french():
    """Issue 36, 5: the page follows the browser's language (fr-FR here): the lobby's own strings are
    French, and every line of a game's log is the server's French sentence for that record; the
    switch turns it to English (the server's English sentences), and the choice is kept."""
    expected: dict[str, dict[int, str]] = {}

    def ask(server, r):
        for language in ("fr", "en"):
            expected[language] = _server_words(server, r["gameId"], language)

    r, out = _run("french", while_serving=ask)
    report = json.dumps({k: v for k, v in r.items() if k not in ("fr", "en")})
    assert r["lobby"] == {"language": "fr", "create": "Créer la partie", "htmlLang": "fr"}, report
    for language in ("fr", "en"):
        shown = {seq: text for seq, text in r[language]}
        assert max(shown) >= r["head"] and len(shown) > 20, report
        assert shown == {seq: expected[language][seq] for seq in shown}, (language, report)
    differ = sum(expected["fr"][seq] != expected["en"][seq] for seq, _ in r["fr"])
    assert differ == len(r["fr"]), report  # every French line is French, not an English one kept
    assert r["kept"] == "en", report
    assert r["storedBefore"] is None, report  # the browser's language was followed, not pinned
    # the lobby's options' help and levels: the server's French (ListGameTypes with language "fr")
    assert r["help"]["passAttrition"].startswith("l'attrition des cols (§10.6)"), report
    assert any("robot du serveur 1, Novice (20 lignes, au plus 0,1 s par coup)" in o for o in r["help"]["levels"]), report
    # the result line: the rules' end in the server's words of the game's GameEnded record, per language
    for language, line in (("fr", r["resultFr"]), ("en", r["resultEn"])):
        ends = [w for w in expected[language].values() if w and w in line]
        assert ends, (language, line, report)
    assert r["resultFr"].startswith("Partie finie") and r["resultEn"].startswith("Game over"), report
    rc, roc = r["boards"]["rome-et-carthage"], r["boards"]["republic-of-carthage"]
    assert "manche" in rc and "une capitale" in rc and " round " not in rc and "a capital" not in rc, rc[:600]
    assert "trésor de faction" in roc and "faction treasury" not in roc and "Sénateurs" in roc, roc[:600]
    assert "Tour " in roc and "Turn " not in roc and "Tax rate" not in roc, roc[:600]
    assert "tout perdu" in roc and "all lost" not in roc and "Peste" in roc, roc[:600]  # the printed tables
    hannibal = r["boards"]["hannibal"]
    assert "points politiques" in hannibal and "political points" not in hannibal and "Tour " in hannibal, hannibal[:600]
    assert "Conquest of Tunisia" not in roc and "Periplus of" not in roc, roc[:600]  # the wars by the data's French names
    assert (out / "roma-fr.png").is_file()
