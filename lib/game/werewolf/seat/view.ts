// What one player may know of a seat state: the same view as view.ts gives for a standard game (a
// player's events folded — view.test.ts and seat.test.ts prove both), and the bot's part of it.
// The state changes in place, so a view copies every list that grows; the bot's input, read at once
// and never kept, shares them instead.
import type { PlayerId } from "../../core/types";
import { blankInput, type BotInput, type SeatResult } from "../bot";
import { tonightOf } from "../legal";
import { seerResultsIn, viewOf } from "../view";
import type { ChatLine, RoleId, WerewolfView } from "../types";
import { seatFacts, seatLegal, seatLegalIds, type SeatLegal } from "./legal";
import type { Seat, SeatState } from "./types";

/**
 * Each seat's card as `seat` knows it, undefined where unknown: its own card and, for a wolf, the
 * pack's; every card once the game is over.
 */
function knownCards(s: SeatState, seat: Seat): (RoleId | undefined)[] {
  // A copy with the unknown cards blanked: pushing onto an empty list calls the runtime to grow it.
  const out: (RoleId | undefined)[] = s.cards.slice();
  if (s.phase === "ended") return out;
  const wolf = seat >= 0 && s.cards[seat] === "wolf";
  for (let q = 0; q < out.length; q++) if (q !== seat && !(wolf && out[q] === "wolf")) out[q] = undefined;
  return out;
}

/** `knownCards` by player id, in seat order: the view's `roles`. */
function knownRoles(s: SeatState, seat: Seat): Record<PlayerId, RoleId> {
  const cards = knownCards(s, seat);
  const roles: Record<PlayerId, RoleId> = {};
  for (let q = 0; q < cards.length; q++) {
    const card = cards[q];
    if (card !== undefined) roles[s.players[q]] = card;
  }
  return roles;
}

/**
 * Each seat's known cards for the last state asked about (they change only at the end): a seat's
 * bot reads them at each of its decisions.
 */
let cardsOf: SeatState | null = null;
let cardsEnded = false;
let cardsBySeat: ((RoleId | undefined)[] | undefined)[] = [];

function knownCardsAt(s: SeatState, seat: Seat): (RoleId | undefined)[] {
  const ended = s.phase === "ended";
  if (cardsOf !== s || cardsEnded !== ended) {
    if (cardsOf !== s) cardsOf = s; // written only when it changes: see seat/legal.ts, `listsOf`
    cardsEnded = ended;
    cardsBySeat = [];
  }
  return (cardsBySeat[seat] ??= knownCards(s, seat));
}

const seesWolves = (s: SeatState, seat: Seat): boolean => seat >= 0 && s.cards[seat] === "wolf" && (s.alive[seat] || s.phase === "ended");

/** S-VOTE-6: the seats that have voted in the open vote, by id in seat order. */
function votersAt(s: SeatState): PlayerId[] {
  const out: PlayerId[] = [];
  if (s.voted > 0) for (let q = 0; q < s.votes.length; q++) if (s.votes[q] >= 0) out.push(s.players[q]);
  return out;
}

export function seatViewFor(s: SeatState, me: PlayerId): WerewolfView {
  const seat = s.players.indexOf(me);
  const f = seatFacts(s, seat, me);
  const ended = s.phase === "ended";
  const wolf = seesWolves(s, seat);
  const chat: ChatLine[] = [];
  for (const c of s.chat) if (wolf || c.line.channel === "day") chat.push(c.line);
  // The state's growing lists are copied: the state changes in place, a view must not.
  f.ready = [...f.ready];
  return viewOf(f, s, {
    roles: knownRoles(s, seat),
    sheriff: null,
    seerResults: seat < 0 ? [] : seerResultsIn(s.seerLog, me),
    wolfPicks: wolf ? [...s.night.picks] : [],
    voters: votersAt(s),
    chat,
    deaths: [...s.deaths],
    tallies: [...s.tallies],
    timeline: ended ? [...s.timeline] : [],
    legal: seatLegalIds(s, seat),
  });
}

/**
 * The lines of one channel of the last chat asked about, kept by appending (the chat only grows):
 * bots read the day lines, and wolves their pack's lines.
 */
function channelLines(channel: ChatLine["channel"]): (s: SeatState) => ChatLine[] {
  let of: SeatState["chat"] | null = null;
  let read = 0;
  let lines: ChatLine[] = [];
  return (s) => {
    if (of !== s.chat || read > s.chat.length) {
      of = s.chat;
      read = 0;
      lines = [];
    }
    for (; read < s.chat.length; read++) {
      const line = s.chat[read].line;
      if (line.channel === channel) lines.push(line);
    }
    return lines;
  };
}

const dayLinesOf = channelLines("day");
const packLinesOf = channelLines("wolves");

const NONE: readonly never[] = Object.freeze([]);

/** The Seer's results by seat, kept per seer log and its length (the log only grows). */
let resultsOf: SeatState["seerLog"] | null = null;
let resultsSeat = -1;
let resultsLength = 0;
let results: SeatResult[] = [];

function seerResultsAt(s: SeatState, seat: Seat): readonly SeatResult[] {
  // Only the Seer has results: every other seat shares one empty list, so a bot's memory of them
  // never goes stale (bot.ts rebuilds what it knows of sides when the list changes).
  if (s.seerLog.length === 0 || s.cards[seat] !== "seer") return NONE;
  const log = s.seerLog;
  if (resultsOf !== log || resultsSeat !== seat || resultsLength > log.length) {
    if (resultsOf !== log) resultsOf = log;
    resultsSeat = seat;
    resultsLength = 0;
    results = [];
  }
  // Extended in place as the log grows, like the picks below (`seerResultsIn` read by seat).
  const me = s.players[seat];
  for (; resultsLength < log.length; resultsLength++) {
    const r = log[resultsLength];
    if (r.by === me) results.push({ target: s.players.indexOf(r.target), result: r.result });
  }
  return results;
}

/** The seats the pack picked tonight, kept per night's picks and extended as they grow (they only grow). */
let picksOf: SeatState["night"]["picks"] | null = null;
let picksLength = 0;
let picks: Seat[] = [];

function picksAt(s: SeatState): readonly Seat[] {
  const p = s.night.picks;
  if (picksOf !== p || picksLength > p.length) {
    if (picksOf !== p) picksOf = p;
    picksLength = 0;
    picks = [];
  }
  // Extended in place, like the state's own lists a bot input shares (it is read at once).
  for (; picksLength < p.length; picksLength++) picks.push(s.players.indexOf(p[picksLength].target));
  return picks;
}

/**
 * What `seatViewFor` shows this seat, as a bot reads it (bot.ts, `BotInput`: by seat), for the
 * seat's bot to decide from at once: the lists are the state's own or kept per state (the chat as
 * its day lines only, all a bot reads), so nothing is copied per decision. Written into `o`, one
 * object per seat that a bot table reuses; `legal` is the seat's `seatLegal` list, if the caller has it.
 */
export function seatBotInput(s: SeatState, seat: Seat, o: BotInput = blankInput(), legal: readonly SeatLegal[] = seatLegal(s, seat)): BotInput {
  const myRole = s.cards[seat];
  const wolf = seesWolves(s, seat);
  o.me = seat;
  o.players = s.players;
  o.phase = s.phase;
  o.day = s.day;
  o.ended = s.phase === "ended";
  o.alive = s.alive;
  o.myRole = myRole;
  o.wolves = myRole === "wolf" ? s.wolfSeats : NONE;
  o.tonight = tonightOf(s, myRole);
  o.thiefCards = null;
  o.cards = knownCardsAt(s, seat);
  o.seerResults = seerResultsAt(s, seat);
  o.wolfPicks = wolf ? picksAt(s) : NONE;
  o.chat = dayLinesOf(s);
  o.packChat = myRole === "wolf" && wolf ? packLinesOf(s) : NONE;
  o.deaths = s.deaths;
  o.tallies = s.tallies;
  o.legal = legal;
  return o;
}
