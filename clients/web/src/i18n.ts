// The page's own words in English or French (issue 36 item 5). The game's words (the log, the
// moves, who must decide what) come from the server in the language asked for (the `language` of
// StreamEvents and ListLegalCommands); this table holds only the page's chrome: the lobby, the seat
// rows, the buttons, the status line, the replay bar. A message is looked up by its English text, so
// an English page needs no table and a string missing from the French one shows in English.
//
// The language: the one chosen with the switch on the page (kept in localStorage), else the
// browser's (navigator.language: French for any "fr…"), else English.
import { el } from './dom';

export type Language = 'en' | 'fr';
const KEY = 'carthago.language';

let chosen: Language | null = null;  // read once: a change of language reloads the page

export function language(): Language {
  if (chosen) return chosen;
  chosen = readLanguage();
  return chosen;
}

function readLanguage(): Language {
  try {
    const kept = localStorage.getItem(KEY);
    if (kept === 'en' || kept === 'fr') return kept;
  } catch { /* no storage: the browser's language */ }
  const asked = (navigator.languages?.[0] ?? navigator.language ?? '').toLowerCase();
  return asked.startsWith('fr') ? 'fr' : 'en';
}

export function setLanguage(lang: Language): void {
  chosen = lang;
  try { localStorage.setItem(KEY, lang); } catch { /* kept for this page only */ }
  document.documentElement.lang = lang;
}

/** `english` in the page's language, each `{name}` replaced by `vars[name]`. */
export function t(english: string, vars: Record<string, string | number> = {}): string {
  const text = language() === 'fr' ? FR[english] ?? english : english;
  return text.replace(/\{(\w+)\}/g, (m, k) => (k in vars ? String(vars[k]) : m));
}

/** A seat's name ("rome", "red", "north", "first") as the page shows it. */
export function seatWord(name: string, fallback: string): string {
  return language() === 'fr' ? SEATS_FR[name] ?? fallback : fallback;
}

/** The switch on the page: English or French; a change reloads the page in the other language. */
export function languageSwitch(): HTMLElement {
  const pick = el('select', { id: 'language', 'data-testid': 'language', 'aria-label': 'language / langue',
    onchange: () => { setLanguage(pick.value as Language); location.reload(); } },
    el('option', { value: 'en' }, 'English'), el('option', { value: 'fr' }, 'Français'));
  pick.value = language();
  return pick;
}

const SEATS_FR: Record<string, string> = {
  first: 'Premier', second: 'Second', north: 'Nord', east: 'Est', south: 'Sud', west: 'Ouest',
  rome: 'Rome', carthage: 'Carthage', red: 'Rouge', blue: 'Bleu', green: 'Vert', yellow: 'Jaune',
  purple: 'Violet', orange: 'Orange',
};

/** A command's kind (its oneof case, "layCard") as the heading of its move buttons' group, in the
 *  page's language: a phrase, not the kind's raw name ("lay card"). */
export function kindHeading(kind: string): string {
  const known = (language() === 'fr' ? KINDS_FR : KINDS_EN)[kind];
  if (known) return known;
  const words = kind.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The English headings, one for each French one below. */
const KINDS_EN: Record<string, string> = {
  passCard: 'Give a card away', layCard: 'Lay a card', rerollDice: 'Reroll', keepDice: 'Keep the dice',
  playCard: 'Play a card', takeMoney: 'Take money', takeCards: 'Take cards',
  activateCard: 'Activate a card', endTurn: 'End the turn', chooseCard: 'Choose a card', chooseDisc: 'Choose a disc',
  chooseDie: 'Choose a die', adjustDie: 'Adjust a die', buyVictoryPoints: 'Buy victory points', decline: 'Decline',
  chooseSpecial: 'Choose a special card', placePiece: 'Place a piece', declareForcedMarch: 'Forced march',
  addToForcedMarch: 'Pay for the march', movePiece: 'Move a piece', playTreason: 'Treason',
  moveSecondMercenary: 'Second mercenary', playSedition: 'Sedition', offerDraw: 'Offer a draw',
  acceptDraw: 'Accept the draw', chooseCombat: 'Choose a combat', commitCards: 'Lay cards face down',
  declareSpy: 'Spy', keepValue: 'Keep the 2', playCounter: 'Counter-event', chooseSpace: 'Choose a space',
  chooseGeneral: 'Choose a general', chooseNumber: 'Choose a number', chooseOption: 'Choose',
  playBattleCard: 'Battle card', pass: 'Pass', chooseSenator: 'Choose a senator', transfer: 'Talents',
  sellCommerce: 'Sell', say: 'Speak',
};

const KINDS_FR: Record<string, string> = {
  passCard: 'Donner une carte', layCard: 'Poser une carte', rerollDice: 'Relancer', keepDice: 'Garder les dés',
  playCard: 'Jouer une carte', takeMoney: 'Prendre de l\'argent', takeCards: 'Prendre des cartes',
  activateCard: 'Activer une carte', endTurn: 'Finir le tour', chooseCard: 'Choisir une carte', chooseDisc: 'Choisir un disque',
  chooseDie: 'Choisir un dé', adjustDie: 'Modifier un dé', buyVictoryPoints: 'Acheter des PG', decline: 'Refuser',
  chooseSpecial: 'Choisir une carte spéciale', placePiece: 'Placer une pièce', declareForcedMarch: 'Marche forcée',
  addToForcedMarch: 'Payer la marche', movePiece: 'Déplacer une pièce', playTreason: 'Trahison',
  moveSecondMercenary: 'Second mercenaire', playSedition: 'Sédition', offerDraw: 'Proposer la nulle',
  acceptDraw: 'Accepter la nulle', chooseCombat: 'Choisir un combat', commitCards: 'Engager des cartes',
  declareSpy: 'Espion', keepValue: 'Garder le 2', playCounter: 'Contre-événement', chooseSpace: 'Choisir une case',
  chooseGeneral: 'Choisir un général', chooseNumber: 'Choisir un nombre', chooseOption: 'Choisir',
  playBattleCard: 'Carte de bataille', pass: 'Passer', chooseSenator: 'Choisir un sénateur', transfer: 'Talents',
  sellCommerce: 'Vendre', say: 'Parler',
};

const FR: Record<string, string> = {
  // Hannibal's board (hannibal.ts)
  'in the cup': 'dans la coupe',
  'neutralized': 'neutralisés',
  'removed': 'retirés',
  'to come': 'à venir',
  ', {mp} MP left': ', {mp} PM restants',
  ' — {who} to answer': ' — à {who} de répondre',
  'Turn {turn}{years}, {phase}': 'Tour {turn}{years}, {phase}',
  ' ({years} BC)': ' ({years} av. J.-C.)',
  ' · political points: Rome {rome}, Carthage {carthage}': ' · points politiques : Rome {rome}, Carthage {carthage}',
  ' · cards in hand: Rome {rome}, Carthage {carthage} · deck {deck}, discard {discard}': ' · cartes en main : Rome {rome}, Carthage {carthage} · pioche {deck}, défausse {discard}',
  ' · {side} played first': ' · {side} a joué en premier',
  ' · last card: {card}': ' · dernière carte : {card}',
  ' · markers: {markers}': ' · marqueurs : {markers}',
  // The Republic of Carthage's board (roc.ts)
  'all lost': 'tout perdu',
  '{n} lost': '{n} perdus',
  'a war card: its land strength / the squadrons\' support it needs / its naval strength (a naval battle first when above 0, VI.2)': 'une carte Guerre : sa force terrestre / le soutien d\'escadres qu\'elle demande / sa force navale (une bataille navale d\'abord si elle dépasse 0, VI.2)',
  'the unmodified 3d6 rolls of the war roll that give a Disaster (D) or a Retreat (R), whatever the modifiers': 'les jets de 3d6 non modifiés du jet de guerre qui donnent un Désastre (D) ou une Retraite (R), quels que soient les modificateurs',
  'an enemy leader in play: his strength is added to each of his wars': 'un Chef Ennemi en jeu : sa force s\'ajoute à chacune de ses guerres',
  'the Senate\'s force 1 sent to this war (its commanders and armies: Active Forces)': 'la force 1 du Sénat envoyée à cette guerre (ses commandants et armées : Forces Actives)',
  'armies of one type (the first letters of its name), how many, and the veterans among them': 'des armées d\'un type (les premières lettres de son nom), combien, et les vétérans parmi elles',
  'squadrons': 'escadres',
  'a senator\'s Military / Eloquence / Loyalty (his card)': 'Militaire / Éloquence / Loyauté d\'un sénateur (sa carte)',
  'Influence, Popularity and the talents on him; merch. his merchants; ● a red Responsibility marker (II.3); ★ the faction leader': 'Influence, Popularité et les talents qu\'il porte ; march. ses marchands ; ● un marqueur rouge de Responsabilité (II.3) ; ★ le Chef de Faction',
  '{n} cards': '{n} cartes',
  ' ({n} left)': ' (encore {n})',
  ' [red]': ' [rouge]',
  'governor of {province}': 'gouverneur de {province}',
  'leader {name} ({strength})': 'chef {name} ({strength})',
  'in the State Treasury': 'au Trésor de l\'État',
  'Tax rate %': 'Taux d\'imposition %',
  'Laws: {laws}': 'Lois : {laws}',
  'faction {s}: eloquence {k} in Carthage': 'faction {s} : Éloquence {k} à Carthage',
  'each faction\'s eloquence in Carthage (its senators\' cards)': 'l\'Éloquence de chaque faction à Carthage (les cartes de ses sénateurs)',
  'Pile {p}': 'Tas {p}',
  '{n} set aside': '{n} de côté',
  'Counters: ': 'Compteurs : ',
  '{seat} — faction treasury {treasury}, influence {influence}, {cards} cards (I: {one}, II: {two}), {commerce} commerce': '{seat} — trésor de faction {treasury}, Influence {influence}, {cards} cartes (I : {one}, II : {two}), {commerce} cartes de commerce',
  'senator': 'sénateur',
  'M/E/L': 'M/É/L',
  'merch.': 'march.',
  'where': 'où',
  'offices': 'charges',
  'face down (holds talents)': 'face cachée (contient des talents)',
  'sells for {values} T (1, 2, 3 … cards)': 'se vend {values} T (1, 2, 3 … cartes)',
  ' ({k} sell for {value} T)': ' ({k} se vendent {value} T)',
  '{payer} owes {payee} {value} T (next Revenue)': '{payer} doit {value} T à {payee} (prochain Revenu)',
  '{debtor} owes {creditor} {what} (Civil War phase)': '{debtor} doit à {creditor} {what} (phase de Guerre Civile)',
  '{n} Intrigue/Event cards of his choice': '{n} cartes Intrigue ou Événement de son choix',
  'no cards': 'aucune carte',
  '(not chosen yet)': '(pas encore choisi)',
  '{seat} makes an offer to {to}': '{seat} fait une offre à {to}',
  'cards: {cards}': 'cartes : {cards}',
  '{count} cards of the hand for {want} of the receiver\'s choice': '{count} cartes de la main contre {want} au choix du receveur',
  '{count} cards worth {value} T, including {named}, for {want} of the receiver\'s cards': '{count} cartes valant {value} T, dont {named}, contre {want} cartes du receveur',
  'its terms are between the two of them': 'ses termes restent entre eux deux',
  '{n} T promised (next Revenue)': '{n} T promis (prochain Revenu)',
  '{n} T asked (next Revenue)': '{n} T demandés (prochain Revenu)',
  'promised for the Civil War phase: {cards}': 'promis pour la phase de Guerre Civile : {cards}',
  '{n} Intrigue/Event cards of the receiver\'s choice asked (Civil War phase)': '{n} cartes Intrigue ou Événement au choix du receveur demandées (phase de Guerre Civile)',
  'Provinces': 'Provinces',
  ' (developed)': ' (développée)',
  'Offices': 'Charges',
  'Concessions': 'Concessions',
  ' (face down)': ' (face cachée)',
  'Senators': 'Sénateurs',
  ' (dead)': ' (mort)',
  'Events': 'Événements',
  'Set values: what 1, 2, 3 …': 'Valeurs des lots : ce que 1, 2, 3 …',
  'cards of a commodity': 'cartes d\'une marchandise',
  'sell for together, in T.': 'rapportent ensemble, en T.',
  'Deck {deck}: {n} cards': 'Paquet {deck} : {n} cartes',
  'Discard: {n} cards': 'Défausse : {n} cartes',
  'discard pile: {n}': 'défausse : {n}',
  'Mortality chits': 'Jetons Mortalité',
  'naval won': 'escadre gagnée',
  'none': 'aucune',
  // Rome et Carthage's board (boards.ts, rncWords.ts)
  ', with {who}': ', avec {who}', '{cards} cards, {pieces} pieces': '{cards} cartes, {pieces} pièces', ', {n} to place': ', {n} à placer',
  ', specials: {names}': ', cartes spéciales : {names}', ' — capital occupied!': ' — capitale occupée !', ' — eliminated': ' — éliminé',
  'Combat in {city}: {attacker} attacks {defender} — {step}': 'Combat à {city} : {attacker} attaque {defender} — {step}',
  ' (totals {totals})': ' (totaux {totals})', ' — partner\'s hand: {cards}': ' — main du partenaire : {cards}',
  '{edition} · {phase}, round {round}, turn {turn}': '{edition} · {phase}, manche {round}, tour {turn}',
  ' · moves {moves}/{allowed}': ' · déplacements {moves}/{allowed}', ' · forced march': ' · marche forcée', ' · {n} to place': ' · {n} à placer',
  ' · rounds without a combat or a capital taken: {quiet} (a draw at {limit})': ' · manches sans combat ni capitale prise : {quiet} (nulle à {limit})',
  'a piece, in its owner\'s colour: M mercenary, E elephant, C chariot (land), G galley (sea)':
    'une pièce, de la couleur de son joueur : M mercenaire, E éléphant, C char (terre), G galère (mer)',
  'a capital': 'une capitale', 'a city (tinted by its state on the map)': 'une cité (teintée de son État sur la carte)',
  'a road (land pieces)': 'une route (pièces de terre)', 'a sea lane (galleys)': 'une route maritime (galères)',
  'along the coast, port to port (galleys)': 'le long de la côte, de port en port (galères)',
  'a city your move can name: click it': 'une cité que votre coup peut nommer : cliquez-la',
  // the player panel and the leaderboard
  'This browser cannot keep a key: you play under a name alone.': 'Ce navigateur ne peut pas garder de clé : vous jouez sous un simple nom.',
  ', a registered player (key ': ', joueur inscrit (clé ',
  '). Its private half stays in this browser: nobody can copy it out.': '). Sa moitié privée reste dans ce navigateur : personne ne peut la copier.',
  ' take seats as this player: every move signed with the key': ' prendre les places sous ce joueur : chaque coup signé par la clé',
  'a player name': 'un nom de joueur',
  'A registered player is a key (no password): the seats it takes sign every move, and rated games are between registered players.':
    'Un joueur inscrit est une clé (sans mot de passe) : les places qu\'il prend signent chaque coup, et les parties classées se jouent entre joueurs inscrits.',
  '{game} {rating} (±{deviation}, {games} games)': '{game} {rating} (±{deviation}, {games} parties)', 'not rated yet': 'pas encore classé',
  'Ratings (Glicko-2) from {n} finished rated games, recomputed from their logs.': 'Classement (Glicko-2) d\'après {n} parties classées finies, recalculé depuis leurs journaux.',
  // Roma's board
  'empty': 'vide', '{who} — {money} sesterces, {vp} VP, {hand} cards in hand': '{who} — {money} sesterces, {vp} PG, {hand} cartes en main',
  'Waiting for {who} to answer ({what})': 'En attente de la réponse de {who} ({what})', ' — cards: {cards}': ' — cartes : {cards}',
  ' — giving: {cards}': ' — donne : {cards}',
  'Phase {phase}, turn {turn}. Victory points left in the supply: {supply}. Deck: {deck}. ': 'Phase {phase}, tour {turn}. Points gagnants restant en réserve : {supply}. Talon : {deck}. ',
  'phase pass': 'phase des échanges', 'phase place': 'phase de pose', 'phase turn': 'phase de jeu', 'phase over': 'phase finie',
  'Essedum: −{n} defence. ': 'Essedum : −{n} en défense. ', 'Discard pile: {cards}': 'Défausse : {cards}',
  // the lobby
  'your name': 'votre nom', 'Your name: ': 'Votre nom : ', 'New game': 'Nouvelle partie', 'Loading game types…': 'Chargement des jeux…',
  'Games': 'Parties', 'Loading…': 'Chargement…', 'connected': 'connecté', '{n} players': '{n} joueurs',
  'the other seats: people (invite them)': 'les autres places : des joueurs (invitez-les)',
  'the other seats: house bot {n}, {title} ({description})': 'les autres places : robot du serveur {n}, {title} ({description})',
  'the other seats: house bot, random moves': 'les autres places : robot du serveur, coups au hasard',
  'Create game': 'Créer la partie', 'server unreachable': 'serveur injoignable', 'playing (seq {seq})': 'en cours (seq {seq})',
  'replay': 'revoir', 'join': 'rejoindre', 'watch': 'regarder', 'game': 'partie', 'type': 'jeu', 'seats': 'places',
  'status': 'état', 'No games yet: create one.': 'Pas encore de partie : créez-en une.',
  'Language: ': 'Langue : ',
  // a game
  '← the lobby': '← l\'accueil', 'back to the lobby': 'retour à l\'accueil',
  'The invite link took no seat — {why}': 'Le lien d\'invitation n\'a pris aucune place — {why}',
  'Log': 'Journal', 'Invite: ': 'Inviter : ', 'copy': 'copier', 'Your name (the other players see it): ': 'Votre nom (les autres joueurs le voient) : ',
  ' — you': ' — vous', 'Take this seat': 'Prendre cette place', 'level {n}, {title}': 'niveau {n}, {title}', 'random moves': 'coups au hasard',
  'the server plays this seat, at the level chosen, whether this page is open or not':
    'le serveur joue cette place, au niveau choisi, que cette page soit ouverte ou non',
  'Add a house bot': 'Ajouter un robot du serveur',
  'Say your name first (above the seats): the other players see it.': 'Donnez d\'abord votre nom (au-dessus des places) : les autres joueurs le voient.',
  'replay it move by move': 'la revoir coup par coup', '● Your turn — Carthago': '● À vous — Carthago',
  'The game is over: the table is closed.': 'La partie est finie : la table est fermée.',
  'Watching: you see the public messages, and who spoke privately to whom. Take a seat to talk.':
    'Spectateur : vous voyez les messages publics, et qui a parlé en privé à qui. Prenez une place pour parler.',
  'Or': 'Ou', 'Watching as a spectator: take a free seat to play.': 'Vous regardez en spectateur : prenez une place libre pour jouer.',
  'Waiting for the other players…': 'En attente des autres joueurs…', 'Your move': 'À vous de jouer', 'show every move': 'montrer tous les coups',
  'Resign': 'Abandonner', 'Resign this game?': 'Abandonner cette partie ?', 'You lose the game now.': 'Vous perdez la partie maintenant.',
  'Offer a draw': 'Proposer la nulle', ' Your draw offer stands.': ' Votre proposition de nulle tient.',
  ' You accepted the draw offer.': ' Vous avez accepté la nulle.', ' {who} offers a draw: ': ' {who} propose la nulle : ',
  'Accept the draw': 'Accepter la nulle', 'Accept the draw?': 'Accepter la nulle ?',
  'The game ends drawn when every seat has accepted.': 'La partie est nulle quand chaque place a accepté.', 'Decline': 'Refuser',
  'The game moved on before your move was sent: choose again.': 'La partie a avancé avant l\'envoi de votre coup : choisissez à nouveau.',
  'Your moves could not be fetched — {why}; trying again…': 'Vos coups n\'ont pu être lus — {why} ; nouvel essai…',
  'offline: waiting for the network…': 'hors ligne : en attente du réseau…', 'live': 'en direct', 'game over': 'partie finie',
  'reconnecting… ({why})': 'reconnexion… ({why})',
  // the seats and the status line (status.ts)
  'house bot': 'robot du serveur', '{who}, played by the server': '{who}, joué par le serveur', 'taken': 'prise',
  'reserved for {who}': 'réservée à {who}', 'free': 'libre', 'seat {n}': 'place {n}',
  'Game over — aborted{by} before any move: no result': 'Partie finie — annulée{by} avant tout coup : sans résultat', ' by {who}': ' par {who}',
  'winner: {who}': 'vainqueur : {who}', 'no winner: every seat lost': 'aucun vainqueur : toutes les places ont perdu', 'no winner': 'aucun vainqueur',
  '; scores {scores}': ' ; scores {scores}', 'Game over': 'Partie finie', 'To act: {who}': 'À jouer : {who}', ' and ': ' et ',
  'by the rules': 'selon les règles', 'a draw by the rules': 'nulle selon les règles', '{who} resigned': '{who} a abandonné',
  'by resignation': 'par abandon', 'a draw agreed by the players': 'une nulle acceptée par les joueurs', 'aborted': 'annulée',
  'time out: {who}\'s clock ran out': 'temps écoulé : la pendule de {who} est tombée', 'time out: a seat\'s clock ran out': 'temps écoulé : une pendule est tombée',
  // the boards and panels
  'Your hand: ': 'Votre main : ',
  'Action dice: ': 'Dés d\'action : ',
  'No view yet.': 'Pas encore de vue.',
  'Your strategy cards: ': 'Vos cartes de stratégie : ',
  'Their hand, as last shown: ': 'Sa main, telle que vue en dernier : ',
  'Generals off the map: ': 'Généraux hors de la carte : ',
  'To match: ': 'À contrer : ',
  'Your battle cards: ': 'Vos cartes de bataille : ',
  'Your commerce cards: ': 'Vos cartes de commerce : ',
  'Chosen in secret: ': 'Choisi en secret : ',
  'Owed between you and another player: ': 'Dû entre vous et un autre joueur : ',
  'From the rules': 'Extrait des règles',
  'The rule now: ': 'La règle en jeu : ',
  'Battles': 'Batailles',
  'Your key': 'Votre clé',
  'Players': 'Joueurs',
  'Name: ': 'Nom : ',
  'No registered player yet.': 'Pas encore de joueur inscrit.',
  'Make my key and register': 'Créer ma clé et m\'inscrire',
  'You play as ': 'Vous jouez en tant que ',
  // the replay (replay.ts)
  'Replays are for finished games: this one is still being played. ': 'On revoit les parties finies : celle-ci est encore en cours. ',
  'watch it live': 'la regarder en direct', 'Replay': 'Revoir', 'Loading the log…': 'Chargement du journal…',
  'move {p} of {n}: {who} (seq {seq})': 'coup {p} sur {n} : {who} (seq {seq})',
  'the start, before any move (seq {seq}); {n} moves': 'le début, avant tout coup (seq {seq}) ; {n} coups',
  '▶ play': '▶ lecture', '❚❚ pause': '❚❚ pause', 'the start': 'le début', '◀◀ turn': '◀◀ tour', 'back to the end of the turn before (shift ←)': 'retour à la fin du tour précédent (maj ←)',
  '◀ move': '◀ coup', 'one move back (←)': 'un coup en arrière (←)', 'move ▶': 'coup ▶', 'one move on (→)': 'un coup en avant (→)',
  'turn ▶▶': 'tour ▶▶', 'to the end of this turn: the next seat\'s moves start (shift →)': 'à la fin de ce tour : les coups de la place suivante commencent (maj →)',
  'the end': 'la fin', 'move': 'coup',
  // asking before a move (confirm.ts)
  'Send it': 'L\'envoyer', 'Cancel': 'Annuler', 'Send it? A move cannot be taken back': 'L\'envoyer ? Un coup ne se reprend pas',
  'Ask before a move that cannot be taken back': 'Demander avant un coup qui ne se reprend pas',
  'The moves marked ⚑ end or spend something for good; resigning always asks': 'Les coups marqués ⚑ finissent ou dépensent quelque chose pour de bon ; abandonner demande toujours',
  'It ends your turn: the combats declared are fought now.': 'Cela finit votre tour : les combats annoncés sont livrés maintenant.',
  'The cards are laid face down for this combat.': 'Les cartes sont posées face cachée pour ce combat.',
  'The strategy card leaves your hand for good.': 'La carte de stratégie quitte votre main pour de bon.',
  'The card is played out of turn and leaves your hand.': 'La carte est jouée hors de votre tour et quitte votre main.',
  'The battle card is played in this round.': 'La carte de bataille est jouée pour ce round.', 'You lose the battle.': 'Vous perdez la bataille.',
  'You give up the round to try to withdraw.': 'Vous renoncez au round pour tenter de vous replier.', 'Your bid is final.': 'Votre enchère est définitive.',
  'Your vote is final.': 'Votre vote est définitif.', 'The talents are spent on votes for this proposal.': 'Les talents sont dépensés en voix pour cette proposition.',
  // your games (yourGames.ts)
  'Your games': 'Vos parties', 'No game of yours is being played: create one, or take a seat in one below.':
    'Aucune de vos parties n\'est en cours : créez-en une, ou prenez une place dans une partie ci-dessous.', 'Finished: ': 'Finies : ',
  // the clocks (clock.ts)
  'Clocks:': 'Pendules :', 'Clock (optional): ': 'Pendule (facultative) : ',
  ' minutes + ': ' minutes + ', ' s added a move': ' s ajoutées par coup', 'Fischer: a total, and an increment after each move': 'Fischer : un total, et un incrément après chaque coup',
  ' minutes, ': ' minutes, ', ' s delay a move': ' s de délai par coup', 'simple delay: the first seconds of each turn are not counted': 'délai simple : les premières secondes de chaque tour ne comptent pas',
  ' hours a move': ' heures par coup', 'correspondence: a deadline per decision, unused time is not kept': 'correspondance : un délai par décision, le temps non utilisé n\'est pas gardé',
  ' Notify me when it is my turn (while a Carthago page is open)': ' Me prévenir quand c\'est à moi (tant qu\'une page Carthago est ouverte)',
  // table talk (talk.ts)
  'Table talk': 'À la table', 'Send': 'Envoyer', 'You': 'Vous', 'Nobody has spoken yet.': 'Personne n\'a encore parlé.',
  'Write something first.': 'Écrivez d\'abord quelque chose.',
  'Talk binds nobody (R110); a private message shows the others only who spoke to whom.':
    'Parler n\'engage personne (R110) ; un message privé ne montre aux autres que qui a parlé à qui.',
  // challenges and rated games (challenges.ts, the lobby, the game page)
  'You cannot challenge yourself: name another player.': 'Vous ne pouvez pas vous défier vous-même : nommez un autre joueur.',
  'No player is registered under that name.': 'Aucun joueur n\'est inscrit sous ce nom.',
  'You have 20 challenges waiting for an answer: wait for them, or withdraw some.':
    'Vous avez 20 défis en attente de réponse : attendez-les, ou retirez-en.',
  'Too many challenges sent in a short time: wait a minute and send it again.':
    'Trop de défis envoyés en peu de temps : attendez une minute et envoyez-le de nouveau.',
  'This challenge is no longer on the server.': 'Ce défi n\'est plus sur le serveur.',
  'This challenge is not yours to answer.': 'Ce n\'est pas à vous de répondre à ce défi.',
  'This challenge was answered already, or it expired.': 'Ce défi a déjà reçu une réponse, ou il a expiré.',
  'Your session is no longer valid: reload the page to log in again.': 'Votre session n\'est plus valide : rechargez la page pour vous reconnecter.',
  'The server does not allow this game as set: {why}': 'Le serveur refuse cette partie ainsi réglée : {why}',
  'A rated game is between registered players only.': 'Une partie classée se joue entre joueurs inscrits seulement.',
  'The server could not be reached: try again.': 'Le serveur est injoignable : réessayez.',
  '{h} h a move': '{h} h par coup', '{m} min, {s} s delay a move': '{m} min, {s} s de délai par coup',
  '{m} min + {s} s a move': '{m} min + {s} s par coup',
  'waiting for an answer': 'en attente de réponse', 'accepted': 'accepté', 'declined': 'refusé',
  'expired, not answered in time': 'expiré, sans réponse à temps', 'a player\'s name': 'le nom d\'un joueur',
  'no clock': 'sans pendule', 'rated': 'classée', 'not rated': 'non classée', 'Accept': 'Accepter',
  'Withdraw': 'Retirer', 'Play': 'Jouer', '{m} min left': 'encore {m} min', 'From {who}': 'De {who}', 'To {who}': 'À {who}',
  'you play {seat}': 'vous jouez {seat}', 'Received': 'Reçus', 'No challenge received.': 'Aucun défi reçu.',
  'Sent': 'Envoyés', 'No challenge sent.': 'Aucun défi envoyé.', 'open it': 'l\'ouvrir',
  'Your game {id} ({type}) has started: you play {seat}.': 'Votre partie {id} ({type}) a commencé : vous jouez {seat}.',
  'you won': 'vous avez gagné', 'you lost': 'vous avez perdu', 'Your game {id} is over: {result}.': 'Votre partie {id} est finie : {result}.',
  'A seat is kept for you in game {id} ({type}): {seat}.': 'Une place vous est gardée dans la partie {id} ({type}) : {seat}.',
  'Take my seat': 'Prendre ma place', 'I play {seat}': 'Je joue {seat}', 'Name the player to challenge first.': 'Nommez d\'abord le joueur à défier.',
  'Send the challenge': 'Envoyer le défi', 'Challenge a player': 'Défier un joueur', 'Player: ': 'Joueur : ',
  'the result counts for both players\' ratings; every seat is a registered player\'s':
    'le résultat compte pour le classement des deux joueurs ; chaque place est celle d\'un joueur inscrit',
  ' rated game': ' partie classée', 'Challenges': 'Défis', 'Your games, as they start and end': 'Vos parties, quand elles commencent et finissent',
  'Challenge': 'Défier',
  'Nothing yet: a game of yours that starts or ends while this page is open is said here.':
    'Rien encore : une partie à vous qui commence ou finit pendant que cette page est ouverte est annoncée ici.',
  'a rated game is between registered players: make your key first': 'une partie classée se joue entre joueurs inscrits : créez d\'abord votre clé',
  'a rated game has no house bot: choose people for the other seats': 'une partie classée n\'a pas de bot maison : choisissez des personnes pour les autres places',
  'the result counts for the players\' ratings; every seat signs its moves': 'le résultat compte pour le classement des joueurs ; chaque place signe ses coups',
  'a rated game: its result counts for the ratings': 'une partie classée : son résultat compte pour le classement',
  'A rated game is between registered players only: make your key in the lobby first.':
    'Une partie classée se joue entre joueurs inscrits seulement : créez d\'abord votre clé dans le salon.',
};
