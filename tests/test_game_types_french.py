"""ListGameTypes in French (issue 36 item 5): the options' help (OptionInfo.doc) and the house bot's
levels (BotLevel.title, BotLevel.description) come in ListGameTypesRequest.language, as the words
requests' language does; "" is English, and any other language is refused before anything."""

from __future__ import annotations

import pytest

from carthago.v1 import carthago_pb2 as pb
from engine import registry
from search.levels import levels
from server.failures import HostError
from server.host import GameHost, HostConfig
from server.store import MemoryStore


def _host() -> GameHost:
    return GameHost(MemoryStore(), HostConfig())


def test_every_option_has_its_own_french_help_and_english_stays_the_default():
    host = _host()
    english = {g.id: g for g in host.list_game_types().games}
    assert {g.id: g for g in host.list_game_types("en").games} == english
    french = {g.id: g for g in host.list_game_types("fr").games}
    assert french.keys() == english.keys()
    options = 0
    for gid, game in french.items():
        specs = registry.get(gid).info.options
        for fr, en in zip(game.options, english[gid].options):
            options += 1
            assert fr.name == en.name and list(fr.values) == list(en.values) and fr.default == en.default
            assert en.doc == specs[en.name].doc
            assert fr.doc and fr.doc != en.doc, (gid, fr.name)  # French of its own, not the English kept
            # the sections and rulings a help cites stay cited in French
            for cite in ("§10.6", "§11.1", "V.7", "IX.4", "II.1", "V.5", "R27", "R30", "R31"):
                assert (cite in en.doc) == (cite in fr.doc), (gid, fr.name, cite)
    assert options == 14  # Hannibal 2, the Republic 4, Rome et Carthage 8 (Roma has none)
    assert "attrition des cols" in next(o.doc for o in french["hannibal"].options if o.name == "pass_attrition")


def test_the_levels_read_in_french_with_a_decimal_comma():
    french = {g.id: g for g in _host().list_game_types("fr").games}
    english = {g.id: g for g in _host().list_game_types().games}
    for gid in french:
        fr, en = french[gid].bot_levels, english[gid].bot_levels
        assert [lv.name for lv in fr] == [lv.name for lv in en] == [lv.name for lv in levels(gid)]
        assert [lv.millis_per_move for lv in fr] == [lv.millis_per_move for lv in en]
        assert [lv.description for lv in en] == [lv.describe() for lv in levels(gid)]
    ladder = french["roma"].bot_levels
    assert ladder[0].description == "20 lignes, au plus 0,1 s par coup"
    assert ladder[2].description == "0,25 s par coup"
    assert ladder[5].description == "2 s par coup, tous les cœurs"
    assert [lv.title for lv in ladder] == ["Novice", "Amateur", "Club", "Fort", "Expert", "Le plus fort"]
    assert english["roma"].bot_levels[0].description == "20 lines, at most 0.1 s a move"


@pytest.mark.parametrize("bad", ["de", "EN", "fr-FR", "français"])
def test_an_unknown_language_is_refused_naming_the_two(bad):
    with pytest.raises(HostError) as refused:
        _host().list_game_types(bad)
    assert refused.value.status == "INVALID_ARGUMENT" and refused.value.code == "BAD_LANGUAGE"
    assert "'en'" in refused.value.message and "'fr'" in refused.value.message
