"""The Republic of Carthage's commands in French (``notation.describe_command(s, seat, command,
"fr")``), one line each, as notation.py writes them in English and by the same rules: each answer
phrased by the step it answers (``PHRASES`` by step and command kind, ``OPTIONS`` by step and option
word, ``SECRET`` for the secret steps, ``_special`` for those that read the step's bookkeeping),
names in the words of words_fr.py.

The secret steps' lines keep notation.py's rule: they say only what the redacted events tell
everybody, never the command's card, commodity or number (III.2, VII.2, II.10, VII.3).
"""

from __future__ import annotations

from typing import Any

from engine.core import tag_of
from engine.phrases import au, du

from .components import EXPLORATIONS, FAMILIES, STATESMEN
from .state import State
from .words_fr import SEATS, name, seat as _seat, STEPS


def senator_name(senator_id: str) -> str:
    if senator_id in STATESMEN:
        return STATESMEN[senator_id].name
    if senator_id.isdigit() and int(senator_id) in FAMILIES:
        return FAMILIES[int(senator_id)].name
    return senator_id


def _name(key: str) -> str:
    if key.isdigit() or key in STATESMEN:
        return senator_name(key)
    if key == "squadron":
        return "escadre"
    if key == "rebels":
        return "la rébellion"
    return name(key)


def _place(place: str, seat: int = -1) -> str:
    kind, _, key = place.partition(":")
    if kind == "senator":
        return senator_name(key)
    if kind == "faction" and key.isdigit():
        return "son trésor" if int(key) == seat else f"le trésor de {_seat(int(key))}"
    return "le trésor de l'État" if kind == "state" else place


def _talents(n: int) -> str:
    return f"{n} talent" if abs(n) <= 1 else f"{n} talents"


def _units(n: int, what: str, unit: str = "unité") -> str:
    """ "aucune escadre", "1 unité Celtibère", "2 unités Celtibère" """
    many = abs(n) > 1
    if not unit:  # the thing counted is ``what`` itself: escadres, tours
        return f"{n or 'aucun'} {what}{'s' if many else ''}" if what == "tour" else f"{n or 'aucune'} {what}{'s' if many else ''}"
    return f"{n or 'aucune'} {unit}{'s' if many else ''} {what}"


def _the_war(war: str) -> str:
    return "la rébellion" if war == "rebels" else f"la guerre « {_name(war)} »" if war not in EXPLORATIONS else f"« {_name(war)} »"


def _force(s: State, fid: str) -> str:
    x = next((f for f in s.forces if str(f.id) == str(fid)), None)
    return f"la force engagée dans {_the_war(x.war)}" if x is not None else "la force"


def _army(words: list[str] | str) -> str:
    parts = words.split("/") if isinstance(words, str) else list(words)
    if not parts or not parts[0]:
        return "une armée"
    unit = _name(parts[0])
    vet = len(parts) > 1 and parts[1] == "1"
    loyal = f" fidèle à {senator_name(parts[2])}" if len(parts) > 2 and parts[2] else ""
    return f"l'armée {unit}{' vétérane' if vet else ''}{loyal}"


def _card(card: str) -> str:
    return _name(card)


def _play(who: str, c: Any) -> str:
    if c.card in STATESMEN:
        return f"{who} joue l'homme d'État {senator_name(c.card)}" + (
            f" sur la carte de la famille {senator_name(c.senator)}" if c.senator else "")
    return f"{who} joue {_card(c.card)}" + (f" sur {senator_name(c.senator)}" if c.senator else "")


def _proposal(s: State) -> str:
    t = next((x for x in reversed(s.flow) if x.kind == "tally"), None)
    if t is None or not t.strs:
        return "la proposition"
    kind, who, n = t.strs[0], [x for x in t.strs[1:] if x], t.nums[0] if t.nums else 0
    names = [senator_name(x[3:] if x.startswith("co:") else x) for x in who]
    a = names[0] if names else "le candidat"
    table = {
        "council": lambda: f"{a} pour {_name(t.target)}",
        "governor": lambda: f"{a} comme gouverneur de {_name(t.target)}",
        "recruit": lambda: f"le recrutement de {_units(n, _name(t.target))}",
        "disband": lambda: f"le licenciement d'une unité {_name(t.target)}",
        "prosecute": lambda: f"l'envoi de {a} contre {_the_war(t.target)}",
        "expedition": lambda: f"l'expédition de {a} vers {_the_war(t.target)}",
        "peace": lambda: f"la paix dans {_the_war(t.target)}",
        "tax": lambda: "la hausse du taux de l'impôt" if t.target == "up" else "la baisse du taux de l'impôt",
        "concession": lambda: f"l'octroi de {_name(t.target)} à {a}",
        "suffete_for_life": lambda: f"{a} comme Suffète à vie",
        "trial": lambda: f"la condamnation de {a}",
        "recall_exile": lambda: f"le rappel d'exil de {a}",
        "reinforce": lambda: f"des renforts pour {_force(s, t.target)}",
        "recall": lambda: f"le rappel des commandants de {_force(s, t.target)}",
        "recall_governor": lambda: f"{a} comme gouverneur de {_name(t.target)} à la place du gouverneur rappelé",
    }
    if kind == "suffetes" and len(names) > 1:
        return f"{names[0]} et {names[1]} comme Suffètes"
    return table[kind]() if kind in table else "la proposition"


PHRASES: dict[tuple[str, str], str] = {
    ("setup_merchant", "choose_senator"): "{who} donne le marchand de la faction à {senator}",
    ("setup_leader", "choose_senator"): "{who} fait de {senator} son Chef de Faction",
    ("setup_term", "choose_number"): "{who} laisse {turns} au gouverneur de {target}",
    ("setup_councillor", "choose_senator"): "{who} donne la carte {target} à {senator}",
    ("trade_income", "transfer"): "{who} répartit le revenu du commerce vers {dst}",
    ("contribute", "transfer"): "{src}, de {who}, contribue au trésor de l'État",
    ("persuade", "choose_senator"): "{who} tente de persuader {senator}",
    ("persuader", "choose_senator"): "{who} envoie {senator} persuader {target}",
    ("attract", "choose_senator"): "{senator}, de {who}, tente d'attirer un marchand",
    ("change_leader", "choose_senator"): "{who} fait de {senator} son Chef de Faction",
    ("bid", "choose_senator"): "{who} enchérit pour l'initiative supplémentaire avec {senator}",
    ("bid_amount", "choose_number"): "{fsen}, de {who}, enchérit de {talents}",
    ("persuasion", "choose_number"): "{fsen}, de {who}, ajoute {talents} à la persuasion pour un tour de plus",
    ("nominate", "choose_senator"): "{who} propose {senator}",
    ("coopt", "choose_senator"): "Le Conseil de {who} coopte {senator} pour {target}",
    ("suffete_general", "choose_senator"): "{who} choisit {senator} comme Suffète Général",
    ("judge", "choose_senator"): "{who} demande à {senator} d'être le Juge de {fsen}",
    ("assassin", "choose_senator"): "{who} envoie {senator} comme assassin",
    ("victim", "choose_senator"): "{fsen}, de {who}, tente d'assassiner {senator}",
    ("explorer", "choose_senator"): "{who} nomme {senator} à la tête de l'expédition « {target} »",
    ("outfit", "choose_number"): "{who} propose l'expédition de {fsen} vers « {target} » avec {n} {outfit}",
    ("grantee", "choose_senator"): "{who} propose d'octroyer {target} à {senator}",
    ("how_many", "choose_number"): "{who} propose de recruter {units}",
    ("squadrons", "choose_number"): "{who} envoie {squadrons} avec la force contre {war}",
    ("recall_nominate", "choose_senator"): "{who} propose {senator} comme gouverneur de {target} à la place "
                                           "du gouverneur rappelé",
    ("refill_port", "choose_senator"): "{who} prend {senator} du Port dans sa faction",
    ("crisis_commander", "choose_senator"): "{who} confie la force contre {war} à {senator}, premier commandant",
    ("co_commander", "choose_senator"): "{who} nomme {senator} second commandant et Général de la force",
    ("replacement", "choose_senator"): "{who} propose {senator} pour remplacer les commandants rappelés",
    ("reinforce_squadrons", "choose_number"): "{who} envoie {squadrons} en renfort de {force}",
    ("allegiance", "choose_number"): "{fsen}, de {who}, ajoute {talents} pour gagner {army}",
}

OPTIONS: dict[tuple[str, str], str] = {
    ("setup_play", "done"): "{who} ne joue plus de carte à la mise en place",
    ("cards_window", "done"): "{who} ne joue pas de carte",
    ("initiative_cards", "done"): "{who} ne joue pas de carte",
    ("corruption", "yes"): "{fsen}, de {who}, prend un dé de talents au trésor de l'État comme {target}",
    ("corruption", "no"): "{fsen}, de {who}, ne prend rien au trésor de l'État comme {target}",
    ("personal_income", "yes"): "{fsen}, de {who}, prend son revenu personnel de {target}",
    ("personal_income", "no"): "{fsen}, de {who}, ne prend pas de revenu personnel de {target}",
    ("contribute", "done"): "{who} ne contribue plus",
    ("ransom", "pay"): "{who} paie la rançon de {fsen}",
    ("ransom", "no"): "{who} laisse {fsen} captif",
    ("trade_turn", "offer"): "{who} fait une offre commerciale à {arg_seat}",
    ("trade_turn", "pass"): "{who} ne fait pas d'offre commerciale",
    ("offer_answer", "accept"): "{who} accepte l'offre commerciale de {other}",
    ("offer_answer", "decline"): "{who} refuse l'offre commerciale de {other}",
    ("sell", "done"): "{who} ne vend plus et paie l'impôt",
    ("warehouse", "*"): "{who} remet une carte {option} sous sa pile (limite d'entrepôt)",
    ("trade_income", "done"): "{who} garde le reste du revenu du commerce dans son trésor",
    ("persuade", "pass"): "{who} ne persuade personne",
    ("persuasion", "roll"): "{who} lance le dé de la persuasion de {target}",
    ("attract", "pass"): "{who} ne tente pas d'attirer de marchand",
    ("buy_merchant", "yes"): "{fsen}, de {who}, paie {count_talents} pour le marchand",
    ("buy_merchant", "no"): "{fsen}, de {who}, n'achète pas le marchand",
    ("change_leader", "pass"): "{who} garde son Chef de Faction",
    ("bid", "pass"): "{who} n'enchérit pas",
    ("vote_order", "clockwise"): "{who} fait voter les autres dans le sens des aiguilles d'une montre",
    ("vote", "yes"): "{who} vote pour {proposal}",
    ("vote", "no"): "{who} vote contre {proposal}",
    ("vote", "abstain"): "{who} s'abstient sur {proposal}",
    ("vote", "appeal"): "{who} fait appel au peuple avant de voter",
    ("resign", "resign"): "{fsen}, de {who}, quitte la présidence",
    ("resign", "stay"): "{fsen}, de {who}, garde la présidence et perd 1 Influence",
    ("suffete_agree", "yes"): "{who} accepte {fsen} comme Suffète Général",
    ("suffete_agree", "no"): "{who} conteste le Suffète Général : un dé décide",
    ("council_accept", "accept"): "{fsen}, de {who}, accepte le siège de {target}",
    ("council_accept", "decline"): "{fsen}, de {who}, refuse le siège de {target}",
    ("refill_port", "stop"): "{who} ne prend personne du Port",
    ("trial", "major"): "{who} traduit {arg} en procès majeur",
    ("trial", "minor"): "{who} traduit {arg} en procès mineur",
    ("trial", "responsibility"): "{who} traduit {arg} en procès mineur pour son marqueur de Responsabilité",
    ("trial", "done"): "{who} ne tient plus de procès",
    ("judge_accepts", "yes"): "{judge}, de {who}, accepte d'être le Juge",
    ("judge_accepts", "no"): "{judge}, de {who}, refuse d'être le Juge",
    ("exile", "yes"): "{fsen}, de {who}, part en exil plutôt que d'être jugé",
    ("exile", "no"): "{fsen}, de {who}, accepte d'être jugé",
    ("plot", "assassinate"): "{who} tente un assassinat",
    ("plot", "pass"): "{who} ne tente rien pour l'instant",
    ("plot", "no_attempt"): "{who} ne tente pas d'assassinat ce tour",
    ("assassin_cards", "done"): "{who} ne joue plus de carte Assassin",
    ("escort_cards", "done"): "{who} ne joue plus d'Escorte Secrète",
    ("counter", "pass"): "{who} n'annule pas {target}",
    ("outcry", "veto"): "{who} oppose son veto à {proposal}",
    ("outcry", "floor"): "{who} prend la parole pour faire une proposition",
    ("floor_call", "pass"): "{who} ne prend pas la parole",
    ("other_business", "adjourn"): "{who} lève la séance du Sénat",
    ("business_item", "recruit"): "{who} propose de recruter des unités {arg}",
    ("business_item", "disband"): "{who} propose de licencier une unité {arg}",
    ("business_item", "prosecute"): "{who} propose d'envoyer une force contre {arg_war}",
    ("business_item", "expedition"): "{who} propose d'envoyer une expédition vers « {arg} »",
    ("business_item", "peace"): "{who} propose la paix dans {arg_war}",
    ("business_item", "tax"): "{who} propose {arg_tax} le taux de l'impôt",
    ("business_item", "concession"): "{who} propose d'octroyer {arg}",
    ("business_item", "suffete_for_life"): "{who} propose {arg} comme Suffète à vie",
    ("business_item", "recall_exile"): "{who} propose de rappeler {arg} d'exil",
    ("business_item", "reinforce"): "{who} propose d'envoyer des renforts à {arg_force}",
    ("business_item", "recall"): "{who} propose de rappeler les commandants de {arg_force}",
    ("business_item", "recall_governor"): "{who} propose de rappeler le gouverneur de {arg}",
    ("muster", "*"): "{who} ajoute une armée {option} à la force contre {war}",
    ("muster", "done"): "{who} n'ajoute plus d'armée à la force contre {war}",
    ("reinforce_muster", "*"): "{who} ajoute une armée {option} aux renforts de {force}",
    ("reinforce_muster", "done"): "{who} n'ajoute plus d'armée aux renforts de {force}",
    ("co_commander", "none"): "{who} ne nomme pas de second commandant",
    ("replacement", "none"): "{who} propose de rappeler les commandants sans remplaçant",
    ("adventurers", "go_on"): "L'expédition de {who} continue au tour suivant",
    ("adventurers", "return"): "L'expédition de {who} rentre",
    ("desertion", "*"): "{who} choisit {option_army} pour déserter",
    ("card_trade_turn", "offer"): "{who} fait une offre de cartes à {arg_seat}",
    ("card_trade_turn", "pass"): "{who} n'offre pas de cartes",
    ("card_offer_answer", "accept"): "{who} accepte l'offre de cartes de {other}",
    ("card_offer_answer", "decline"): "{who} refuse l'offre de cartes de {other}",
    ("hand_limit", "offer"): "{who} fait une offre de cartes à {arg_seat} (limite de main)",
    ("hand_limit", "*"): "{who} défausse {option} (limite de main)",
    ("rebel_choice", "return"): "{fsen}, de {who}, rend ses armées au plateau",
    ("rebel_choice", "rebel"): "{fsen}, de {who}, se rebelle contre Carthage",
    ("rebel_join", "join"): "{fsen}, de {who}, rejoint la rébellion de {target}",
    ("rebel_join", "return"): "{fsen}, de {who}, rend ses armées au plateau",
    ("veteran_joins", "join"): "{who} envoie {army} rejoindre les rebelles",
    ("veteran_joins", "stay"): "{who} tient {army} à l'écart de la rébellion",
    ("accomplice", "rebel"): "{fsen}, de {who}, rejoint la rébellion",
    ("accomplice", "stay"): "{fsen}, de {who}, reste fidèle à Carthage",
}

SECRET: dict[tuple[str, str], str] = {
    ("offer_cards", "*"): "{who} met une carte de commerce dans son offre à {other}",
    ("offer_cards", "done"): "{who} ne met plus de carte de commerce dans son offre à {other}",
    ("offer_name", "*"): "{who} nomme une marchandise de son offre à {other}",
    ("offer_want", "*"): "{who} fixe combien de cartes de commerce il demande à {other}",
    ("offer_promise", "*"): "{who} promet à {other} une carte de sa main avec l'offre",
    ("offer_promise", "done"): "{who} ne promet plus de carte avec son offre à {other}",
    ("offer_promise_want", "*"): "{who} fixe combien de cartes Intrigue ou Événement il demande à {other}",
    ("offer_talents", "*"): "{who} fixe les talents de son offre à {other}",
    ("offer_give", "*"): "{who} donne à {other} une carte de commerce pour l'offre",
    ("card_offer_cards", "*"): "{who} met une carte de sa main dans son offre à {other}",
    ("card_offer_cards", "done"): "{who} ne met plus de carte dans son offre à {other}",
    ("card_offer_want", "*"): "{who} fixe combien de cartes il demande à {other}",
    ("card_give", "*"): "{who} donne à {other} une carte de sa main pour l'offre",
    ("owed_card", "*"): "{who} donne à {other} une carte due pour une offre commerciale",
    ("redistribute", "transfer"): "{who} prévoit un mouvement de talents, en secret",
    ("redistribute", "choose_number"): "{who} fixe les talents de ce mouvement, en secret",
    ("redistribute", "done"): "{who} a prévu sa redistribution",
    ("civil_cards", "play_card"): "{who} choisit en secret une carte à jouer",
    ("civil_cards", "done"): "{who} a choisi ses cartes",
    ("rebel_bid", "choose_number"): "{who} fait son enchère secrète pour {army}",
}

BUSINESS = {
    "recruit": "un recrutement", "disband": "un licenciement", "prosecute": "une guerre à entreprendre",
    "expedition": "une expédition", "peace": "une paix", "tax": "le taux de l'impôt", "concession": "une concession",
    "suffete_for_life": "un Suffète à vie", "recall_exile": "le rappel d'un exilé", "reinforce": "des renforts",
    "recall": "le rappel d'un commandant", "recall_governor": "le rappel d'un gouverneur",
}


def _special(s: State, f: Any, who: str, kind: str, c: Any) -> str | None:
    step = f.kind
    if step == "vote_order" and kind == "choose_option" and c.option.partition(":")[0] == "seat":
        x = int(c.option.partition(":")[2])
        return f"{who} appelle son propre vote ensuite" if x == f.seat else f"{who} appelle {_seat(x)} à voter ensuite"
    if step == "nominate_suffetes" and kind == "choose_senator":
        if f.senator:
            return f"{who} propose {senator_name(f.senator)} et {senator_name(c.senator)} comme Suffètes"
        return f"{who} nomme {senator_name(c.senator)} premier candidat Suffète"
    if step == "nominate" and kind == "choose_senator":
        what = "pour" if f.strs[:1] == ["council"] else "comme gouverneur de"
        return f"{who} propose {senator_name(c.senator)} {what} {_name(f.target)}"
    if step == "initiators" and kind == "choose_senator":
        role = "co-initiateur" if f.strs else "initiateur"
        change = "la hausse" if f.target == "up" else "la baisse"
        return f"{who} nomme {senator_name(c.senator)} {role} de {change} du taux de l'impôt"
    if step == "amount" and kind == "choose_number" and len(f.strs) >= 3:
        src, dst, why = f.strs[:3]
        if why == "contribution":
            return f"{_place(src)}, de {who}, donne {_talents(c.number)} au trésor de l'État"
        if why == "trade_income":
            return f"{who} donne {_talents(c.number)} du revenu du commerce {au(_place(dst))}"
        return f"{who} fait passer {_talents(c.number)} {du(_place(src))} {au(_place(dst))}"
    if step == "bribe" and kind == "choose_number":
        if not c.number:
            return f"{senator_name(f.senator)}, de {who}, n'ajoute pas de talents à la persuasion de {_name(f.target)}"
        return f"{senator_name(f.senator)}, de {who}, ajoute {_talents(c.number)} à la persuasion de {_name(f.target)}"
    if step == "intervene" and kind == "choose_number":
        if not c.number:
            return f"{who} reste hors de la persuasion de {_name(f.target)}"
        side = "pour" if c.number > 0 else "contre"
        return f"{who} paie {_talents(abs(c.number))} {side} la persuasion de {_name(f.target)}"
    if step == "buy_votes" and kind == "choose_number":
        return f"{who} n'achète pas de voix" if not c.number else f"{who} achète {c.number} voix pour {_talents(c.number)}"
    if step == "vote_payment" and kind == "choose_number" and f.strs:
        paid = _talents(c.number) if c.number else "rien"
        return f"{who} paie {paid} pour ses voix achetées, {du(_place(f.strs[0], f.seat))}"
    if kind == "play_card" and step == "counter":
        return f"{who} joue {_card(c.card)} pour annuler {_card(f.target)}"
    if kind == "play_card" and step == "floor_call":
        return f"{who} joue {_card(c.card)} pour prendre la parole"
    if kind == "play_card" and step == "vote":
        return _play(who, c) + " à son tour de vote"
    if kind == "play_card" and step == "persuasion":
        return _play(who, c) + f" sur la persuasion de {_name(f.target)}"
    if step == "other_business" and kind == "choose_option" and c.option != "adjourn":
        floor = " depuis la tribune" if f.strs == ["floor"] else ""
        return f"{who} met à l'ordre du jour {BUSINESS.get(c.option, _name(c.option))}{floor}"
    return None


class _Words(dict):
    """The fields of a phrase, each worked out only when the phrase names it."""

    def __init__(self, s: State, f: Any, who: str, c: Any) -> None:
        super().__init__()
        self.s, self.f, self.who, self.c = s, f, who, c

    def __missing__(self, key: str) -> str:
        s, f, c = self.s, self.f, self.c
        option = getattr(c, "option", "")
        arg = option.partition(":")[2]
        value = {
            "who": lambda: self.who,
            "other": lambda: _seat(f.count),
            "senator": lambda: senator_name(getattr(c, "senator", "")),
            "n": lambda: str(getattr(c, "number", "")),
            "turns": lambda: _units(getattr(c, "number", 0), "tour", ""),
            "talents": lambda: _talents(getattr(c, "number", 0)),
            "units": lambda: _units(getattr(c, "number", 0), _name(f.target)),
            "squadrons": lambda: _units(getattr(c, "number", 0), "escadre", ""),
            "count_talents": lambda: _talents(f.count),
            "fsen": lambda: senator_name(f.senator),
            "target": lambda: _name(f.target),
            "judge": lambda: senator_name(f.strs[-1]) if f.strs else "le sénateur",
            "war": lambda: _the_war(f.target),
            "force": lambda: _force(s, str(f.count)),
            "army": lambda: _army(f.strs),
            "proposal": lambda: _proposal(s),
            "option": lambda: _name(option),
            "option_army": lambda: _army(option),
            "arg": lambda: _name(arg),
            "arg_seat": lambda: _seat(int(arg)) if arg.isdigit() else arg,
            "arg_war": lambda: _the_war(arg),
            "arg_force": lambda: _force(s, arg),
            "arg_tax": lambda: "de relever" if arg == "up" else "d'abaisser",
            "outfit": lambda: "caravanes" if f.target in EXPLORATIONS and EXPLORATIONS[f.target].caravans
            else "flottes commerciales",
            "src": lambda: _place(getattr(c, "source", "")),
            "dst": lambda: _place(getattr(c, "target", "")),
        }[key]()
        self[key] = value
        return value


def _phrase(step: str, kind: str, c: Any) -> str | None:
    if kind == "choose_option":
        word = c.option.partition(":")[0]
        for table in (SECRET, OPTIONS):
            if (step, word) in table:
                return table[(step, word)]
        for table in (SECRET, OPTIONS):
            if (step, "*") in table:
                return table[(step, "*")]
        return None
    if (step, kind) in SECRET:
        return SECRET[(step, kind)]
    if (step, "*") in SECRET and kind != "play_card":
        return SECRET[(step, "*")]
    return PHRASES.get((step, kind))


def describe_outcome(events: list[Any]) -> str | None:
    said = []
    for e in events:
        if tag_of(e) != "proposal_decided" or e.kind != "trial":
            continue
        if e.appeal == "freed":
            said.append(f"le peuple libère l'accusé en appel : acquitté, le vote arrêté à {e.yes} contre {e.no} (V.5)")
        elif e.appeal == "killed":
            said.append(f"le peuple tue l'accusé en appel : le vote arrêté à {e.yes} contre {e.no} (V.5)")
        else:
            said.append(f"l'accusé est {'condamné' if e.passed else 'acquitté'}, par {e.yes} voix contre {e.no}")
    return " ; ".join(said) or None


def describe_command(s: State, seat: int, command: Any) -> str:
    who, kind, c = SEATS[seat], tag_of(command), command
    if kind == "say":
        to = "la table" if c.to < 0 else _seat(c.to)
        return f"{who} à {to} : \u00ab {c.text} \u00bb"
    f = s.flow[-1] if s.flow else None
    if f is not None:
        line = _special(s, f, who, kind, c)
        if line is not None:
            return line
        phrase = _phrase(f.kind, kind, c)
        if phrase is not None:
            return phrase.format_map(_Words(s, f, who, c))
    why = f" ({STEPS.get(f.kind, f.kind.replace('_', ' '))})" if f is not None else ""
    if kind == "play_card":
        return _play(who, c)
    if kind == "choose_senator":
        return f"{who} : {senator_name(c.senator) if c.senator else 'personne'}{why}"
    if kind == "choose_number":
        return f"{who} : {c.number}{why}"
    if kind == "choose_option":
        return f"{who} : {_name(c.option)}{why}"
    if kind == "transfer":
        return f"{who} fait passer des talents {du(_place(c.source))} {au(_place(c.target))}"
    if kind == "sell_commerce":
        return f"{who} vend {c.count} {_name(c.commodity)}"
    return f"{who} : {kind.replace('_', ' ')}{why}"
