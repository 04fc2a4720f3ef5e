// A bot player: picks one action from its own view (what that seat may know), never from the game
// state. Used by the simulator, the engine benchmark and filler seats in rooms. Pure: randomness
// comes from the RNG state passed in, which it advances; the optional memory only caches what the
// bot already worked out from this seat's earlier inputs (a fresh memory gives the same choice).
//
// A bot decides from its view by seat (`BotInput`, bot-input.ts): every player it may name is a
// seat number, so scoring a candidate is a few array reads by seat rather than lookups by player id
// (bots decide thousands of times per second in the simulator). What it reads from the chat and
// the tallies is kept in its memory, by seat.
import { fillAll, filled } from "../core/filled";
import { chance, nextInt, pick, type RngState } from "../core/rng";
import type { PlayerId } from "../core/types";
import { botLineText, parseBotLine, VARIANTS, type BotLine, type Reason } from "./bot-lines";
import { styleOf, type BotStyle } from "./bot-style";
import { inputMemo, inputOfView, type BotInput, type BotView, type InputMemo } from "./bot-input";
import { holds, seatMask, type Seat, type SeatLegal } from "./seat";
import type { ActionType, ChatLine, PhaseId, RoleId, TallyRecord, WerewolfAction } from "./types";

// Chat lines bots write and read (a Seer's claim, an accusation, a word to the pack): bot-lines.ts.
export { accuseText, claimText } from "./bot-lines";

const WOLFISH = (result: string) => result === "wolf";

/**
 * What one seat has read so far, by seat number, kept between its decisions so a bot neither
 * re-reads the whole chat with regexes nor re-reads the tallies on every step. Everything in it is
 * derived from this seat's own inputs. Each part is rebuilt whenever the lists it came from are
 * other lists, or other lengths (an input shares its lists while its view's sources stay the same,
 * bot-input.ts).
 */
export interface BotMemory {
  /** What this seat's inputs were derived from (bot-input.ts). */
  inputs: InputMemo;
  me: Seat;
  players: readonly PlayerId[] | null;
  /** Day lines read, and the last line read (chat lists only grow while the reader's rights stay). */
  read: number;
  last: ChatLine | null;
  /** Suspicion from chat by seat: seer claims (+5 wolf / −3 village) and accusations (+1), others' lines. */
  talk: number[];
  /** Seats that claimed to be the Seer in day chat (any author, me included). */
  claimed: boolean[];
  /** The last day on which this seat wrote a day line (0: never). */
  spokeOn: number;
  /** How many day lines this seat wrote on `spokeOn`, and of which kinds (bits by `KIND_BIT`). */
  said: number;
  kinds: number;
  /** By seat: the last day each seat wrote a day line (0: never). */
  spoke: number[];
  /**
   * By seat: who last accused it (an accusation, an agreement or a Seer claim naming it a wolf;
   * -1: nobody) and on which day; who last named it a wolf as the Seer, and a villager (-1: nobody).
   */
  accuser: number[];
  accusedOn: number[];
  wolfBy: number[];
  villageBy: number[];
  /** The last accusation today by another player of a third player, for agreeing or doubting (-1: none). */
  hotFrom: Seat;
  hotTarget: Seat;
  hotDay: number;
  /**
   * By seat: suspicion of a living Seer claimant's lie — when I am the Seer, or when another
   * claimant was killed by the night (the wolves do not bite their own false Seer).
   */
  liar: number[];
  /**
   * Suspicion from votes against players revealed as village, by seat, for these cards and the
   * first `talliesRead` of these tallies (tallies only grow; the cards known change the reading).
   */
  tallies: readonly TallyRecord[] | null;
  votesCards: BotInput["cards"] | null;
  talliesRead: number;
  votes: number[];
  /**
   * Each seat's side as this seat knows it (+1 wolf, −1 village, 0 unknown: a known card first,
   * else its first Seer result), and whether the Seer has a result on it, for these cards and Seer
   * results.
   */
  sidesOf: BotInput["cards"] | null;
  sidesSeen: BotInput["seerResults"] | null;
  resultsRead: number;
  sides: number[];
  inspected: boolean[];
}

export const botMemory = (): BotMemory => ({
  inputs: inputMemo(),
  me: -1,
  players: null,
  read: 0,
  last: null,
  talk: [],
  claimed: [],
  spokeOn: 0,
  said: 0,
  kinds: 0,
  spoke: [],
  accuser: [],
  accusedOn: [],
  wolfBy: [],
  villageBy: [],
  hotFrom: -1,
  hotTarget: -1,
  hotDay: 0,
  liar: [],
  tallies: null,
  votesCards: null,
  talliesRead: 0,
  votes: [],
  sidesOf: null,
  sidesSeen: null,
  resultsRead: 0,
  sides: [],
  inspected: [],
});

// The hot loops over an input's lists are indexed: some of those lists are frozen shared empties,
// whose iteration by for-of went through the generic iterator.
function legalOf(view: BotInput, type: ActionType): SeatLegal | undefined {
  const legal = view.legal;
  for (let i = 0; i < legal.length; i++) if (legal[i].type === type) return legal[i];
  return undefined;
}

const NO_TARGETS: readonly Seat[] = Object.freeze([]);

function targetsOf(view: BotInput, type: ActionType): readonly Seat[] {
  return legalOf(view, type)?.targets ?? NO_TARGETS;
}

/** A player's seat (-1 for a name that is not a player: chat may name anyone). */
const seatOf = (view: BotInput, p: PlayerId): Seat => view.players.indexOf(p);

/** Starts the memory over for another seat or game (its lists are sized by the game). */
function forSeat(view: BotInput, mem: BotMemory): void {
  if (mem.me === view.me && mem.players === view.players) return;
  const n = view.players.length;
  mem.me = view.me;
  mem.players = view.players;
  mem.read = 0;
  mem.last = null;
  mem.spokeOn = 0;
  mem.tallies = null;
  mem.votesCards = null;
  mem.sidesOf = null;
  mem.sidesSeen = null;
  // Lists of the right length are cleared rather than made anew (a table keeps a seat's memory
  // from one game to the next); each reader below fills what it reads.
  if (mem.talk.length === n) {
    clearTalk(mem);
    return;
  }
  mem.talk = filled(n, 0);
  mem.claimed = filled(n, false);
  mem.spoke = filled(n, 0);
  mem.accuser = filled(n, -1);
  mem.accusedOn = filled(n, 0);
  mem.wolfBy = filled(n, -1);
  mem.villageBy = filled(n, -1);
  mem.liar = filled(n, 0);
  mem.votes = filled(n, 0);
  mem.sides = filled(n, 0);
  mem.inspected = filled(n, false);
}

/** Forgets what was read from the chat (its lists keep their length). */
function clearTalk(mem: BotMemory): void {
  fillAll(mem.talk, 0);
  fillAll(mem.claimed, false);
  fillAll(mem.spoke, 0);
  fillAll(mem.accuser, -1);
  fillAll(mem.accusedOn, 0);
  fillAll(mem.wolfBy, -1);
  fillAll(mem.villageBy, -1);
  mem.spokeOn = 0;
  mem.said = 0;
  mem.kinds = 0;
  mem.hotFrom = -1;
  mem.hotTarget = -1;
  mem.hotDay = 0;
}

function readSides(view: BotInput, mem: BotMemory): void {
  if (mem.sidesOf === view.cards && mem.sidesSeen === view.seerResults && mem.resultsRead === view.seerResults.length) return;
  const { sides, inspected } = mem;
  fillAll(sides, 0);
  fillAll(inspected, false);
  const results = view.seerResults;
  for (let i = 0; i < results.length; i++) {
    const r = results[i];
    const q = r.target;
    if (!inspected[q]) sides[q] = WOLFISH(r.result) ? 1 : -1;
    inspected[q] = true;
  }
  const cards = view.cards;
  for (let q = 0; q < cards.length; q++) {
    const card = cards[q];
    if (card !== undefined) sides[q] = card === "wolf" ? 1 : -1;
  }
  // A memory outlives its game: a reference into the game is written only when it changes (each
  // write is recorded for the collector).
  if (mem.sidesOf !== cards) mem.sidesOf = cards;
  if (mem.sidesSeen !== view.seerResults) mem.sidesSeen = view.seerResults;
  mem.resultsRead = view.seerResults.length;
}

/** What a chat line says to a bot: a seer claim (target, wolfish) and/or an accusation (an agreement is one). */
interface Said {
  claim: { target: PlayerId; wolf: boolean } | null;
  accuse: PlayerId | null;
  /** The bit of its kind (`KIND_BIT`; 0: not a bot line). */
  kind: number;
}

/** One bit per kind of bot line, for "which things did I say today". */
const KIND_BIT: Record<BotLine["kind"], number> = { greet: 1, accuse: 2, defend: 4, claim: 8, agree: 16, doubt: 32, death: 64, tally: 128, pick: 256, follow: 512, plan: 1024, whoTonight: 2048 };

/**
 * Parsed lines by text, shared by every seat (each bot reads every day line: parsing once instead
 * of once per reader). Bot lines come from a few templates; the bound keeps arbitrary human chat
 * from growing it.
 */
// Measured with `linesAt` (bench:engine instructions, games 1,001–2,000): 2,256,017 per bot game with both, 3,044,935 without.
const SAID = new Map<string, Said>();
// 8,192: a 9-seat table says ~5,700 distinct lines; at 1,024 the map kept clearing (1,651,837
// instructions per bot game against 1,524,438, games 5,001–10,000).
const SAID_MAX = 8192;

function said(text: string): Said {
  let x = SAID.get(text);
  if (x === undefined) {
    const line = parseBotLine(text);
    x = {
      claim: line?.kind === "claim" ? { target: line.target, wolf: WOLFISH(line.result) } : null,
      accuse: line?.kind === "accuse" || line?.kind === "agree" ? line.target : null,
      kind: line === null ? 0 : KIND_BIT[line.kind],
    };
    if (SAID.size >= SAID_MAX) SAID.clear();
    SAID.set(text, x);
  }
  return x;
}

/** A day line as a bot reads it: its author's seat, the seat a Seer claim names, the accused seat (-1: none). */
interface LineRead {
  line: ChatLine | null;
  players: readonly PlayerId[] | null;
  from: Seat;
  claim: boolean;
  target: Seat;
  wolf: boolean;
  accuse: Seat;
  kind: number;
}

/**
 * The last line read at each position of a chat, shared by every seat: bots of one game read the
 * same line objects at the same positions, so a line is most often the very one read there last
 * time (two pointer compares), and neither the map of parsed texts nor the seat list is searched.
 */
// Measured with `SAID` above: 2,256,017 instructions per bot game with both, 3,044,935 without.
const linesAt: LineRead[] = [];

function lineAt(view: BotInput, line: ChatLine, i: number): LineRead {
  while (linesAt.length <= i) linesAt.push({ line: null, players: null, from: -1, claim: false, target: -1, wolf: false, accuse: -1, kind: 0 });
  const r = linesAt[i];
  if (r.line !== line || r.players !== view.players) {
    const { claim, accuse, kind } = said(line.text);
    r.kind = kind;
    r.line = line;
    if (r.players !== view.players) r.players = view.players;
    r.from = seatOf(view, line.from);
    r.claim = claim !== null;
    r.target = claim === null ? -1 : seatOf(view, claim.target);
    r.wolf = claim !== null && claim.wolf;
    r.accuse = accuse === null ? -1 : seatOf(view, accuse);
  }
  return r;
}

function bump(m: number[], q: number, n: number): void {
  if (q >= 0) m[q] += n;
}

/**
 * Reads the day lines this memory has not read yet (from the start if the lists diverged). Chat
 * days never decrease, so the seat spoke today iff its last day line is from today.
 */
function readChat(view: BotInput, mem: BotMemory): void {
  const chat = view.chat;
  if (chat.length < mem.read || (mem.read > 0 && chat[mem.read - 1] !== mem.last)) {
    mem.read = 0;
    clearTalk(mem);
  }
  for (let i = mem.read; i < chat.length; i++) {
    const line = chat[i];
    if (line.channel !== "day") continue;
    const r = lineAt(view, line, i);
    const from = r.from;
    if (from >= 0) mem.spoke[from] = line.day;
    if (r.claim && from >= 0) {
      mem.claimed[from] = true;
      if (r.target >= 0) (r.wolf ? mem.wolfBy : mem.villageBy)[r.target] = from;
    }
    const accused = r.claim && r.wolf ? r.target : r.accuse;
    if (accused >= 0 && from >= 0 && accused !== from) {
      mem.accuser[accused] = from;
      mem.accusedOn[accused] = line.day;
      if (accused !== view.me && from !== view.me) {
        mem.hotFrom = from;
        mem.hotTarget = accused;
        mem.hotDay = line.day;
      }
    }
    // By seat: comparing ids compares their characters (ids of one length differ only at the end).
    if (from >= 0 && from === view.me) {
      if (mem.spokeOn !== line.day) {
        mem.said = 0;
        mem.kinds = 0;
      }
      mem.spokeOn = line.day;
      mem.said++;
      mem.kinds |= r.kind;
      continue;
    }
    if (r.claim) bump(mem.talk, r.target, r.wolf ? 5 : -3);
    bump(mem.talk, r.accuse, 1);
  }
  // Written only when lines were read: the memory outlives the game and its lines are new
  // objects, so each write is recorded for the collector. (`last` is read only while `read` > 0.)
  if (mem.read !== chat.length) {
    mem.read = chat.length;
    mem.last = chat[chat.length - 1];
  }
}

/** Votes cast against players later revealed as village (classic reveals cards of the dead). */
function readVotes(view: BotInput, mem: BotMemory): void {
  const tallies = view.tallies;
  if (mem.tallies !== tallies || mem.votesCards !== view.cards || mem.talliesRead > tallies.length) {
    if (mem.tallies !== tallies) mem.tallies = tallies;
    if (mem.votesCards !== view.cards) mem.votesCards = view.cards;
    mem.talliesRead = 0;
    fillAll(mem.votes, 0);
  }
  for (let i = mem.talliesRead; i < tallies.length; i++) {
    const t = tallies[i];
    const target = t.result;
    if (target === null) continue;
    const q = seatOf(view, target);
    const revealed = q < 0 ? undefined : view.cards[q];
    if (revealed === undefined || revealed === "wolf") continue;
    for (const voter in t.votes) if (t.votes[voter] === target) bump(mem.votes, seatOf(view, voter), 1);
  }
  mem.talliesRead = tallies.length;
}

/** Brings the memory up to this input: chat, votes, sides. */
function read(view: BotInput, mem: BotMemory): BotMemory {
  forSeat(view, mem);
  readChat(view, mem);
  readVotes(view, mem);
  readSides(view, mem);
  readClaims(view, mem);
  return mem;
}

/** Which living Seer claimants this seat takes for liars (`BotMemory.liar`). */
function readClaims(view: BotInput, mem: BotMemory): void {
  const { claimed, liar } = mem;
  fillAll(liar, 0);
  let killedClaimant = false;
  for (let i = 0; i < view.deaths.length && !killedClaimant; i++) {
    const d = view.deaths[i];
    if (d.when !== "dawn") continue;
    for (const p of d.players) if (claimed[seatOf(view, p)]) killedClaimant = true;
  }
  const seer = view.myRole === "seer";
  if (!seer && !killedClaimant) return;
  for (let q = 0; q < claimed.length; q++) if (claimed[q] && q !== view.me && view.alive[q]) liar[q] = seer ? 100 : 8;
}

/** Suspicion of the player at seat `q` from public facts: seer claims and accusations, votes against revealed villagers. */
const sus = (mem: BotMemory, q: number): number => mem.talk[q] + mem.votes[q] + mem.liar[q];

/** How `best` scores a candidate, one kind per decision (numbers, not a closure per call). */
const BITE = 0;
const INSPECT = 1;
const POISON = 2;
const VILLAGE = 3;
const BADGE = 4;
const ACCUSE = 5;
type Score = typeof BITE | typeof INSPECT | typeof POISON | typeof VILLAGE | typeof BADGE | typeof ACCUSE;

function score(kind: Score, view: BotInput, mem: BotMemory, rng: RngState, q: number): number {
  switch (kind) {
    case BITE:
      // Dangerous players first (a claimed Seer, a caught Little Girl, accusers), then an order
      // every wolf of the pack computes alike without talking (from the pack, the night and the
      // seat) yet tied to no seat: an order by seat sent the bites, and so the votes, toward the
      // first seats (issue 21).
      return (mem.claimed[q] ? 100 : 0) + (view.cards[q] === "little_girl" ? 50 : 0) - sus(mem, q) * 0.1 + packOrder(view, q);
    case INSPECT:
      return sus(mem, q) + nextInt(rng, 100) / 100;
    case POISON:
      return mem.sides[q] * 10 + sus(mem, q);
    case VILLAGE:
      // Known wolves first, never a known villager, else suspicion with a little noise. A wolf
      // votes the same way, as a villager who knows nothing (`side`): the tallies show no pack.
      return side(view, mem, q) + sus(mem, q) + nextInt(rng, 100) / 50;
    case BADGE:
      // The badge goes to a trusted player: a fellow wolf, or the least suspected.
      return (view.myRole === "wolf" ? mem.sides[q] : -mem.sides[q]) * 100 - sus(mem, q) + nextInt(rng, 10) / 10;
    default:
      return side(view, mem, q) + sus(mem, q) + nextInt(rng, 100) / 25; // ACCUSE
  }
}

/**
 * How much what this seat knows of `q`'s side counts for a vote or an accusation against `q`. A
 * villager: a known wolf first, never a known villager. A wolf plays a villager who knows nothing
 * but itself: a partner costs only `PARTNER_COST` against suspicion, so wolves split their votes
 * and now and then turn on a partner the village already suspects, as villagers would — a pack
 * that always voted together and never against its own stood out in the published tallies
 * (issue 28).
 */
function side(view: BotInput, mem: BotMemory, q: Seat): number {
  if (view.myRole !== "wolf") return mem.sides[q] * 100;
  if (q === view.me) return -1000;
  return mem.sides[q] > 0 ? -PARTNER_COST : mem.sides[q] * 100;
}

const PARTNER_COST = 1;

/**
 * A number in [0, 1) per candidate that every wolf of the pack computes alike (the pack's seats,
 * the night and the candidate's seat, mixed): a shared order of candidates that favours no seat
 * over many games.
 */
function packOrder(view: BotInput, q: Seat): number {
  let h = Math.imul(seatMask(view.wolves) ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(view.day + 1, 0xc2b2ae35) ^ Math.imul(q + 1, 0x27d4eb2f);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return ((h ^ (h >>> 16)) >>> 0) / 0x100000000;
}

/**
 * The candidate seat with the highest score (-1: none). Exact ties go to one of the tied at random
 * (a draw only when there is a tie): ties to the earliest seat made the first seats the usual
 * victims (issue 21). A bite's scores never tie (`packOrder`), so wolves still agree.
 */
function best(candidates: readonly Seat[], kind: Score, view: BotInput, mem: BotMemory, rng: RngState): Seat {
  const n = candidates.length;
  let top = -1;
  let topScore = -Infinity;
  let ties = 0;
  for (let i = 0; i < n; i++) {
    const s = score(kind, view, mem, rng, candidates[i]);
    if (s > topScore) {
      top = candidates[i];
      topScore = s;
      ties = 1;
    } else if (s === topScore && chance(rng, 1, ++ties)) top = candidates[i];
  }
  return top;
}

/** An action naming the player at seat `q`. */
function at(view: BotInput, type: "bite" | "inspect" | "protect" | "poison" | "vote" | "shoot" | "pass_badge", q: Seat): WerewolfAction {
  return { type, target: view.players[q] };
}

/** Wolves agree: follow the first pick of the night, else the same deterministic choice (-1: none). */
function biteTarget(view: BotInput, rng: RngState, mem: BotMemory): Seat {
  const targets = targetsOf(view, "bite");
  if (targets.length === 0) return -1;
  const picks = view.wolfPicks;
  for (let i = 0; i < picks.length; i++) if (holds(targets, picks[i])) return picks[i];
  return best(targets, BITE, view, read(view, mem), rng);
}

function bite(view: BotInput, rng: RngState, mem: BotMemory): WerewolfAction | null {
  const target = biteTarget(view, rng, mem);
  return target < 0 ? null : at(view, "bite", target);
}

function inspect(view: BotInput, rng: RngState, mem: BotMemory): WerewolfAction | null {
  const targets = targetsOf(view, "inspect");
  if (targets.length === 0) return null;
  read(view, mem);
  const fresh: Seat[] = [];
  for (const q of targets) if (!mem.inspected[q]) fresh.push(q);
  const top = best(fresh.length > 0 ? fresh : targets, INSPECT, view, mem, rng);
  return top < 0 ? null : at(view, "inspect", top);
}

/** Varies protection: never the same twice (the engine forbids it), prefers a claimed Seer. */
function protect(view: BotInput, rng: RngState, mem: BotMemory): WerewolfAction | null {
  const targets = targetsOf(view, "protect");
  if (targets.length === 0) return null;
  read(view, mem);
  const claimed = targets.find((q) => mem.claimed[q]);
  if (claimed !== undefined && chance(rng, 2, 3)) return at(view, "protect", claimed);
  return at(view, "protect", pick(rng, targets));
}

/** Saves early (whenever it can); poisons the most suspected once there is real suspicion. */
function witch(view: BotInput, rng: RngState, mem: BotMemory): WerewolfAction | null {
  if (legalOf(view, "save") && !view.tonight.save) return { type: "save" };
  const poison: Seat[] = [];
  for (const q of targetsOf(view, "poison")) if (q !== view.me) poison.push(q);
  if (poison.length > 0 && !view.tonight.poison) {
    const top = best(poison, POISON, view, read(view, mem), rng);
    if (top >= 0 && (mem.sides[top] > 0 || sus(mem, top) >= 3) && chance(rng, 1, 2)) return at(view, "poison", top);
  }
  return legalOf(view, "skip") ? { type: "skip" } : null;
}

function choose(view: BotInput, type: "vote" | "shoot" | "pass_badge", rng: RngState, mem: BotMemory): WerewolfAction | null {
  const targets = targetsOf(view, type);
  if (targets.length === 0) return null;
  read(view, mem);
  let target: Seat;
  if (type === "pass_badge") target = best(targets, BADGE, view, mem, rng);
  else target = best(targets, VILLAGE, view, mem, rng);
  return target < 0 ? null : at(view, type, target);
}

/** The most day lines a bot says in a day, by style (issue 22: quiet says little, talkative more). */
const BUDGET: Record<BotStyle, number> = { quiet: 1, suspicious: 2, talkative: 3 };
/** Chances in twelfths, by style: to accuse, and to react (a death, a tally, a greeting, someone's accusation). */
const ACCUSE_12: Record<BotStyle, number> = { quiet: 2, talkative: 3, suspicious: 8 };
const REACT_12: Record<BotStyle, number> = { quiet: 2, talkative: 6, suspicious: 3 };

const dayLine = (line: BotLine): WerewolfAction => ({ type: "chat", channel: "day", text: botLineText(line) });
const variant = (rng: RngState): number => nextInt(rng, VARIANTS);

/**
 * Sentence `n` of `kind`, or the next one no line of that kind said today (a table reads two bots
 * mourning in the same words otherwise). The draw stays one `variant`, so which sentence is said
 * never changes what a bot decides.
 */
function freshVariant(view: BotInput, kind: BotLine["kind"], n: number): number {
  const head = `bot:${kind}:`;
  let used = 0;
  for (let i = view.chat.length - 1; i >= 0 && view.chat[i].day === view.day; i--) {
    const text = view.chat[i].text;
    if (text.startsWith(head)) used |= 1 << Number(text.charAt(head.length));
  }
  for (let k = 0; k < VARIANTS; k++) if ((used & (1 << ((n + k) % VARIANTS))) === 0) return (n + k) % VARIANTS;
  return n;
}
const styleIn = (view: BotInput): BotStyle => view.style ?? styleOf(view.players[view.me]);

/**
 * Discussion: say what there is to say, within the style's budget, then declare ready. A Seer who
 * found a living wolf always says so (the village's best information), whatever her style.
 */
function dayTalk(view: BotInput, rng: RngState, mem: BotMemory): WerewolfAction | null {
  if (!legalOf(view, "ready_to_vote")) return null; // already ready: nothing more to say
  read(view, mem);
  if (legalOf(view, "chat")) {
    const line = talk(view, rng, mem);
    if (line !== null) return dayLine(line.kind === "whoTonight" ? line : { ...line, n: freshVariant(view, line.kind, line.n) });
  }
  return { type: "ready_to_vote" };
}

function talk(view: BotInput, rng: RngState, mem: BotMemory): BotLine | null {
  const today = mem.spokeOn === view.day;
  const said = today ? mem.said : 0;
  const kinds = today ? mem.kinds : 0;
  const style = styleIn(view);
  const me = view.me;
  const name = (q: Seat) => view.players[q];
  if (view.myRole === "seer" && (kinds & KIND_BIT.claim) === 0) {
    const found = view.seerResults.find((r) => WOLFISH(r.result) && view.alive[r.target]);
    if (found) return { kind: "claim", n: variant(rng), target: name(found.target), result: found.result };
    // Another Seer claimant lies (I am the Seer): it is on the wolves' side.
    for (let q = 0; q < mem.claimed.length; q++) if (mem.liar[q] > 0 && mem.wolfBy[q] !== me) return { kind: "claim", n: variant(rng), target: name(q), result: "wolf" };
  }
  if (said >= BUDGET[style]) return null;
  if (view.myRole === "wolf" && (kinds & KIND_BIT.claim) === 0) {
    const plan = plannedClaim(view, mem);
    if (plan !== null) return { ...plan, kind: "claim", n: variant(rng) };
  }
  const accuser = mem.accuser[me];
  if (mem.accusedOn[me] === view.day && accuser >= 0 && (kinds & KIND_BIT.defend) === 0 && chance(rng, 3, 4)) return { kind: "defend", n: variant(rng), by: name(accuser) };
  const react = REACT_12[style];
  if (said === 0) {
    const dead = diedAtDawn(view);
    if (dead >= 0 && chance(rng, react, 12)) return { kind: "death", n: variant(rng), target: name(dead) };
    const tally = yesterdaysTally(view);
    if (tally !== null && chance(rng, react, 12)) {
      const out = tally.result as PlayerId;
      const voters = Object.keys(tally.votes).filter((v) => tally.votes[v] === out && v !== out && v !== name(me));
      if (voters.length > 0) return { kind: "tally", n: variant(rng), target: out, voter: pick(rng, voters) };
    }
    if (view.tallies.length === 0 && chance(rng, react, 12)) return { kind: "greet", n: variant(rng) };
  }
  const hot = mem.hotTarget;
  if (mem.hotDay === view.day && hot >= 0 && view.alive[hot] && (kinds & (KIND_BIT.agree | KIND_BIT.doubt | KIND_BIT.claim)) === 0) {
    // The Seer clears a player she knows is village; others agree or doubt as they see it.
    const cleared = view.myRole === "seer" ? view.seerResults.find((r) => r.target === hot && !WOLFISH(r.result)) : undefined;
    if (cleared !== undefined) return { kind: "claim", n: variant(rng), target: name(hot), result: cleared.result };
    if (chance(rng, react, 12)) {
      const view_ = side(view, mem, hot) + sus(mem, hot);
      const kind = view_ >= 2 ? "agree" : view_ < 0 || chance(rng, 1, 3) ? "doubt" : null;
      if (kind !== null) return { kind, n: variant(rng), speaker: name(mem.hotFrom), target: name(hot) };
    }
  }
  if ((kinds & KIND_BIT.accuse) === 0 && chance(rng, ACCUSE_12[style], 12)) {
    // Wolves may name a partner too (rarely: `side`), as villagers may name anyone.
    const alive = view.alive;
    const living: Seat[] = [];
    for (let q = 0; q < alive.length; q++) if (alive[q] && q !== me) living.push(q);
    if (living.length > 0) {
      const target = best(living, ACCUSE, view, mem, rng);
      if (target >= 0) return { kind: "accuse", n: variant(rng), target: name(target), reason: reasonFor(view, mem, target) };
    }
  }
  return null;
}

/** Why this bot suspects `q`, from what it saw: a Seer's claim, a vote, someone's accusation, silence. */
function reasonFor(view: BotInput, mem: BotMemory, q: Seat): Reason {
  const name = (s: Seat) => view.players[s];
  const by = mem.wolfBy[q];
  if (by >= 0 && by !== view.me) return { why: "claimed", who: name(by) };
  const vote = lastVoteOf(view, q);
  const cleared = vote >= 0 && (mem.sides[vote] < 0 || mem.villageBy[vote] >= 0);
  if (cleared) return { why: "voted", who: name(vote) };
  const accuser = mem.accuser[q];
  if (mem.accusedOn[q] === view.day && accuser >= 0 && accuser !== view.me) return { why: "accused", who: name(accuser) };
  if (mem.spoke[q] !== view.day) return { why: "quiet" };
  if (vote >= 0) return { why: "voted", who: name(vote) };
  return { why: "hunch" };
}

/** The seat `q` last voted for in a tally (-1: none). */
function lastVoteOf(view: BotInput, q: Seat): Seat {
  const id = view.players[q];
  for (let i = view.tallies.length - 1; i >= 0; i--) {
    const votes = view.tallies[i].votes;
    if (Object.hasOwn(votes, id)) return seatOf(view, votes[id]);
  }
  return -1;
}

/** A player the night killed, announced this morning (-1: none). */
function diedAtDawn(view: BotInput): Seat {
  for (let i = view.deaths.length - 1; i >= 0; i--) {
    const d = view.deaths[i];
    if (d.day !== view.day) return -1;
    if (d.when === "dawn" && d.players.length > 0) return seatOf(view, d.players[0]);
  }
  return -1;
}

/** The last vote before today that put a player out, or null. */
function yesterdaysTally(view: BotInput): TallyRecord | null {
  for (let i = view.tallies.length - 1; i >= 0; i--) {
    const t = view.tallies[i];
    if (t.day >= view.day) continue;
    return t.day === view.day - 1 && t.kind !== "sheriff" && t.result !== null ? t : null;
  }
  return null;
}

/** The Seer claim this wolf told the pack it would make today, if its target still lives and it was not made. */
function plannedClaim(view: BotInput, mem: BotMemory): { target: PlayerId; result: string } | null {
  const me = view.players[view.me];
  for (const line of view.packChat) {
    if (line.from !== me || line.day !== view.day) continue;
    const said = parseBotLine(line.text);
    if (said?.kind !== "plan") continue;
    const q = seatOf(view, said.target);
    if (q < 0 || !view.alive[q] || mem.wolfBy[q] === view.me || mem.villageBy[q] === view.me) return null;
    return { target: said.target, result: said.result };
  }
  return null;
}

/** How many lines this wolf wrote to the pack tonight, and whether the pack has planned a claim this game. */
function packTalk(view: BotInput): { mine: number; planned: boolean } {
  const me = view.players[view.me];
  let mine = 0;
  let planned = false;
  for (const line of view.packChat) {
    if (line.from === me && line.day === view.day) mine++;
    if (!planned && line.text.startsWith("bot:plan:")) planned = true;
  }
  return { mine, planned };
}

/**
 * A wolf's words to the pack before its bite (S-WOLF-3): its pick, or agreement with the pick
 * already made, then now and then a plan to claim Seer tomorrow and name a villager a wolf.
 */
function packLine(view: BotInput, rng: RngState, mem: BotMemory): BotLine | null {
  const { mine, planned } = packTalk(view);
  const style = styleIn(view);
  if (mine === 0) {
    if (!chance(rng, style === "quiet" ? 1 : 2, 3)) return null;
    const target = biteTarget(view, rng, mem);
    if (target < 0) return null;
    return { kind: view.wolfPicks.length > 0 ? "follow" : "pick", n: variant(rng), target: view.players[target] };
  }
  if (mine > 1 || planned || !chance(rng, style === "talkative" ? 1 : 1, style === "talkative" ? 3 : 5)) return null;
  const victim = biteTarget(view, rng, mem);
  const framed: Seat[] = [];
  for (let q = 0; q < view.alive.length; q++) if (view.alive[q] && q !== victim && mem.sides[q] <= 0) framed.push(q);
  if (framed.length === 0) return null;
  const target = best(framed, ACCUSE, view, mem, rng);
  return { kind: "plan", n: variant(rng), target: view.players[target], result: "wolf" };
}

function has(legal: readonly { type: ActionType }[], type: ActionType): boolean {
  for (let i = 0; i < legal.length; i++) if (legal[i].type === type) return true;
  return false;
}

/**
 * Whether this bot passes (`chooseAction` returns null) knowing only the step, its own card and its
 * legal list — facts every seat's view holds — without reading anything else or drawing from the
 * RNG. `chooseAction` begins with this test, so a bot table may skip building the input of a seat
 * for which it holds without changing any choice. Only the entries' types are read: a list by id
 * or by seat will do.
 */
export function botPasses(phase: PhaseId, myRole: RoleId | null, legal: readonly { type: ActionType }[]): boolean {
  if (legal.length === 0) return true;
  switch (phase) {
    case "night.main":
      // A wolf picks once: after its pick (or skip) bite stays legal (S-WOLF-3) but skip does not.
      if (myRole === "wolf") return !has(legal, "skip");
      return myRole !== "seer" && myRole !== "guard" && !(myRole === "little_girl" && has(legal, "peek"));
    case "night.witch":
      return myRole !== "witch";
    case "day":
      return !has(legal, "ready_to_vote"); // already ready: nothing more to say
    default:
      return false;
  }
}

/** One action for this seat now, or null when it has nothing (more) to do. */
export function chooseSeatAction(view: BotInput, rng: RngState, mem: BotMemory = botMemory()): WerewolfAction | null {
  if (view.ended || botPasses(view.phase, view.myRole, view.legal)) return null;
  return decideSeatAction(view, rng, mem);
}

/**
 * `chooseSeatAction` for a seat whose pass test was made already, on the same step, card and legal
 * list (a bot table's pre-check): the same choice, without testing the list a second time.
 */
export function decideSeatAction(view: BotInput, rng: RngState, mem: BotMemory): WerewolfAction | null {
  switch (view.phase) {
    case "night.thief": {
      const cards = view.thiefCards ?? [];
      // Any power beats a plain Villager; two Wolves (forced) → the first.
      const i = cards.findIndex((c) => c !== "villager");
      if (legalOf(view, "steal") && i >= 0) return { type: "steal", card: i === 0 ? 0 : 1 };
      return legalOf(view, "skip") ? { type: "skip" } : null;
    }
    case "night.cupid": {
      const targets = targetsOf(view, "link");
      if (targets.length < 2) return null;
      const a = chance(rng, 1, 2) && holds(targets, view.me) ? view.me : pick(rng, targets);
      const b = pick(rng, targets.filter((q) => q !== a));
      return { type: "link", targets: [view.players[a], view.players[b]] };
    }
    case "night.main": {
      if (view.myRole === "wolf") {
        // Words to the pack only while the bite is still to be made: a bot never changes its pick
        // (S-WOLF-3 allows it; a bot that did could re-pick forever).
        if (!legalOf(view, "skip")) return null;
        if (legalOf(view, "chat")) {
          const line = packLine(view, rng, read(view, mem));
          if (line !== null) return { type: "chat", channel: "wolves", text: botLineText(line) };
        }
        return bite(view, rng, mem);
      }
      if (view.myRole === "seer") return inspect(view, rng, mem);
      if (view.myRole === "guard") return protect(view, rng, mem);
      if (view.myRole === "little_girl" && legalOf(view, "peek")) return chance(rng, 1, 3) ? { type: "peek" } : { type: "skip" };
      return null;
    }
    case "night.witch":
      return view.myRole === "witch" ? witch(view, rng, mem) : null;
    case "hunter":
      return choose(view, "shoot", rng, mem) ?? (legalOf(view, "skip") ? { type: "skip" } : null);
    case "day":
      return dayTalk(view, rng, mem);
    case "sheriff.election":
    case "vote":
      return choose(view, "vote", rng, mem);
    case "sheriff.succession":
      return choose(view, "pass_badge", rng, mem);
    default:
      return null;
  }
}

/** One action for the seat whose view this is, or null when it has nothing (more) to do. */
export const chooseAction = (view: BotView, rng: RngState, mem: BotMemory = botMemory()): WerewolfAction | null => chooseSeatAction(inputOfView(view, mem.inputs), rng, mem);
