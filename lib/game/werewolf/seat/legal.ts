// Legal actions on the seat state, with targets by seat (`SeatLegal`): the engine checks actions
// and the bots choose from these; views and `legalActions` get the same lists by player id
// (`seatLegalIds`). Each seat's list is worked out by seat and phase directly (the lists a standard
// game can have are few), and equals what the shared rules of legal.ts give for the same facts —
// `seatFacts` below — which the UI runs on a folded view: seat.test.ts checks the two over random
// games, legal and illegal actions alike. A refusal is always the rule's own (`ruleFor`), so its
// code and message are the ones the rules give everywhere else.
import type { EngineError, PlayerId } from "../../core/types";
import { DAY, WOLF } from "../chat";
import { READY } from "../day";
import { lastProtectOf, RULES, SKIP, tonightOf, witchTargetOf } from "../legal";
import type { ActionType, Facts, LegalAction, LegalOf } from "../types";
import type { Seat, SeatState } from "./types";

/** A legal action whose targets are seats. */
export type SeatLegal = LegalOf<Seat>;

const NONE: SeatLegal[] = [];

/**
 * Who lives as a bit mask by seat (bit q: seat q lives), for the last `alive` list asked about at
 * its count of deaths, and the record by id that the shared rules and views read (built on first
 * use: the bots and the engine do not read it). A standard table has 8–9 seats (composition.ts).
 */
let maskOf: readonly boolean[] | null = null;
let maskDeaths = -1;
let mask = 0;
let record: Record<PlayerId, boolean> | null = null;

function livingMask(s: SeatState): number {
  if (maskOf !== s.alive || maskDeaths !== s.deathsSeen) {
    let m = 0;
    for (let q = 0; q < s.alive.length; q++) if (s.alive[q]) m |= 1 << q;
    if (maskOf !== s.alive) maskOf = s.alive;
    maskDeaths = s.deathsSeen;
    mask = m;
    record = null;
  }
  return mask;
}

/** Whether each player lives, by id (a new record after each death, never written into). */
export function aliveRecord(s: SeatState): Record<PlayerId, boolean> {
  livingMask(s); // drops the record kept for another alive list or count of deaths
  if (record === null) {
    const r: Record<PlayerId, boolean> = {};
    for (let seat = 0; seat < s.players.length; seat++) r[s.players[seat]] = s.alive[seat];
    record = r;
  }
  return record;
}

const without = (m: number, seat: Seat): number => (seat < 0 ? m : m & ~(1 << seat));

/**
 * The lists that depend only on a set of target seats, by the set's mask: shared by every state
 * and game (a game only ever has a few hundred sets), made on first use, never written into.
 */
const KIND = { targets: 0, bite: 1, inspect: 2, protect: 3, shoot: 4, vote: 5, rebite: 6 } as const;
type Kind = (typeof KIND)[keyof typeof KIND];
const byMask: (SeatLegal[] | Seat[] | undefined)[][] = [[], [], [], [], [], [], []];

function make(kind: Kind, m: number): SeatLegal[] | Seat[] {
  if (kind === KIND.targets) {
    const out: Seat[] = [];
    for (let q = 0; m >>> q !== 0; q++) if (((m >>> q) & 1) === 1) out.push(q);
    return out;
  }
  const targets = seatsIn(m);
  switch (kind) {
    case KIND.bite:
      return [{ type: "bite", targets }, SKIP, WOLF];
    case KIND.rebite:
      // S-WOLF-3: a wolf who picked (or skipped) may pick again until the step ends.
      return [{ type: "bite", targets }, WOLF];
    case KIND.inspect:
      return [{ type: "inspect", targets }, SKIP];
    case KIND.protect:
      return [{ type: "protect", targets }, SKIP];
    case KIND.shoot:
      return [{ type: "shoot", targets }, SKIP];
    default:
      return targets.length > 0 ? [{ type: "vote", targets }] : NONE;
  }
}

function shared(kind: Kind, m: number): SeatLegal[] | Seat[] {
  const table = byMask[kind];
  let out = table[m];
  if (out === undefined) {
    out = make(kind, m);
    table[m] = out;
  }
  return out;
}

/** The seats in a mask, in order. */
const seatsIn = (m: number): Seat[] => shared(KIND.targets, m) as Seat[];
const listOf = (kind: Exclude<Kind, typeof KIND.targets>, m: number): SeatLegal[] => shared(kind, m) as SeatLegal[];

/** Living seats in order but `seat` (-1: all of them). */
const livingExcept = (s: SeatState, seat: Seat): Seat[] => seatsIn(without(livingMask(s), seat));

/** Living seats without a Wolf card: the wolves' choice (S-WOLF-1). */
function preyMask(s: SeatState): number {
  let m = livingMask(s);
  for (const q of s.wolfSeats) m = without(m, q);
  return m;
}

function guardList(s: SeatState, seat: Seat): SeatLegal[] {
  const last = lastProtectOf(s, s.players[seat]);
  const blocked = last !== null && last.day === s.day - 1 ? s.players.indexOf(last.target) : -1;
  return listOf(KIND.protect, without(livingMask(s), blocked));
}

/** Standard allows one potion a night: either one marks her done (S-WITCH-1). */
function witchList(s: SeatState, seat: Seat): SeatLegal[] {
  const out: SeatLegal[] = [];
  const tonight = tonightOf(s, "witch");
  const told = witchTargetOf(s, s.players[seat]);
  if (s.potions.save && !tonight.save && !tonight.poison && told !== null && told.target !== null) out.push({ type: "save", targets: seatsIn(1 << s.players.indexOf(told.target)) });
  if (s.potions.poison && !tonight.poison && !tonight.save) out.push({ type: "poison", targets: livingExcept(s, seat) });
  out.push(SKIP);
  return out;
}

// Lists that never change, shared by every seat and state (nobody may write into them).
const PACK: SeatLegal[] = [WOLF];
const TALK: SeatLegal[] = [DAY];
const TALK_OR_READY: SeatLegal[] = [DAY, READY];

function listAt(s: SeatState, seat: Seat): SeatLegal[] {
  const alive = s.alive[seat];
  const card = s.cards[seat];
  switch (s.phase) {
    case "night.main":
      if (!alive) return NONE;
      if (card === "wolf") return listOf(s.acted[seat] ? KIND.rebite : KIND.bite, preyMask(s));
      if (s.acted[seat]) return NONE;
      if (card === "seer") return listOf(KIND.inspect, without(livingMask(s), seat));
      return card === "guard" ? guardList(s, seat) : NONE;
    case "night.witch":
      if (!alive) return NONE;
      if (card === "wolf") return PACK;
      return card === "witch" && !s.acted[seat] ? witchList(s, seat) : NONE;
    case "hunter":
      return seat === s.actor ? listOf(KIND.shoot, without(livingMask(s), seat)) : NONE;
    case "day":
      if (!alive) return NONE;
      return s.readySeats[seat] ? TALK : TALK_OR_READY;
    case "vote":
      return alive && s.votes[seat] < 0 ? listOf(KIND.vote, without(livingMask(s), seat)) : NONE;
    default:
      return NONE;
  }
}

/**
 * The lists of the last state and step asked about, by seat, and the same by player id: the bot
 * table's pre-check, the seat's bot and `act` share one list, views and `legalActions` the other.
 * The state is changed in place, so a list belongs to the state object and its count of steps;
 * callers must not write into it.
 *
 * These caches outlive a game, as old objects do, and a state is young: storing it into one is
 * recorded for the collector each time, the same state again included (that was 70 records a
 * game here). So a cache's reference is written only when it changes.
 */
let listsOf: SeatState | null = null;
let listsStep = -1;
/** Bumped for each new (state, step): a seat's list is current iff it was made in this epoch. */
let epoch = 0;
// Filled for every seat a mask can name (32), so reading a seat's entry never meets a hole: an
// undefined epoch made each comparison below a generic one.
const lists: SeatLegal[][] = Array.from({ length: 32 }, () => NONE);
const listEpochs: number[] = Array.from({ length: 32 }, () => 0);
const idLists: LegalAction[][] = Array.from({ length: 32 }, () => []);
const idEpochs: number[] = Array.from({ length: 32 }, () => 0);

function epochOf(s: SeatState): number {
  if (listsOf !== s || listsStep !== s.steps) {
    if (listsOf !== s) listsOf = s;
    listsStep = s.steps;
    epoch++;
  }
  return epoch;
}

export function seatLegal(s: SeatState, seat: Seat): SeatLegal[] {
  if (seat < 0 || s.phase === "ended") return NONE;
  const e = epochOf(s);
  if (listEpochs[seat] !== e) {
    lists[seat] = listAt(s, seat);
    listEpochs[seat] = e;
  }
  return lists[seat];
}

function byId(players: readonly PlayerId[], list: readonly SeatLegal[]): LegalAction[] {
  const out: LegalAction[] = [];
  for (const l of list) out.push(l.targets === undefined ? (l as LegalOf<never>) : { ...l, targets: l.targets.map((q) => players[q]) });
  return out;
}

/** `seatLegal` with targets by player id. */
export function seatLegalIds(s: SeatState, seat: Seat): LegalAction[] {
  if (seat < 0 || s.phase === "ended") return [];
  const e = epochOf(s);
  if (idEpochs[seat] !== e) {
    idLists[seat] = byId(s.players, seatLegal(s, seat));
    idEpochs[seat] = e;
  }
  return idLists[seat];
}

/**
 * What the player at `seat` may know of the per-seat facts: the shared rules' input (legal.ts).
 * Seat -1 is someone who holds no seat (`me`): only what is public.
 */
export function seatFacts(s: SeatState, seat: Seat, me: PlayerId = s.players[seat]): Facts {
  const seated = seat >= 0;
  const myRole = seated ? s.cards[seat] : null;
  const vote = seated ? s.votes[seat] : -1;
  return {
    ruleset: s.config.ruleset,
    me,
    players: s.players,
    phase: s.phase,
    day: s.day,
    alive: aliveRecord(s),
    myRole,
    wolves: myRole === "wolf" ? s.wolves : [],
    done: seated && s.acted[seat],
    myVote: vote >= 0 ? s.players[vote] : null,
    ready: s.ready,
    candidates: null,
    // The Hunter's turn is private (S-HUNTER-1).
    actor: seated && s.actor === seat ? me : null,
    potions: myRole === "witch" ? s.potions : null,
    witchTarget: witchTargetOf(s, me),
    tonight: tonightOf(s, myRole),
    lastProtect: lastProtectOf(s, me),
    lovers: null,
    thiefCards: null,
  };
}

/** The rule's own refusal of `type` for this seat now, or its entry if it allows it. */
export const ruleFor = (s: SeatState, seat: Seat, type: ActionType): LegalAction | EngineError => RULES[type](seatFacts(s, seat));
