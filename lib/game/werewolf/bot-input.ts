// What a bot decides from: its seat's view with every player named by seat (`BotInput`), so a bot
// scores candidates by array reads rather than lookups by player id. Two ways that must agree
// (bot-input.test.ts proves it over random games of both rulesets):
// - `inputOfView` derives it from a view (a room's bot, which reads what its seat may read);
// - `inputAt` reads the same fields from the state by seat, through the same readers as `viewFor`,
//   without building the view (a bot table, which decides for every seat at every step).
// With a memo (one per seat, kept by the caller) a list is derived again only when its source list
// is another object: views share the state's lists while those stay the same (view.ts), and a bot's
// memory then also keeps what it read from them (bot.ts, `readSides`).
import type { PlayerId } from "../core/types";
import type { BotStyle } from "./bot-style";
import { factsAt, legalAt } from "./legal";
import { aliveBySeat as livesBySeat } from "./roles";
import type { Seat, SeatLegal } from "./seat";
import type { ChatLine, DeathRecord, LegalAction, PhaseId, RoleId, TallyRecord, Untargeted, WerewolfState, WerewolfView } from "./types";
import { chatLists, readsPack, rolesSeenBy, seerResultsOf, wolfPicksSeenBy } from "./view";

/** The fields of a seat's view that a bot reads, by player id: a whole `WerewolfView` is one. */
export type ViewInput = Pick<
  WerewolfView,
  "me" | "players" | "phase" | "day" | "ended" | "alive" | "myRole" | "wolves" | "tonight" | "thiefCards" | "roles" | "seerResults" | "wolfPicks" | "chat" | "deaths" | "tallies" | "legal"
> & {
  /** How this bot talks (issue 22); by default one drawn from its player id. */
  style?: BotStyle;
};

/**
 * Only the view: `WerewolfState` lacks `me`, `legal` and `seerResults`, so a state cannot be passed
 * here by mistake (bot.test.ts checks this with @ts-expect-error).
 */
export type BotView = Readonly<ViewInput>;

/** A Seer result as a bot reads it: the inspected seat and what was learnt. */
export interface SeatResult {
  target: Seat;
  result: string;
}

/**
 * What a bot decides from: the same facts as the fields of `ViewInput`, with players named by seat
 * (an index into `players`) rather than by id, so a bot looks nothing up by id while it scores
 * candidates. Built from a view by `inputOfView`. Only the chat and the tallies keep ids (a bot
 * reads each of their entries once, into its memory).
 */
export interface BotInput {
  /** My seat (-1: I hold none). */
  me: Seat;
  players: readonly PlayerId[];
  phase: PhaseId;
  day: number;
  ended: boolean;
  /** Whether each seat lives. */
  alive: readonly boolean[];
  myRole: RoleId | null;
  /** The seats of the wolves this seat knows (`WerewolfView.wolves`). */
  wolves: readonly Seat[];
  tonight: WerewolfView["tonight"];
  thiefCards: WerewolfView["thiefCards"];
  /** Each seat's card as this seat knows it (`WerewolfView.roles`), undefined where unknown. */
  cards: readonly (RoleId | undefined)[];
  seerResults: readonly SeatResult[];
  /** The seats the pack picked tonight, in pick order (what `WerewolfView.wolfPicks` shows). */
  wolfPicks: readonly Seat[];
  /** The day lines of the chat. */
  chat: readonly ChatLine[];
  /** A wolf's: the pack's lines (empty for every other seat). */
  packChat: readonly ChatLine[];
  deaths: readonly DeathRecord[];
  tallies: readonly TallyRecord[];
  legal: readonly SeatLegal[];
  /** How this bot talks; undefined: one drawn from its player id (`styleOf`). */
  style?: BotStyle;
}

const EMPTY: readonly never[] = Object.freeze([]);

/** A list derived from `from`, kept until a view brings another `from`. */
interface Kept<S, T> {
  from: S | null;
  out: T;
}

const kept = <S, T>(out: T): Kept<S, T> => ({ from: null, out });

/**
 * `make(from, players)` unless `k` holds it already. `make` is a plain function, not a closure: a
 * closure per list would be allocated on every decision, derived or not.
 */
function derive<S, T>(k: Kept<S, T>, from: S, players: readonly PlayerId[], make: (from: S, players: readonly PlayerId[]) => T): T {
  if (k.from !== from) {
    k.from = from;
    k.out = make(from, players);
  }
  return k.out;
}

const aliveBySeat = (alive: WerewolfView["alive"], players: readonly PlayerId[]) => players.map((p) => alive[p] === true);
/** The seats of the players of `ids` (a name that is no player's is left out). */
function seatsOf(ids: readonly PlayerId[], players: readonly PlayerId[]): Seat[] {
  const out: Seat[] = [];
  // Indexed: a for-of over a frozen shared list (a seat's wolves when it is none) goes through the
  // generic iterator, an allocation per element.
  for (let i = 0; i < ids.length; i++) {
    const q = players.indexOf(ids[i]);
    if (q >= 0) out.push(q);
  }
  return out;
}
const cardsBySeat = (roles: WerewolfView["roles"], players: readonly PlayerId[]) => players.map((p) => (Object.hasOwn(roles, p) ? roles[p] : undefined));
const resultsBySeat = (results: WerewolfView["seerResults"], players: readonly PlayerId[]): SeatResult[] =>
  results.filter((r) => players.includes(r.target)).map((r) => ({ target: players.indexOf(r.target), result: r.result }));
function pickedSeats(picks: WerewolfView["wolfPicks"], players: readonly PlayerId[]): Seat[] {
  const out: Seat[] = [];
  for (let i = 0; i < picks.length; i++) {
    const q = players.indexOf(picks[i].target);
    if (q >= 0) out.push(q);
  }
  return out;
}
const dayLines = (chat: WerewolfView["chat"]) => chat.filter((l) => l.channel === "day");
const packLines = (chat: WerewolfView["chat"]) => chat.filter((l) => l.channel === "wolves");

/**
 * A legal entry with its targets by seat (an entry without targets is shared as it is). An entry
 * naming players carries nothing else (legal.ts): a literal, not a `{ ...spread }`, which cost
 * several times more on every decision.
 */
function bySeat(l: WerewolfView["legal"][number], players: readonly PlayerId[]): SeatLegal {
  return l.targets === undefined ? (l as Untargeted) : { type: l.type, targets: seatsOf(l.targets, players) };
}

/** A legal list by seat: the list itself when no entry names anyone (most lists: chat, ready, skip). */
function legalBySeat(legal: readonly LegalAction[], players: readonly PlayerId[]): readonly SeatLegal[] {
  let i = 0;
  while (i < legal.length && legal[i].targets === undefined) i++;
  if (i === legal.length) return legal as readonly Untargeted[];
  const out: SeatLegal[] = [];
  for (let j = 0; j < legal.length; j++) out.push(bySeat(legal[j], players));
  return out;
}

/** What one seat's last inputs were derived from, and the lists derived (see the top of this file). */
export interface InputMemo {
  alive: Kept<WerewolfView["alive"], readonly boolean[]>;
  wolves: Kept<WerewolfView["wolves"], readonly Seat[]>;
  cards: Kept<WerewolfView["roles"], readonly (RoleId | undefined)[]>;
  seerResults: Kept<WerewolfView["seerResults"], readonly SeatResult[]>;
  wolfPicks: Kept<WerewolfView["wolfPicks"], readonly Seat[]>;
  chat: Kept<WerewolfView["chat"], readonly ChatLine[]>;
  packChat: Kept<WerewolfView["chat"], readonly ChatLine[]>;
}

export const inputMemo = (): InputMemo => ({
  alive: kept(EMPTY),
  wolves: kept(EMPTY),
  cards: kept(EMPTY),
  seerResults: kept(EMPTY),
  wolfPicks: kept(EMPTY),
  chat: kept(EMPTY),
  packChat: kept(EMPTY),
});

/**
 * A bot's input from a view by player id. Each source list belongs to one game (one `players`), so
 * a list derived from it holds while the view brings the same one.
 */
export function inputOfView(view: BotView, memo: InputMemo = inputMemo()): BotInput {
  const players = view.players;
  return {
    me: players.indexOf(view.me),
    players,
    phase: view.phase,
    day: view.day,
    ended: view.ended,
    alive: derive(memo.alive, view.alive, players, aliveBySeat),
    myRole: view.myRole,
    wolves: derive(memo.wolves, view.wolves, players, seatsOf),
    tonight: view.tonight,
    thiefCards: view.thiefCards,
    cards: derive(memo.cards, view.roles, players, cardsBySeat),
    seerResults: derive(memo.seerResults, view.seerResults, players, resultsBySeat),
    wolfPicks: derive(memo.wolfPicks, view.wolfPicks, players, pickedSeats),
    chat: derive(memo.chat, view.chat, players, dayLines),
    packChat: view.myRole === "wolf" ? derive(memo.packChat, view.chat, players, packLines) : EMPTY,
    deaths: view.deaths,
    tallies: view.tallies,
    legal: legalBySeat(view.legal, players),
    style: view.style,
  };
}

/**
 * `inputOfView({ ...viewFor(s, players[seat]), style }, memo)` without the view: each field read
 * by `viewFor`'s own readers (view.ts, legal.ts), then by seat as above. The chat needs no
 * derivation here: every seat's day lines are the chat's day lines, and a pack reader's wolf lines
 * the pack's.
 */
export function inputAt(s: WerewolfState, seat: Seat, memo: InputMemo = inputMemo(), style?: BotStyle): BotInput {
  const players = s.players;
  const me = players[seat];
  const f = factsAt(s, me, seat);
  const seesWolves = readsPack(s, me, f.myRole);
  const chat = chatLists(s.chat);
  return {
    me: seat,
    players,
    phase: s.phase,
    day: s.day,
    ended: s.phase === "ended",
    alive: livesBySeat(s),
    myRole: f.myRole,
    wolves: derive(memo.wolves, f.wolves, players, seatsOf),
    tonight: f.tonight,
    thiefCards: f.thiefCards,
    cards: derive(memo.cards, rolesSeenBy(s, me, seat, f.myRole), players, cardsBySeat),
    seerResults: derive(memo.seerResults, seerResultsOf(s, me, seat), players, resultsBySeat),
    wolfPicks: derive(memo.wolfPicks, wolfPicksSeenBy(s, me, seesWolves), players, pickedSeats),
    chat: chat.day,
    packChat: seesWolves ? chat.pack : EMPTY,
    deaths: s.deaths,
    tallies: s.tallies,
    legal: legalBySeat(legalAt(s, me, seat), players),
    style,
  };
}
