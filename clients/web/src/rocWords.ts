// The Republic of Carthage's move buttons and the seat's own secret plan in words, in the words of
// the engine's move list (engine/games/republic_of_carthage/notation.py). The log's sentences and the
// "waiting for" line come from the server (EventRecord.words, engine/games/republic_of_carthage/words.py).
//
// Hidden information: a button is built from the command and the seat's own view, and from the
// game's public data files; never from anything else.
import { ownName } from './words';
import warsData from '../../../engine/games/republic_of_carthage/data/wars.json';

const GAME = 'republic-of-carthage';
type Seat = (seat: number) => string;

const CAMPAIGNS = new Set<string>([...(warsData as any).wars, ...(warsData as any).explorations].map((w: any) => w.id));

/** An id of the game's components in words, without the card id or deck the page adds in brackets
 *  ("Bostar", not "Bostar (11)"; "Public Outcry", not "Public Outcry (I)"), as notation.py names them. */
export function rocName(id: string): string {
  if (!id) return '—';
  const key = id.replace(/^senator:/, '');
  return ownName(GAME, key)?.replace(/ \([^)]*\)$/, '') ?? key.replace(/_/g, ' ');
}

/** "Red (tester)" -> "Red": the faction's colour alone, for "Red's treasury". */
const colour = (seat: Seat, n: number) => seat(n).replace(/ \([^)]*\)$/, '');

const names = (ids: readonly string[] | undefined) => (ids ?? []).filter((x) => x).map(rocName);

function list(words: string[]): string {
  if (words.length <= 1) return words[0] ?? '';
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

const talents = (n: number) => `${n} T`;
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** A snake_case reason or purpose in words: a component's name when it is one ("harbour_captain"
 *  -> "Harbour Captain"), else the words ("state_income" -> "state income"). */
function why(word: string): string {
  if (!word) return '';
  const known = ownName(GAME, word);
  if (known) return known.replace(/ \([^)]*\)$/, '');
  const [head, ...rest] = word.split(':');  // "personal:sardinia_corsica" -> "personal (Sardinia-Corsica)"
  if (rest.length && head) return `${why(head)} (${rest.map(why).join(', ')})`;
  return word.replace(/_/g, ' ');
}

/** A war, an exploration or the rebellion, with its article: "the War with Cyrene". */
function theWar(id: string): string {
  if (id === 'rebels') return 'the rebellion';
  const name = rocName(id);
  return CAMPAIGNS.has(id) && name.includes(' ') ? `the ${name}` : name;  // "Morocco" has none
}

/** A place of talents (events.py: senator:<id>, faction:<seat>, state, bank; escrow:persuasion);
 *  `own`: the seat whose treasury is "its treasury" (or `ownWord`'s). */
export function placeWords(place: string, seat: Seat, own = -1, ownWord = 'its treasury'): string {
  const [kind, key] = [place.split(':')[0], place.split(':').slice(1).join(':')];
  if (kind === 'senator') return rocName(key);
  if (kind === 'faction' && /^\d+$/.test(key)) return Number(key) === own ? ownWord : `${colour(seat, Number(key))}'s treasury`;
  if (place === 'state') return 'the State treasury';
  if (place === 'bank') return 'the bank';
  if (kind === 'escrow') return `the ${key || 'persuasion'} stake`;
  return rocName(place);
}

const unitName = (unit: string) => (unit === 'squadron' ? 'squadron' : rocName(unit));
const units = (n: number, unit: string) => `${n} ${unitName(unit)}${unit === 'squadron' ? (n === 1 ? '' : 's') : (n === 1 ? ' unit' : ' units')}`;

/** Army type ids, one per army, counted: "2 Carthaginian Legion, 1 Celtiberian". */
function armies(ids: readonly string[] | undefined): string[] {
  const count = new Map<string, number>();
  for (const a of ids ?? []) count.set(a, (count.get(a) ?? 0) + 1);
  return [...count].map(([a, k]) => `${k} ${rocName(a)}`);
}

/** What a proposal (ProposalMade: kind, senators, target, amount) asks, as notation.py's tally reads. */
export function proposalWords(kind: string, senators: readonly string[], target: string, amount: number): string {
  const who = names(senators.map((x) => x.replace(/^co:/, '')));
  const a = who[0] ?? 'the candidate';
  switch (kind) {
    case 'suffetes': return who.length > 1 ? `${who[0]} and ${who[1]} as Suffètes` : `${a} as Suffète`;
    case 'council': return `${a} for ${rocName(target)}`;
    case 'governor': return `${a} as governor of ${rocName(target)}`;
    case 'recruit': return `recruiting ${units(amount, target)}`;
    case 'disband': return `disbanding a ${rocName(target)}`;
    case 'prosecute': return `sending ${list(who) || 'a force'} to ${theWar(target)}${amount ? ` with ${plural(amount, 'squadron')}` : ''}`;
    case 'expedition': return `${a}'s expedition to ${theWar(target)}`;
    case 'peace': return `peace in ${theWar(target)}`;
    case 'tax': return `${target === 'up' ? 'raising' : 'lowering'} the tax rate`;
    case 'concession': return `granting ${rocName(target)} to ${a}`;
    case 'suffete_for_life': return `${a} as Suffète for Life`;
    case 'trial': return `convicting ${a}${who[1] ? ` (Judge: ${who[1]})` : ''}${target ? ` (${why(target)} trial)` : ''}`;
    case 'recall_exile': return `recalling ${a} from exile`;
    case 'reinforce': return `reinforcing force ${target}${who.length ? ` (${list(who)})` : ''}`;
    case 'recall': return `recalling the commanders of force ${target}`;
    case 'recall_governor': return `${a} as governor of ${rocName(target)} in place of the one recalled`;
    default: return `${why(kind)}${who.length ? ` (${list(who)})` : ''}${target ? ` (${rocName(target)})` : ''}`;
  }
}

/** One entry of a seat's secret choice (ChoiceMade.names, View.committed) for `step`, as that seat reads
 *  it; `own`: the choosing seat (its treasury is `ownWord`). Redistribution: "<source>><target>" then
 *  "=<talents>"; the Civil War's cards: "<card>|<senator>"; a rebel bid: "<talents>". */
function choiceWords(step: string, entry: string, seat: Seat, own: number, ownWord: string): string {
  if (step === 'redistribution') {
    const amount = /^=(\d+)$/.exec(entry);
    if (amount) return `${talents(Number(amount[1]))} for that move`;
    const [src, dst] = entry.split('>');
    return `a move of talents from ${placeWords(src, seat, own, ownWord)} to ${placeWords(dst ?? '', seat, own, ownWord)}`;
  }
  if (step === 'civil_cards') {
    const [card, senator] = entry.split('|');
    return `${rocName(card)}${senator ? ` on ${rocName(senator)}` : ''}`;
  }
  if (step === 'rebel_bid') return `a bid of ${talents(Number(entry))}`;
  return rocName(entry);
}

/** The seat's own secret choices not yet revealed (View.committed), in words: the II.10 moves paired
 *  with their amounts ("move 2 T from Bostar to Hasdrubal", "give 1 T to Blue's treasury"), the
 *  Civil War's cards ("play Secret Escort on Bostar"), a rebel bid ("bid 3 T"). */
export function secretChoiceWords(committed: readonly string[], seat: Seat, own: number): string {
  const out: { text: string; amount?: number; src?: string; dst?: string }[] = [];
  for (const entry of committed) {
    const amount = /^=(\d+)$/.exec(entry);
    const move = /^([^>|]+)>([^>|]+)$/.exec(entry);
    const last = out[out.length - 1];
    if (amount && last?.src !== undefined && last.amount === undefined) {
      last.amount = Number(amount[1]);
    } else if (move) {
      out.push({ text: '', src: move[1], dst: move[2] });
    } else if (entry.includes('|')) {
      out.push({ text: `play ${choiceWords('civil_cards', entry, seat, own, 'your treasury')}` });
    } else if (/^\d+$/.test(entry)) {
      out.push({ text: `bid ${talents(Number(entry))}` });
    } else {
      out.push({ text: rocName(entry) });
    }
  }
  return out.map(({ text, amount, src, dst }) => {
    if (src === undefined || dst === undefined) return text;
    const how = amount === undefined ? 'talents' : talents(amount);
    const later = amount === undefined ? ' (how many: still to choose)' : '';
    const from = placeWords(src, seat, own, 'your treasury');
    if (dst.startsWith('faction:') && dst !== `faction:${own}`) {  // a gift to another faction (R75)
      return `give ${how}${src === `faction:${own}` ? '' : ` from ${from}`} to ${placeWords(dst, seat, own)}${later}`;
    }
    return `move ${how} from ${from} to ${placeWords(dst, seat, own, 'your treasury')}${later}`;
  }).join('; ');
}

// ---- the legal commands as buttons ---------------------------------------------------------------
// A command answers the pending step (the top frame of View.flow), and what it means depends on that
// step, as in notation.py (`carthago moves`): each button reads as what it does, in the player's own
// words ("move talents from Bomilcar to Hamilcar", "give to Blue's treasury", "Done"), under a heading
// naming the decision ("Redistribute talents, in secret"). Built from the command, the seat's own view
// (its flow frames, as frame_for shows them to it; its own secret plan, View.committed; the forces) and
// the game's data files, so a button says nothing the seat may not see.

interface StepFrame { kind: string; seat: number; senator: string; target: string; count: number; nums: number[]; strs: string[] }
const NO_FRAME: StepFrame = { kind: '', seat: -1, senator: '', target: '', count: 0, nums: [], strs: [] };
const EXPLORATIONS = new Map<string, any>((warsData as any).explorations.map((x: any) => [x.id, x]));

/** What the Senate recruits: "Celtiberian units", "squadrons". */
const unitsOf = (unit: string) => (unit === 'squadron' ? 'squadrons' : `${rocName(unit)} units`);

/** A number of talents on a button: "none", "1 talent", "3 talents". */
const money = (n: number) => (n ? plural(n, 'talent') : 'none');

/** A card played from the hand: "Salt Pans of Utica on Mago", a statesman "Himilco the Navigator
 *  over Mago". */
function cardOn(card: string, senator: string): string {
  if (/^\d+[A-B]$/.test(card)) return `${rocName(card)}${senator ? ` over ${rocName(senator)}` : ''}`;
  return `${rocName(card)}${senator ? ` on ${rocName(senator)}` : ''}`;
}

/** An army token named as an option (war_details.token_option: type/veteran/loyal senator/place). */
function armyToken(token: string): string {
  const [unit, vet, loyal] = token.split('/');
  return `${vet === '1' ? 'a veteran ' : 'a '}${rocName(unit)} army${loyal ? ` loyal to ${rocName(loyal)}` : ''}`;
}

/** The army a step is about (its strs: type, veteran, loyal senator, place), as notation.py's _army. */
const stepArmy = (f: StepFrame) => (f.strs[0] ? `the ${f.strs[1] === '1' ? 'veteran ' : ''}${rocName(f.strs[0])} army${f.strs[2] ? ` loyal to ${rocName(f.strs[2])}` : ''}` : 'the army');

/** A force in the field by the war it fights ("the force in the Numidian War"), from the view. */
function forceWords(view: any, id: string | number): string {
  const force = (view?.forces ?? []).find((x: any) => String(x.force) === String(id));
  return force ? `the force in ${theWar(force.war)}` : `force ${id}`;
}

/** A move of talents the seat plans or makes: to another faction's treasury it is a gift. */
function moveWords(src: string, dst: string, seat: Seat, me: number): string {
  const from = placeWords(src, seat, me, 'your treasury'), to = placeWords(dst, seat, me, 'your treasury');
  if (dst.startsWith('faction:') && dst !== `faction:${me}`) return src === `faction:${me}` ? `give talents to ${to}` : `give talents from ${from} to ${to}`;
  return `move talents from ${from} to ${to}`;
}

/** The proposal being voted on: the tally frame under the vote (its kind, candidates, target, amount). */
function proposalOf(flow: StepFrame[]): string {
  const t = [...flow].reverse().find((x) => x.kind === 'tally');
  if (!t || !t.strs.length) return 'the proposal';
  return proposalWords(t.strs[0], t.strs.slice(1).filter((x) => x), t.target, t.nums[0] ?? 0);
}

const BUSINESS_ITEMS: Record<string, string> = {
  recruit: 'recruitment', disband: 'disbanding', prosecute: 'a war to prosecute', expedition: 'an expedition', peace: 'a peace',
  tax: 'the tax rate', concession: 'a concession', suffete_for_life: 'a Suffète for Life', recall_exile: "an exile's recall",
  reinforce: 'reinforcements', recall: "a commander's recall", recall_governor: "a governor's recall", adjourn: 'adjourn the Senate',
};

/** An option word any step may offer, in words ("done" -> "done", "offer:1" -> "offer to Blue"). */
function optionWords(option: string, seat: Seat, view: any): string {
  const [word, ...rest] = option.split(':');
  const arg = rest.join(':');
  if (option.includes('/')) return armyToken(option);
  switch (word) {
    case 'offer': return /^\d+$/.test(arg) ? `offer to ${colour(seat, Number(arg))}` : 'make an offer';
    case 'seat': return /^\d+$/.test(arg) ? colour(seat, Number(arg)) : why(arg);
    case 'major': return `major trial of ${rocName(arg)}`;
    case 'minor': return `minor trial of ${rocName(arg)}`;
    case 'responsibility': return `minor trial of ${rocName(arg)} (Responsibility)`;
    case 'recruit': return `recruit ${unitsOf(arg)}`;
    case 'disband': return `disband a ${rocName(arg)}`;
    case 'prosecute': return `send a force to ${theWar(arg)}`;
    case 'expedition': return `an expedition to ${theWar(arg)}`;
    case 'peace': return `peace in ${theWar(arg)}`;
    case 'tax': return `${arg === 'up' ? 'raise' : 'lower'} the tax rate`;
    case 'concession': return `grant ${rocName(arg)}`;
    case 'suffete_for_life': return `${rocName(arg)} as Suffète for Life`;
    case 'recall_exile': return `recall ${rocName(arg)} from exile`;
    case 'reinforce': return `reinforce ${forceWords(view, arg)}`;
    case 'recall': return `recall the commanders of ${forceWords(view, arg)}`;
    case 'recall_governor': return `recall the governor of ${rocName(arg)}`;
    case 'go_on': return 'go on next turn';
    case 'no_attempt': return 'no attempt this turn';
    default: return arg ? `${why(word)} ${rocName(arg)}` : rocName(word);
  }
}

/** The words of one answer to step `f` (heading and label, lower case), or null for the generic ones. */
function stepWords(f: StepFrame, kind: string, c: any, ctx: { seat: Seat; me: number; view: any; flow: StepFrame[] }): [string, string] | null {
  const { seat, me, view } = ctx;
  const opt: string = c.option ?? '', n: number = c.number ?? 0, sen = rocName(c.senator ?? '');
  const fsen = rocName(f.senator), tgt = rocName(f.target), other = colour(seat, f.count);
  const done = (heading: string, word = 'done'): [string, string] | null => (opt === 'done' ? [heading, word] : null);
  const played = (heading: string): [string, string] | null => (kind === 'playCard' ? [heading, cardOn(c.card, c.senator)] : null);
  switch (f.kind) {
    // set-up
    case 'setup_play': return played('play a card at set-up') ?? done('play a card at set-up', 'no more cards');
    case 'setup_merchant': return ["give the faction's merchant to", sen];
    case 'setup_leader': return ['your Faction Leader', sen];
    case 'setup_term': return [`turns left to the governor of ${tgt}`, plural(n, 'turn')];
    case 'setup_councillor': return [`give the ${tgt} card to`, sen];
    // any time
    case 'cards_window':
    case 'initiative_cards': return played('play a card') ?? done('play a card', 'no card');
    case 'counter':
      return kind === 'playCard' ? [`cancel ${tgt}`, `play ${rocName(c.card)}`] : [`cancel ${tgt}`, 'do not counter'];
    // revenue
    case 'corruption': return [`${fsen} as ${tgt}`, opt === 'yes' ? 'take a die of talents from the State' : 'take nothing'];
    case 'personal_income': return [`${fsen}'s income from ${tgt}`, opt === 'yes' ? 'take personal income' : 'take none'];
    case 'redistribute': {
      if (kind === 'transfer') return ['redistribute talents, in secret', moveWords(c.source, c.target, seat, me)];
      if (kind === 'chooseNumber') {
        const last = [...((view?.committed ?? []) as string[])].reverse().find((x) => x.includes('>')) ?? '';
        const [src, dst] = last.split('>');
        const what = src && dst ? moveWords(src, dst, seat, me).replace(/^(move|give) talents/, '$1') : 'that move';
        return [`talents to ${what}`, money(n)];
      }
      return done('redistribute talents, in secret');
    }
    case 'contribute':
      return kind === 'transfer' ? ['contribute to the State treasury (for Influence)', placeWords(c.source, seat, me, 'your treasury')]
        : done('contribute to the State treasury (for Influence)', 'no more contributions');
    case 'amount': {
      const [src, dst, reason] = f.strs;
      if (reason === 'contribution') return [`${placeWords(src ?? '', seat, me, 'your treasury')}'s contribution to the State treasury`, money(n)];
      if (reason === 'trade_income') return [`trade income to ${placeWords(dst ?? '', seat, me, 'your treasury')}`, money(n)];
      return src && dst ? [`talents to ${moveWords(src, dst, seat, me).replace(/^(move|give) talents/, '$1')}`, money(n)] : ['how many talents', money(n)];
    }
    case 'ransom': return [`${fsen}'s ransom`, opt === 'pay' ? 'pay the ransom' : 'leave him captive'];
    // trade
    case 'trade_turn': return ['commerce offer', opt === 'pass' ? 'no offer' : optionWords(opt, seat, view)];
    case 'offer_cards': return done(`commerce cards in your offer to ${other}`, 'no more cards') ?? [`commerce cards in your offer to ${other}`, rocName(opt)];
    case 'offer_name': return ['name a commodity of your offer', rocName(opt)];
    case 'offer_want': return [`commerce cards you ask of ${other}`, n ? plural(n, 'card') : 'none'];
    case 'offer_promise': return done(`promise ${other} a card of your hand`, 'no more cards') ?? [`promise ${other} a card of your hand`, rocName(opt)];
    case 'offer_promise_want': return [`Intrigue or Event cards you ask of ${other}`, n ? plural(n, 'card') : 'none'];
    case 'offer_talents':
      return [`talents with your offer to ${other}`, n > 0 ? `promise ${money(n)}` : n < 0 ? `ask ${money(-n)}` : 'none'];
    case 'offer_answer':
    case 'card_offer_answer': return [`${other}'s offer`, opt];
    case 'offer_give': return [`give ${other} a commerce card`, rocName(opt)];
    case 'card_give': return [`give ${other} a card of your hand`, rocName(opt)];
    case 'owed_card': return [`give ${other} a card you owe`, rocName(opt)];
    case 'sell':
      return kind === 'sellCommerce' ? ['sell commerce cards', `${c.count} ${rocName(c.commodity)}`] : done('sell commerce cards', 'sell no more, pay the tax');
    case 'warehouse': return ['put a card back under its pile (warehouse limit)', rocName(opt)];
    case 'trade_income':
      return kind === 'transfer' ? ['share trade income out', `to ${placeWords(c.target, seat, me, 'your treasury')}`]
        : done('share trade income out', 'keep the rest in your treasury');
    // port
    case 'persuade': return ['try to persuade', opt === 'pass' ? 'nobody' : sen];
    case 'persuader': return [`send to persuade ${tgt}`, sen];
    case 'bribe': return [`${fsen}'s bribe to persuade ${tgt}`, money(n)];
    case 'intervene':
      return [`your talents in the persuasion of ${tgt}`, !n ? 'stay out' : `${money(Math.abs(n))} ${n > 0 ? 'for' : 'against'}`];
    case 'persuasion':
      if (kind === 'playCard') return [`the persuasion of ${tgt}`, `play ${cardOn(c.card, c.senator)}`];
      return [`the persuasion of ${tgt}`, opt === 'roll' ? 'roll the dice' : `add ${money(n)}, another round`];
    case 'attract': return ['try to attract a merchant with', opt === 'pass' ? 'nobody' : sen];
    case 'buy_merchant': return [`${fsen} may buy the merchant`, opt === 'yes' ? `pay ${money(f.count)}` : 'do not buy'];
    case 'change_leader': return ['new Faction Leader', opt === 'pass' ? 'keep your Faction Leader' : sen];
    case 'bid': return ['bid for the extra initiative with', opt === 'pass' ? 'do not bid' : sen];
    case 'bid_amount': return [`${fsen}'s bid for the extra initiative`, money(n)];
    // senate
    case 'plot':
      return ['assassination', opt === 'assassinate' ? 'attempt one now' : opt === 'pass' ? 'not now' : 'no attempt this turn'];
    case 'nominate_suffetes': return [f.senator ? `second Suffète candidate, with ${fsen}` : 'first Suffète candidate', sen];
    case 'nominate': return [`propose ${f.strs[0] === 'council' ? 'for' : 'as governor of'} ${tgt}`, sen];
    case 'vote_order':
      return ['who votes next', opt === 'clockwise' ? 'the others, clockwise' : opt === `seat:${f.seat}` ? 'you' : optionWords(opt, seat, view)];
    case 'vote': {
      const heading = `vote on ${proposalOf(ctx.flow)}`;
      if (kind === 'playCard') return [heading, `play ${cardOn(c.card, c.senator)}`];
      return [heading, ({ yes: 'for', no: 'against', abstain: 'abstain', appeal: 'appeal to the people' } as Record<string, string>)[opt] ?? optionWords(opt, seat, view)];
    }
    case 'buy_votes': return ['buy votes (1 talent each)', n ? plural(n, 'vote') : 'none'];
    case 'vote_payment': return [`pay for your bought votes from ${placeWords(f.strs[0] ?? '', seat, me, 'your treasury')}`, money(n)];
    case 'outcry': return ['Public Outcry', opt === 'veto' ? `veto ${proposalOf(ctx.flow)}` : 'take the floor'];
    case 'floor_call': return kind === 'playCard' ? ['take the floor', `play ${rocName(c.card)}`] : ['take the floor', 'do not take it'];
    case 'suffete_general': return ['Suffète Général', sen];
    case 'suffete_agree': return [`${fsen} as Suffète Général`, opt === 'yes' ? 'agree' : 'disagree: a die decides'];
    case 'resign': return [`${fsen} presides`, opt === 'resign' ? 'resign' : 'stay (−1 Influence)'];
    case 'coopt': return [`coopt for ${tgt}`, sen];
    case 'council_accept': return [`${fsen}: the seat of ${tgt}`, opt];
    case 'trial': return ['trials', opt === 'done' ? 'no more trials' : optionWords(opt, seat, view)];
    case 'judge': return [`Judge of ${fsen}`, sen];
    case 'judge_accepts': return [`${rocName(f.strs[f.strs.length - 1] ?? '')} as Judge of ${fsen}`, opt === 'yes' ? 'agree' : 'refuse'];
    case 'exile': return [`${fsen} accused`, opt === 'yes' ? 'go into exile' : 'stand trial'];
    case 'assassin': return ['send as the assassin', sen];
    case 'victim': return [`${fsen} tries to assassinate`, sen];
    case 'assassin_cards': return played('Assassin cards') ?? done('Assassin cards', 'no more Assassin cards');
    case 'escort_cards': return played('Secret Escorts') ?? done('Secret Escorts', 'no more Secret Escorts');
    case 'refill_port': return ['take into your faction from the Port', opt === 'stop' ? 'nobody' : sen];
    case 'other_business':
      return [`other business${f.strs[0] === 'floor' ? ' (from the floor)' : ''}`, BUSINESS_ITEMS[opt] ?? optionWords(opt, seat, view)];
    case 'business_item': return ['propose', optionWords(opt, seat, view)];
    case 'how_many': return [`recruit ${unitsOf(f.target)}`, f.target === 'squadron' ? plural(n, 'squadron') : plural(n, 'unit')];
    case 'initiators': return [`${f.strs.length ? 'co-initiator' : 'initiator'} of ${f.target === 'up' ? 'raising' : 'lowering'} the tax rate`, sen];
    case 'grantee': return [`grant ${tgt} to`, sen];
    case 'explorer': return [`lead the expedition to ${theWar(f.target)}`, sen];
    case 'outfit': {
      const caravans = EXPLORATIONS.get(f.target)?.caravans;
      return [`${fsen}'s expedition to ${theWar(f.target)}`, plural(n, caravans ? 'caravan' : 'trade fleet')];
    }
    case 'recall_nominate': return [`governor of ${tgt} in place of the one recalled`, sen];
    case 'replacement': return ['replace the recalled commanders', opt === 'none' ? 'no replacement' : sen];
    // the field
    case 'muster': return done(`armies for the force to ${theWar(f.target)}`, 'no more armies') ?? [`armies for the force to ${theWar(f.target)}`, rocName(opt)];
    case 'squadrons': return [`squadrons with the force to ${theWar(f.target)}`, n ? plural(n, 'squadron') : 'none'];
    case 'reinforce_muster': {
      const heading = `armies to reinforce ${forceWords(view, f.count)}`;
      return done(heading, 'no more armies') ?? [heading, rocName(opt)];
    }
    case 'reinforce_squadrons': return [`squadrons to reinforce ${forceWords(view, f.count)}`, n ? plural(n, 'squadron') : 'none'];
    case 'crisis_commander': return [`first commander of the force to ${theWar(f.target)}`, sen];
    case 'co_commander': return ['second commander and General', opt === 'none' ? 'none' : sen];
    case 'adventurers': return ['your expedition', opt === 'go_on' ? 'go on next turn' : 'come home'];
    case 'desertion': return ['the army that deserts', armyToken(opt)];
    // civil war
    case 'card_trade_turn': return ['card offer', opt === 'pass' ? 'no offer' : optionWords(opt, seat, view)];
    case 'card_offer_cards': return done(`cards in your offer to ${other}`, 'no more cards') ?? [`cards in your offer to ${other}`, rocName(opt)];
    case 'card_offer_want': return [`cards you ask of ${other}`, n ? plural(n, 'card') : 'none'];
    case 'hand_limit':
      if (kind === 'playCard') return ['hand limit: play, offer or discard', `play ${cardOn(c.card, c.senator)}`];
      return ['hand limit: play, offer or discard', opt.startsWith('offer:') ? `${optionWords(opt, seat, view)} (once)` : `discard ${rocName(opt)}`];
    case 'civil_cards':
      return kind === 'playCard' ? ['cards for the Civil War, in secret', `play ${cardOn(c.card, c.senator)}`]
        : done('cards for the Civil War, in secret');
    case 'rebel_choice': return [`${fsen}, victorious`, opt === 'rebel' ? 'rebel against Carthage' : 'return his armies to the board'];
    case 'rebel_join': return [`${fsen} and ${tgt}'s rebellion`, opt === 'join' ? 'join the rebellion' : 'return his armies to the board'];
    case 'veteran_joins': return [stepArmy(f), opt === 'join' ? 'join the rebels' : 'stay out of the rebellion'];
    case 'accomplice': return [`${fsen} and the rebellion`, opt === 'rebel' ? 'join the rebellion' : 'stay loyal to Carthage'];
    case 'allegiance': return [`${fsen}'s talents to win over ${stepArmy(f)}`, money(n)];
    case 'rebel_bid': return [`your secret bid for ${stepArmy(f)}`, money(n)];
    default: return null;
  }
}

/** The generic words of a command whose step has none of its own above: still never a raw field. */
function genericWords(f: StepFrame, kind: string, c: any, seat: Seat, me: number, view: any): [string, string] {
  const heading = f.kind ? why(f.kind) : 'your move';
  switch (kind) {
    case 'chooseSenator': return [heading, c.senator ? rocName(c.senator) : 'nobody'];
    case 'chooseNumber': return [heading, String(c.number ?? 0)];
    case 'chooseOption': return [heading, optionWords(c.option ?? '', seat, view)];
    case 'playCard': return [heading, `play ${cardOn(c.card, c.senator)}`];
    case 'transfer': return [heading, moveWords(c.source ?? '', c.target ?? '', seat, me)];
    case 'sellCommerce': return [heading, `sell ${c.count} ${rocName(c.commodity)}`];
    default: return [heading, why(kind.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase())];
  }
}

/** A legal command (a GameCommand) of The Republic of Carthage as a button: its `label`, and the
 *  `heading` of the decision it answers, read from the seat's `view` (its flow's top frame). `me`: the
 *  seat choosing (its treasury is "your treasury"). */
export function rocCommandLabel(command: any, view: any, seat: Seat, me: number): { heading: string; label: string } {
  const inner = command?.game?.value?.kind ?? {};
  const kind: string = inner.case ?? '';
  const c = inner.value ?? {};
  const flow: StepFrame[] = (view?.flow ?? []).map((x: any) => ({ ...NO_FRAME, ...x, nums: x.nums ?? [], strs: x.strs ?? [] }));
  const f = flow[flow.length - 1] ?? NO_FRAME;
  const [heading, label] = stepWords(f, kind, c, { seat, me, view, flow }) ?? genericWords(f, kind, c, seat, me, view);
  return { heading: cap(heading), label: cap(label || 'done') };
}
