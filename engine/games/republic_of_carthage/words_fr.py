"""The Republic of Carthage's events in French (``words.describe_event(event, "fr")``), one sentence
each, made as the English ones of words.py are: from the event alone, as the reading seat receives
it (a secret choice, an offer's terms, a card given, a private word or a transfer between face-down
treasuries reach the others redacted, and their sentence is built from the redacted fields only).

Names: the French names the data files hold (``name_fr``: offices, provinces, commodities, army
types, wars, leaders, expeditions; ``title_fr``: the Intrigue, Event, Law and Concession cards, the
Random Events' two sides); senators keep the names of the data files. The rest in the French rules' words: talents (T), Influence,
Popularité, escadres, caravanes, flottes commerciales, la Réserve des Forces, les Forces Actives,
les Guerres Actives, Inactives, Non Entreprises et Perdues, le Chef de Faction, l'Appel au Peuple.
Factions by colour ("Rouge", "Bleu" …).
"""

from __future__ import annotations

from typing import Any, Callable

from engine.core import tag_of
from engine.phrases import au, cachees, cap, du, join_et, pluriel, words_of

from . import events as ev
from .components import (ARMY_TYPES, CARDS, COMMODITIES, EVENT_CARDS, EXPLORATIONS, FAMILIES, LEADERS, OFFICES,
                         PROVINCES, STATESMEN, WARS)

SEATS = ("Rouge", "Bleu", "Vert", "Jaune", "Violet", "Orange")

# The ids of reasons, purposes, phases, steps, counters and outcomes, in French (``why``).
GLOSSARY: dict[str, str] = {
    # phases and steps
    "setup": "mise en place", "mortality": "mortalité", "revenue": "revenu", "trade": "commerce", "port": "port",
    "senate": "Sénat", "combat": "combat", "civil_war": "Guerre Civile", "redistribution": "redistribution",
    "civil_cards": "cartes de la Guerre Civile", "rebel_bid": "enchère des rebelles",
    # reasons
    "battle": "bataille", "exploration": "exploration", "exploration_losses": "pertes de l'expédition",
    "halved": "réduit de moitié", "warehouse": "limite d'entrepôt", "no_armies": "plus d'armée",
    "no_squadrons": "plus d'escadre", "returned": "retour", "victory": "victoire", "disbanded": "licenciement",
    "recruited": "recrutement", "exile": "exil", "term": "fin de mandat", "trial": "procès", "development": "développement",
    "assassin_captured": "assassin capturé", "contribution": "contribution", "expedition": "expédition",
    "expeditions": "expéditions", "general": "général", "judge": "juge", "merchant": "marchand",
    "popular_reaction": "réaction populaire", "suffete": "Suffète", "tax_co_initiator": "co-initiateur de l'impôt",
    "tax_initiator": "initiateur de l'impôt", "tax_vote": "vote de l'impôt", "temporary_suffete": "Suffète temporaire",
    "unanimous_no": "non unanime", "assassination": "assassinat", "defeat": "défaite", "the_people": "le peuple",
    "drawn": "tirage", "played": "jouée", "captured": "capturé", "persuaded": "persuadé", "ransomed": "rançon payée",
    "refill": "complément", "returns": "retour", "agora": "Agora", "auction": "enchère", "corruption": "corruption",
    "death": "décès", "income": "revenu", "persuasion": "persuasion", "promise": "promesse", "ransom": "rançon",
    "recruitment": "recrutement", "sale": "vente", "state_income": "revenu de l'État", "tax": "impôt",
    "trade_boom": "essor du commerce", "trade_income": "revenu du commerce", "upkeep": "entretien", "votes": "votes",
    "wars": "guerres", "aging": "vieillesse", "appeared": "apparition", "explored": "explorée",
    "not_prosecuted": "non entreprise", "peace": "paix", "prosecuted": "entreprise", "appeal": "Appel au Peuple",
    "initiative": "initiative", "land_battle": "bataille terrestre", "naval_battle": "bataille navale",
    "personal_revenue": "revenu personnel", "personal": "revenu personnel", "random_event": "événement aléatoire",
    "return": "retour", "state_revenue": "revenu de l'État", "suffete_general": "Suffète Général",
    "storm_at_sea": "tempête en mer", "pirates": "pirates", "earthquake": "tremblement de terre",
    "merchant_fleet_returns": "retour de la flotte marchande", "temple_treasure": "trésor du temple",
    # outcomes
    "attracted": "attiré", "attrition": "attrition", "disaster": "désastre", "draw": "match nul", "failed": "échec",
    "freed": "libéré", "gains": "gagne", "killed": "tué", "loses": "perd", "losses": "pertes", "lost": "perdue",
    "nothing": "rien", "removed": "retiré", "short": "manque", "stays": "reste", "undeveloped": "non développée",
    "developed": "développée", "success": "réussite",
    # counters
    "assassination_at": "assassinat visé", "assassination_by": "assassinat tenté", "cards_sold": "cartes vendues",
    "commanded": "commandement", "cost_percent": "coût en pour cent", "crisis": "crise",
    "floor_proposer": "orateur du Sénat", "fought": "combats livrés", "immune": "immunité",
    "ineffective_recruitment": "recrutement inefficace", "leader_inactive": "chef inactif",
    "left_office": "charge quittée", "lost_expedition": "expédition perdue", "mod": "modificateur",
    "no_plot": "aucun complot", "no_recruitment": "aucun recrutement", "outgoing": "sortant", "price": "prix",
    "proposed": "proposé", "rejected": "rejeté", "resigned": "démission", "responsibility": "Responsabilité",
    "tax_changed": "impôt changé", "rebellion_won": "rébellion gagnée",
    "turn": "ce tour", "up": "hausse", "down": "baisse", "major": "majeur", "minor": "mineur",
}


def seat(x: int) -> str:
    return SEATS[x] if 0 <= x < len(SEATS) else f"Joueur {x + 1}"


def known(key: str) -> str | None:
    """The name of a component id in French where the data has it (``name_fr``), else its name."""
    if key in STATESMEN:
        return STATESMEN[key].name
    if key.isdigit() and int(key) in FAMILIES:
        return FAMILIES[int(key)].name
    if key in CARDS:
        return CARDS[key].title_fr
    for table in (OFFICES, PROVINCES, ARMY_TYPES, COMMODITIES, WARS, EXPLORATIONS, LEADERS):
        if key in table:
            return table[key].name_fr
    if key in EVENT_CARDS:
        return EVENT_CARDS[key].front.title_fr
    return None


def name(key: str) -> str:
    if not key:
        return "personne"
    key = key.removeprefix("senator:").removeprefix("co:")
    return known(key) or GLOSSARY.get(key) or words_of(key)


def names(ids) -> list[str]:
    return [name(x) for x in ids if x]


def why(word: str) -> str:
    if not word:
        return "sans raison donnée"
    k = known(word)
    if k:
        return k
    head, _, rest = word.partition(":")
    if rest and head:
        return f"{why(head)} ({', '.join(why(x) for x in rest.split(':'))})"
    return GLOSSARY.get(word) or words_of(word)


def t(n: int) -> str:
    return f"{n} T"


def war(key: str) -> str:
    """A war, an expedition or the rebellion, with its article."""
    if key == "rebels":
        return "la rébellion"
    n = name(key)
    return f"la guerre « {n} »" if key in WARS else (f"l'expédition « {n} »" if key in EXPLORATIONS else n)


def place(where: str, own: int = -1, own_word: str = "son trésor") -> str:
    kind, _, key = where.partition(":")
    if kind == "senator":
        return name(key)
    if kind == "faction" and key.isdigit():
        return own_word if int(key) == own else f"le trésor de {seat(int(key))}"
    if where == "state":
        return "le trésor de l'État"
    if where == "bank":
        return "la banque"
    if kind == "escrow":
        return f"la mise de {GLOSSARY.get(key or 'persuasion', words_of(key))}"
    return name(where)


def force_place(where: str) -> str:
    kind, _, key = where.partition(":")
    return {"out": "hors jeu", "reserve": "la Réserve des Forces", "active": "les Forces Actives",
            "deserted": f"la désertion ({name(key)})" if key else "la désertion", "lost": "les unités perdues",
            "force": f"la force {key}", "rebel": "les rebelles", "victor": f"la carte de {name(key)}"}.get(kind, name(where))


def units(n: int, unit: str) -> str:
    if unit == "squadron":
        return pluriel(n, "escadre")
    return f"{n} {'unité' if abs(n) <= 1 else 'unités'} {name(unit)}"


def armies(ids) -> list[str]:
    counts: dict[str, int] = {}
    for a in ids:
        counts[a] = counts.get(a, 0) + 1
    return [f"{k} {name(a)}" for a, k in counts.items()]


def _signed(n: int, what: str) -> str:
    return f"{'+' if n > 0 else chr(0x2212)}{abs(n)} {what}"


def proposal_words(kind: str, senators, target: str, amount: int) -> str:
    who = names(senators)
    a = who[0] if who else "le candidat"
    table = {
        "suffetes": (f"{who[0]} et {who[1]} comme Suffètes" if len(who) > 1 else f"{a} comme Suffète"),
        "council": f"{a} pour {name(target)}",
        "governor": f"{a} comme gouverneur de {name(target)}",
        "recruit": f"le recrutement de {units(amount, target)}",
        "disband": f"le licenciement d'une unité {name(target)}",
        "prosecute": f"l'envoi de {join_et(who) or 'une force'} contre {war(target)}" + (f" avec {pluriel(amount, 'escadre')}" if amount else ""),
        "expedition": f"l'expédition de {a} vers {war(target)}",
        "peace": f"la paix dans {war(target)}",
        "tax": f"{'la hausse' if target == 'up' else 'la baisse'} du taux de l'impôt",
        "concession": f"l'octroi de {name(target)} à {a}",
        "suffete_for_life": f"{a} comme Suffète à vie",
        "trial": f"la condamnation de {a}" + (f" (Juge : {who[1]})" if len(who) > 1 else "") + (f" (procès {why(target)})" if target else ""),
        "recall_exile": f"le rappel d'exil de {a}",
        "reinforce": f"des renforts pour la force {target}" + (f" ({join_et(who)})" if who else ""),
        "recall": f"le rappel des commandants de la force {target}",
        "recall_governor": f"{a} comme gouverneur de {name(target)} à la place du gouverneur rappelé",
    }
    if kind in table:
        return table[kind]
    return why(kind) + (f" ({join_et(who)})" if who else "") + (f" ({name(target)})" if target else "")


PROPOSAL_KINDS = {
    "suffetes": "les Suffètes", "council": "le siège au Conseil", "governor": "le gouverneur", "recruit": "le recrutement",
    "disband": "le licenciement", "prosecute": "une guerre à entreprendre", "expedition": "une expédition", "peace": "une paix",
    "tax": "le taux de l'impôt", "concession": "une concession", "suffete_for_life": "un Suffète à vie", "trial": "le procès",
    "recall_exile": "le rappel d'un exilé", "reinforce": "des renforts", "recall": "le rappel d'un commandant",
    "recall_governor": "le rappel d'un gouverneur",
}


def kind_of(kind: str) -> str:
    return PROPOSAL_KINDS.get(kind, why(kind))


def _decided(e: ev.ProposalDecided) -> str:
    votes = f"{e.yes} contre {e.no}"
    if e.kind == "trial" and e.appeal == "freed":
        return f"Le procès s'achève sur l'Appel au Peuple : le peuple libère l'accusé, qui est acquitté (vote arrêté à {votes})"
    if e.kind == "trial" and e.appeal == "killed":
        return f"Le procès s'achève sur l'Appel au Peuple : le peuple tue l'accusé (vote arrêté à {votes})"
    if e.kind == "trial":
        return f"Le vote du procès {'condamne' if e.passed else 'acquitte'} l'accusé, par {e.yes} voix contre {e.no}"
    return f"Le Sénat {'adopte' if e.passed else 'rejette'} la proposition sur {kind_of(e.kind)}, par {e.yes} voix contre {e.no}"


def _choice(step: str, entry: str, own: int) -> str:
    if step == "redistribution":
        if entry.startswith("=") and entry[1:].isdigit():
            return f"{t(int(entry[1:]))} pour ce mouvement"
        src, _, dst = entry.partition(">")
        return f"un mouvement de talents {du(place(src, own))} vers {place(dst, own)}"
    if step == "civil_cards":
        card, _, senator = entry.partition("|")
        return name(card) + (f" sur {name(senator)}" if senator else "")
    if step == "rebel_bid" and entry.isdigit():
        return f"une enchère de {t(int(entry))}"
    return name(entry)


def _choice_made(e: ev.ChoiceMade) -> str:
    who, what = seat(e.seat), join_et(_choice(e.step, x, e.seat) for x in e.names) or "rien"
    if e.step == "redistribution":
        return f"{who} prévoit, en secret, {what}"
    if e.step == "civil_cards":
        return f"{who} choisit, en secret, de jouer {what}"
    return f"{who} choisit, en secret, {what} ({why(e.step)})"


SECRET_STEPS = {
    "redistribution": "{who} prévoit sa redistribution en secret",
    "civil_cards": "{who} choisit en secret une carte à jouer",
    "rebel_bid": "{who} fait son enchère secrète pour l'armée",
}


def _revealed(e: ev.ChoicesRevealed) -> str:
    choices = [c.split("|") for c in e.choices]
    order = join_et(seat(x) for x in e.seats)
    if e.step == "redistribution":
        return f"Les redistributions sont révélées et faites, {order} tour à tour : {pluriel(len(choices), 'mouvement')} de talents"
    if e.step == "civil_cards":
        plays = [f"{seat(int(c[0])) if c[0].isdigit() else name(c[0])} : {name(c[1]) if len(c) > 1 else 'rien'}"
                 + (f" sur {name(c[2])}" if len(c) > 2 and c[2] else "") for c in choices]
        return f"Les cartes choisies pour la Guerre Civile sont révélées : {' ; '.join(plays) or 'aucune'}"
    if e.step == "rebel_bid":
        bids = [f"{seat(int(c[0])) if c[0].isdigit() else name(c[0])} {t(int(c[1])) if len(c) > 1 and c[1].lstrip('-').isdigit() else 'rien'}"
                for c in choices]
        return f"Les enchères secrètes sont révélées : {', '.join(bids) or 'aucune'}"
    return f"Les choix secrets de l'étape {why(e.step)} sont révélés"


def _terms(e, frm: str, to: str) -> list[str]:
    bits = []
    if e.talents > 0:
        bits.append(f"{t(e.talents)} promis à {to} (prochain Revenu)")
    if e.talents < 0:
        bits.append(f"{t(-e.talents)} demandés à {to} (prochain Revenu)")
    if getattr(e, "cards_promised", ()):
        bits.append(f"{join_et(names(e.cards_promised))} promis à {to} (phase de Guerre Civile)")
    if getattr(e, "cards_asked", 0):
        bits.append(f"{pluriel(e.cards_asked, 'carte Intrigue ou Événement', 'cartes Intrigue ou Événement')} au choix de {to} "
                    f"demandées pour {frm} (phase de Guerre Civile)")
    return bits


def _offer(e: ev.OfferMade) -> str:
    frm, to = seat(e.seat), seat(e.to)
    first = (f"{pluriel(e.count, 'carte de commerce', 'cartes de commerce')} valant {t(e.value)}"
             + (f", dont {name(e.named)}" if e.named else "") + f", contre {pluriel(e.want, 'carte')} au choix de {to}")
    return f"{frm} offre à {to} " + " ; ".join([first, *_terms(e, frm, to)])


def _card_offer(e: ev.CardOfferMade) -> str:
    frm, to = seat(e.seat), seat(e.to)
    first = f"{join_et(names(e.cards)) or 'aucune carte'} " + (f"contre {pluriel(e.want, 'carte')} au choix de {to}" if e.want else "en cadeau")
    return f"{frm} offre à {to} " + " ; ".join([first, *_terms(e, frm, to)])


def _answered(e: ev.OfferAnswered) -> str:
    frm, to = seat(e.seat), seat(e.to)
    if not e.accepted:
        return f"{to} refuse l'offre de {frm}"
    owed = [x for x in (
        e.talents > 0 and f"{frm} doit {t(e.talents)} à {to} (prochain Revenu)",
        e.talents < 0 and f"{to} doit {t(-e.talents)} à {frm} (prochain Revenu)",
        e.cards_promised and f"{frm} doit {join_et(names(e.cards_promised))} à {to} (phase de Guerre Civile)",
        e.cards_asked and f"{to} doit à {frm} {pluriel(e.cards_asked, 'carte Intrigue ou Événement', 'cartes Intrigue ou Événement')} "
                          "de son choix (phase de Guerre Civile)") if x]
    return f"{to} accepte l'offre de {frm}" + (f" : {' ; '.join(owed)}" if owed else "")


SEAT_COUNTERS = {"votes", "trade_income", "no_plot", "assassination_by", "assassination_at", "rebellion_won"}


def _counter(e: ev.CountersSet) -> str:
    head, *rest = e.name.split(":")
    if head == "votes" and rest and rest[0].isdigit():
        return f"{seat(int(rest[0]))} a {pluriel(e.value, 'voix', 'voix')} au Sénat"
    parts = [(GLOSSARY["turn"] if x == "turn" else seat(int(x)) if head in SEAT_COUNTERS and x.isdigit() else why(x)) for x in rest if x]
    return f"Compteur {why(head)}" + (f" ({', '.join(parts)})" if parts else "") + f" : {e.value}"


WHERE = {"carthage": "à Carthage", "port": "au Port", "province": "dans sa province", "war": "à la guerre",
         "exploration": "en expédition", "captured": "capturé", "exiled": "en exil", "rebel": "en rébellion"}
WAR_STATUS = {"inactive": "passe aux Guerres Inactives", "active": "passe aux Guerres Actives",
              "unprosecuted": "passe aux Guerres Non Entreprises", "lost": "passe aux Guerres Perdues",
              "removed": "est retirée du jeu", "in_play": "entre en jeu"}
DECKS = {"hands": "le paquet des mains de départ", "deck": "la pioche", "I": "le paquet I", "II": "le paquet II"}


def deck(d: str) -> str:
    return DECKS.get(d, f"le paquet {d}")


def _rolled(e: ev.Rolled) -> str:
    dice = " + ".join(map(str, e.dice)) or "aucun dé"
    mod = f" {'+' if e.modifier > 0 else chr(0x2212)} {abs(e.modifier)}" if e.modifier else ""
    total = f" = {str(e.total).replace('-', chr(0x2212))}" if len(e.dice) > 1 or e.modifier else ""
    who = f"{seat(e.seat)} lance" if e.seat >= 0 else "Jet de"
    return f"{who} {dice}{mod}{total} pour {why(e.purpose)}" + (f" : {why(e.outcome)}" if e.outcome else "")


def _chit(e: ev.ChitDrawn) -> str:
    chit = {"none": "un jeton blanc", "draw_two": "un jeton « tirer deux »"}.get(e.chit, f"le jeton {name(e.chit)}")
    return f"Mortalité : {chit} est tiré ({why(e.reason)})"


def _changed(e: ev.SenatorChanged) -> str:
    bits = [x for x in (e.influence and _signed(e.influence, "Influence"), e.popularity and _signed(e.popularity, "Popularité"),
                        e.merchants and _signed(e.merchants, "marchand" if abs(e.merchants) == 1 else "marchands")) if x]
    return f"{name(e.senator)} : {', '.join(bits) or 'aucun changement'} ({why(e.reason)})"


def _moved(e: ev.SenatorMoved) -> str:
    whose = f"dans la faction {seat(e.seat)}" if e.seat >= 0 else "sans faction"
    where = WHERE.get(e.where.partition(":")[0], why(e.where)) if e.where.partition(":")[0] in WHERE else why(e.where)
    return f"{name(e.senator)} est maintenant {where}, {whose}{'' if e.face_up else ', face cachée'} ({why(e.reason)})"


def _transferred(e: ev.Transferred) -> str:
    src, dst, reason = place(e.source), place(e.target), why(e.reason)
    if e.source == "bank":
        return f"{cap(dst)} reçoit {t(e.amount)} ({reason})"
    if e.target == "bank":
        return f"{cap(src)} paie {t(e.amount)} à la banque ({reason})"
    return f"{t(e.amount)} {'passe' if e.amount == 1 else 'passent'} {du(src)} {au(dst)} ({reason})"


def _sent(e: ev.ForceSent) -> str:
    what = [*armies(e.armies), *(x for x in (e.squadrons and pluriel(e.squadrons, "escadre"),
                                           e.caravans and pluriel(e.caravans, "caravane"),
                                           e.fleets and pluriel(e.fleets, "flotte commerciale", "flottes commerciales")) if x)]
    return (f"La force {e.force} part pour {war(e.war)} sous {join_et(names(e.commanders)) or 'aucun commandant'}"
            + (f", avec {join_et(what)}" if what else "") + (f" (dont {e.pooled} déjà à Carthage)" if e.pooled else ""))


def _played(e: ev.CardPlayed) -> str:
    if e.card in STATESMEN:
        return f"{seat(e.seat)} joue l'homme d'État {name(e.card)}" + (f" sur la carte de la famille {name(e.senator)}" if e.senator else "")
    return f"{seat(e.seat)} joue {name(e.card)}" + (f" sur {name(e.senator)}" if e.senator else "")


def _event_card(e: ev.EventCardPlaced) -> str:
    card = EVENT_CARDS.get(e.event)
    side = getattr(card, e.side, None) if card is not None and e.side in ("front", "back") else None
    return f"Événement aléatoire : {side.title_fr if side is not None else name(e.event)} entre en jeu au Port"


def _concession(e: ev.ConcessionChanged) -> str:
    if e.holder == "!":
        return f"{name(e.concession)} est détruite ({why(e.reason)})"
    if e.holder:
        return f"{name(e.holder)} détient {name(e.concession)} ({why(e.reason)})"
    return f"{name(e.concession)} retourne face visible au Port ({why(e.reason)})"


def _vote(e: ev.VoteCast) -> str:
    how = {"yes": "vote pour la proposition", "no": "vote contre la proposition"}.get(e.vote, "s'abstient")
    count = "" if e.vote == "abstain" else f" avec {pluriel(e.votes, 'voix', 'voix')}" + (f" (dont {e.bought} achetées)" if e.bought else "")
    return f"{seat(e.seat)} {how}{count}"


def _ended(e: ev.GameEnded) -> str:
    won = f"gagnée par {join_et(seat(s) for s in e.winners)}" if e.winners else "toutes les factions ont perdu"
    scores = ", ".join(f"{seat(i)} {s}" for i, s in enumerate(e.scores))
    return f"La partie est finie ({why(e.reason)}) : {won}" + (f" ; Influence : {scores}" if scores else "")


STEPS: dict[str, str] = {
    "setup_play": "jouer une concession ou un homme d'État à la mise en place", "setup_merchant": "choisir qui prend le marchand de la faction",
    "setup_leader": "nommer le Chef de Faction", "setup_councillor": "donner une carte du Conseil à un sénateur",
    "setup_term": "fixer le mandat d'un gouverneur",
    "cards_window": "jouer une carte maintenant, ou non", "initiative_cards": "jouer une carte maintenant, ou non",
    "counter": "annuler l'Intrigue par une Contre-Intrigue, ou non", "hand_limit": "ramener sa main à cinq cartes",
    "corruption": "choisir si un membre du Conseil prend un dé de talents", "personal_income": "choisir si un gouverneur prend son revenu personnel",
    "redistribute": "redistribuer les talents, en secret", "amount": "choisir combien de talents", "contribute": "contribuer au trésor de l'État",
    "ransom": "choisir de payer ou non une rançon",
    "sell": "vendre des cartes de commerce", "warehouse": "remettre une carte de commerce", "trade_income": "répartir le revenu du commerce",
    "trade_turn": "faire une offre commerciale, ou passer", "offer_cards": "mettre des cartes de commerce dans l'offre",
    "offer_name": "nommer une marchandise de l'offre", "offer_want": "demander des cartes en échange",
    "offer_promise": "promettre une carte de sa main", "offer_promise_want": "demander des cartes promises en échange",
    "offer_talents": "mettre des talents dans l'offre", "offer_answer": "accepter ou refuser une offre",
    "offer_give": "donner une carte de commerce pour l'offre", "owed_card": "donner la carte due pour une offre",
    "persuade": "choisir un sénateur à persuader, ou passer", "persuader": "choisir qui persuade", "bribe": "ajouter des talents à la persuasion",
    "intervene": "mettre des talents pour ou contre la persuasion", "persuasion": "lancer le dé, ou ajouter des talents",
    "attract": "tenter d'attirer un marchand, ou passer", "buy_merchant": "choisir d'acheter ou non le marchand",
    "change_leader": "changer de Chef de Faction, ou passer", "bid": "enchérir pour l'initiative supplémentaire, ou passer",
    "bid_amount": "choisir l'enchère",
    "vote_order": "choisir qui vote ensuite", "resign": "quitter la présidence ou rester", "vote": "voter sur la proposition",
    "buy_votes": "choisir d'acheter ou non des voix", "vote_payment": "payer les voix achetées", "nominate_suffetes": "proposer les deux Suffètes",
    "suffete_general": "choisir le Suffète Général", "suffete_agree": "accepter ou non le choix du Suffète Général",
    "council_accept": "accepter ou refuser un siège au Conseil", "nominate": "proposer un candidat", "coopt": "choisir le nouveau membre du Conseil",
    "refill_port": "prendre un sénateur du Port, ou s'arrêter", "trial": "appeler le procès suivant du Censeur, ou s'arrêter",
    "judge": "demander à un sénateur d'être le Juge", "judge_accepts": "choisir d'être ou non le Juge", "exile": "choisir l'exil ou un procès",
    "other_business": "proposer l'affaire suivante, ou lever la séance", "business_item": "faire la proposition",
    "how_many": "choisir combien d'unités recruter", "muster": "rassembler la force pour la guerre",
    "squadrons": "choisir les escadres qui accompagnent la force",
    "explorer": "nommer le chef de l'expédition", "outfit": "équiper l'expédition", "initiators": "nommer les initiateurs du changement d'impôt",
    "grantee": "nommer le détenteur de la concession", "crisis_commander": "nommer le commandant de la force",
    "co_commander": "nommer un second commandant, ou aucun",
    "reinforce_muster": "envoyer des renforts", "reinforce_squadrons": "choisir les escadres de renfort",
    "replacement": "nommer un commandant de remplacement, ou aucun", "recall_nominate": "proposer un nouveau gouverneur",
    "outcry": "opposer son veto à la proposition ou prendre la parole", "floor_call": "prendre la parole, ou passer",
    "plot": "choisir de tenter ou non un assassinat", "assassin": "nommer l'assassin", "victim": "nommer la cible",
    "assassin_cards": "jouer des cartes Assassin, ou non", "escort_cards": "jouer des cartes Escorte Secrète, ou non",
    "adventurers": "choisir si l'expédition continue", "desertion": "choisir quelle armée déserte",
    "civil_cards": "choisir des cartes à jouer, en secret", "card_trade_turn": "offrir des cartes de sa main, ou passer",
    "card_offer_cards": "mettre des cartes dans l'offre", "card_offer_want": "demander des cartes en échange",
    "card_offer_answer": "accepter ou refuser les cartes offertes",
    "card_give": "donner une carte pour l'offre", "rebel_choice": "rendre les armées ou se rebeller", "rebel_bid": "enchérir pour l'armée, en secret",
    "rebel_join": "rejoindre la rébellion ou rendre les armées", "allegiance": "ajouter des talents au jet d'allégeance d'une armée",
    "veteran_joins": "choisir si un vétéran rejoint les rebelles", "accomplice": "choisir si un sénateur rejoint la rébellion",
}


def step_words(frame: ev.Frame) -> str:
    return STEPS.get(frame.kind) or f"répondre ({why(frame.kind)})"


def _flow(e: ev.Flow) -> str:
    if not e.frames:
        return "Plus rien à décider"
    due = e.frames[-1]
    who = f"{seat(due.seat)} doit" if due.seat >= 0 else "Tous les joueurs à la fois doivent" if due.seat == -2 else "Les règles doivent"
    return f"{who} {step_words(due)}"


PHASES = {"setup": "de la mise en place", "mortality": "de Mortalité", "revenue": "de Revenu", "trade": "de Commerce",
          "port": "du Port", "senate": "du Sénat", "combat": "de Combat", "civil_war": "de Guerre Civile"}


def _phase(e: ev.PhaseBegan) -> str:
    return f"La phase {PHASES.get(e.phase) or du(why(e.phase))} commence"


PHRASES: dict[type, Callable[[Any], str]] = {
    ev.TurnBegan: lambda e: f"Le tour {e.turn} commence",
    ev.PhaseBegan: _phase,
    ev.Flow: _flow,
    ev.GameEnded: _ended,
    ev.Rolled: _rolled,
    ev.ChitDrawn: _chit,
    ev.SenatorEntered: lambda e: (f"{name(e.senator)} rejoint la faction {seat(e.seat)} ({why(e.reason)})" if e.seat >= 0
                                  else f"{name(e.senator)} entre au Port ({why(e.reason)})"),
    ev.SenatorDied: lambda e: f"{name(e.senator)} meurt ({why(e.cause)})" + (" ; sa famille reste dans la faction" if e.stays else ""),
    ev.SenatorChanged: _changed,
    ev.SenatorMoved: _moved,
    ev.LeaderNamed: lambda e: (f"{name(e.senator)} est le Chef de Faction de {seat(e.seat)}" if e.senator
                               else f"{seat(e.seat)} n'a plus de Chef de Faction"),
    ev.Transferred: _transferred,
    ev.TransferredRedacted: lambda e: f"Des talents passent, face cachée, {du(place(e.source))} {au(place(e.target))} ({why(e.reason)})",
    ev.MarkersSet: lambda e: f"{name(e.senator)} a maintenant {pluriel(e.red, 'marqueur rouge (Responsabilité)', 'marqueurs rouges (Responsabilité)')}",
    ev.OfficeTaken: lambda e: f"{name(e.senator)} devient {name(e.office)} pour {pluriel(e.term, 'tour')}",
    ev.OfficeLeft: lambda e: f"{name(e.office)} : son titulaire quitte la charge ({why(e.reason)})",
    ev.TermMarked: lambda e: f"{name(e.holder)} : {pluriel(e.left, 'tour')} de mandat restant" + (", côté rouge" if e.red else ""),
    ev.ProvinceChanged: lambda e: f"{name(e.province)} est " + (f"en jeu, {'développée' if e.developed else 'non développée'}" if e.in_play
                                                               else "hors jeu") + f" ({why(e.reason)})",
    ev.GovernorNamed: lambda e: (f"{name(e.senator)} gouverne {name(e.province)} pour {pluriel(e.term, 'tour')}" if e.senator
                                 else f"Le gouverneur de {name(e.province)} rentre"),
    ev.TaxRateSet: lambda e: f"Le taux de l'impôt est maintenant de {e.rate} % ({why(e.reason)})",
    ev.ForcesMoved: lambda e: f"{units(e.count, e.unit)} {'passe' if e.count == 1 else 'passent'} {du(force_place(e.origin))} "
                              f"{au(force_place(e.target))} ({why(e.reason)})",
    ev.ForceSent: _sent,
    ev.ForceEnded: lambda e: f"La force {e.force} a fini ({why(e.reason)}) : ses armées vont {au(force_place(e.armies_to))}, "
                             f"ses escadres {au(force_place(e.squadrons_to))}",
    ev.ExpeditionLost: lambda e: f"La force {e.force} perd {pluriel(e.caravans, 'caravane')} et {pluriel(e.fleets, 'flotte commerciale', 'flottes commerciales')}",
    ev.SquadronVictory: lambda e: f"Victoire des escadres dans {war(e.war)} : sa partie navale est gagnée",
    ev.VeteranMade: lambda e: f"Une armée {name(e.unit)} de la force {e.force} devient vétérane, fidèle à {name(e.senator)}",
    ev.WarChanged: lambda e: f"{cap(war(e.war))} {WAR_STATUS.get(e.status, f'est {why(e.status)}')} ({why(e.reason)})",
    ev.CountersSet: _counter,
    ev.DeckShuffled: lambda e: f"{cap(deck(e.deck))} est mélangé ({pluriel(len(e.cards), 'carte')}, face cachée)",
    ev.DeckShuffledRedacted: lambda e: f"{cap(deck(e.deck))} est mélangé ({pluriel(e.count, 'carte')}, face cachée)",
    ev.CardsDealt: lambda e: f"{seat(e.seat)} prend {join_et(names(e.cards)) or 'aucune carte'} dans {deck(e.origin)}",
    ev.CardsDealtRedacted: lambda e: f"{seat(e.seat)} prend {pluriel(e.count, 'carte')} dans {deck(e.origin)} {cachees(e.count)}",
    ev.CardDrawn: lambda e: f"{seat(e.seat)} pioche {name(e.card)}, montrée à tous",
    ev.CardPlayed: _played,
    ev.CardDiscarded: lambda e: f"{seat(e.seat)} défausse {name(e.card)} ({why(e.reason)})",
    ev.EventCardPlaced: _event_card,
    ev.ConcessionChanged: _concession,
    ev.FamilyJoined: lambda e: f"La carte de la famille passe sous son homme d'État {name(e.statesman)}",
    ev.EventsCleared: lambda e: "Les événements aléatoires du tour passé quittent le Port",
    ev.PileShuffled: lambda e: f"La pile de commerce {e.pile} est mélangée ({pluriel(len(e.cards), 'carte')}, face cachée)",
    ev.PileShuffledRedacted: lambda e: f"La pile de commerce {e.pile} est mélangée ({pluriel(e.count, 'carte')}, face cachée)",
    ev.CommerceAside: lambda e: f"{cap(pluriel(len(e.cards), 'carte'))} de la pile de commerce {e.pile} mise{'s' if len(e.cards) > 1 else ''} de côté face cachée ({why(e.reason)})",
    ev.CommerceAsideRedacted: lambda e: f"{cap(pluriel(e.count, 'carte'))} de la pile de commerce {e.pile} mise{'s' if e.count > 1 else ''} de côté face cachée ({why(e.reason)})",
    ev.CommercePulled: lambda e: f"{e.count} {name(e.commodity)} retiré{'s' if e.count > 1 else ''} de la pile de commerce {e.pile} et mis de côté ({why(e.reason)})",
    ev.CommerceBack: lambda e: f"{join_et(names(e.cards)) or 'Aucune carte'}, mise{'s' if len(e.cards) > 1 else ''} de côté pour {why(e.reason)}, "
                               f"{'retourne' if len(e.cards) == 1 else 'retournent'} sous la pile de commerce {e.pile}",
    ev.CommerceDrawn: lambda e: f"{seat(e.seat)} pioche {name(e.card)} dans la pile de commerce {e.pile}",
    ev.CommerceDrawnRedacted: lambda e: f"{seat(e.seat)} pioche une carte de commerce dans la pile {e.pile}",
    ev.CommerceSold: lambda e: f"{seat(e.seat)} vend {e.count} {name(e.commodity)} pour {t(e.value)}",
    ev.CommerceReturned: lambda e: f"{seat(e.seat)} remet {join_et(names(e.cards)) or 'aucune carte'} sous "
                                   f"{'sa pile' if len(e.cards) == 1 else 'leurs piles'} "
                                   f"({'limite d' + chr(39) + 'entrepôt' if e.reason == 'warehouse' else why(e.reason)})",
    ev.ChoiceMade: _choice_made,
    ev.ChoiceMadeRedacted: lambda e: SECRET_STEPS.get(e.step, "{who} fait un choix secret (" + why(e.step) + ")").format(who=seat(e.seat)),
    ev.ChoicesRevealed: _revealed,
    ev.OfferPicked: lambda e: f"{seat(e.seat)} met {name(e.card)} dans son offre" + (" (une carte de sa main)" if e.hand else ""),
    ev.OfferPickedRedacted: lambda e: f"{seat(e.seat)} choisit en secret une carte pour son offre",
    ev.OfferMade: _offer,
    ev.OfferMadeRedacted: lambda e: f"{seat(e.seat)} fait une offre à {seat(e.to)} (ses termes restent entre eux deux)",
    ev.CardOfferMade: _card_offer,
    ev.OfferAnswered: _answered,
    ev.CardDebtsSettled: lambda e: "Les cartes dues pour les offres acceptées sont remises",
    ev.PromisesSettled: lambda e: "Les talents dus pour les offres acceptées sont payés",
    ev.CommerceGiven: lambda e: f"{seat(e.seat)} donne à {seat(e.to)} {join_et(names(e.cards)) or 'aucune carte'}",
    ev.CommerceGivenRedacted: lambda e: f"{seat(e.seat)} donne à {seat(e.to)} {pluriel(e.count, 'carte de commerce', 'cartes de commerce')}",
    ev.CardsGiven: lambda e: f"{seat(e.seat)} donne à {seat(e.to)} {join_et(names(e.cards)) or 'aucune carte'} de sa main",
    ev.CardsGivenRedacted: lambda e: f"{seat(e.seat)} donne à {seat(e.to)} {pluriel(e.count, 'carte')} de sa main",
    ev.Said: lambda e: f"{seat(e.seat)} à {'la table' if e.to < 0 else seat(e.to)} : \u00ab {e.text} \u00bb",
    ev.SaidRedacted: lambda e: f"{seat(e.seat)} parle en privé à {seat(e.to)}",
    ev.ProposalMade: lambda e: f"{seat(e.seat)} propose {proposal_words(e.kind, e.senators, e.target, e.amount)}",
    ev.VoteCast: _vote,
    ev.ProposalDecided: _decided,
    ev.ArmyMoved: lambda e: f"Une armée {name(e.unit)}{' vétérane' if e.veteran else ''}" + (f" fidèle à {name(e.loyal)}" if e.loyal else "")
                            + f" passe {du(force_place(e.origin))} {au(force_place(e.target))} ({why(e.reason)})",
    ev.RebelsChanged: lambda e: (f"La rébellion, menée par {join_et(names(e.leaders)) or 'personne'} : {join_et(names(e.rebels))} ({why(e.reason)})"
                                 if e.rebels else f"Plus de rébellion ({why(e.reason)})"),
    ev.ForceReinforced: lambda e: f"La force {e.force} reçoit en renfort "
                                  + (join_et([*armies(e.armies), *([pluriel(e.squadrons, 'escadre')] if e.squadrons else [])]) or "rien"),
    ev.ForceCommanded: lambda e: f"La force {e.force} est maintenant menée par {join_et(names(e.commanders)) or 'personne'} ({why(e.reason)})",
    ev.AssassinationAttempted: lambda e: f"{name(e.assassin)}, de {seat(e.seat)}, tente d'assassiner {name(e.target)}",
    ev.ProposalVetoed: lambda e: f"{seat(e.seat)} oppose son veto à la proposition sur {kind_of(e.kind)} (Public Outcry)",
    ev.CardCancelled: lambda e: f"{name(e.card)}, de {seat(e.seat)}, est annulée par la Contre-Intrigue de {seat(e.by)}",
}


def describe_event(event: Any) -> str:
    phrase = PHRASES.get(type(event))
    return phrase(event) if phrase is not None else cap(words_of(tag_of(event)))


def name_of(value: Any) -> str:
    """The French words a sentence gives a card or component id ("" for anything else)."""
    return (known(value) or "") if isinstance(value, str) else ""
