// Random games at every player count (CW-P1: 6–12), basic and advanced, legal and illegal actions
// and timeouts. Invariants: a game always ends; no event reaches an audience section 11 forbids; a
// seat's view is the fold of the events it may read and agrees with what the state lets it know
// (its choices worked out from it, view-legal.ts, are the engine's);
// the win check (R32, R33, R43, R46, P12) holds at every elimination; the cards are all accounted
// for. CW_PROPERTY_GAMES sets games per count (CI default below; the 10,000 run is in docs).
import { describe, expect, it } from "vitest";
import { seatViews } from "../core/fold";
import { seedRng } from "../core/rng";
import type { GameEvent, PlayerId } from "../core/types";
import { cardWerewolf } from "./mode";
import { randomMove } from "./random-play";
import { BURIED } from "./tables";
import { legalOfView } from "./view-legal";
import { HOWLING_WOLF, type AngelKind, type CardWerewolfConfig, type CardWerewolfState } from "./types";

const GAMES = Number(process.env.CW_PROPERTY_GAMES ?? 200);
const MAX_MOVES = 20_000;
/** Every how many moves all views are rebuilt and compared (and always at the end). */
const VIEW_EVERY = Number(process.env.CW_VIEW_EVERY ?? 97);
const EPOCH = Date.UTC(2025, 0, 1);

const must = (ok: boolean, what: string) => {
  if (!ok) throw new Error(what);
};

// Independent restatement of the win check (not the engine's win.ts).
function expectedWinner(s: CardWerewolfState): string | null {
  const alive = s.players.filter((p) => s.alive[p]);
  const wolves = alive.filter((p) => s.roles[p] === "werewolf").length;
  const village = alive.filter((p) => s.roles[p] === "villager" || s.roles[p] === "angel").length;
  if (wolves === 0) return "village";
  return wolves >= village ? "werewolves" : null;
}

const isWolfSide = (s: CardWerewolfState, p: PlayerId) => s.roles[p] === "werewolf" || s.roles[p] === "traitor";

/** Who may read each event type (section 11). `before` is the state the step started from. */
function audienceAllowed(e: GameEvent, s: CardWerewolfState, before: CardWerewolfState): boolean {
  const a = e.audience;
  const to = a.kind === "player" ? a.player : null;
  switch (e.type) {
    case "role":
    case "dealt":
    case "drew":
      return to !== null;
    case "wolves_known":
    case "pointed":
      return to !== null && isWolfSide(s, to);
    case "angel_saw":
      return to !== null && s.roles[to] === "angel";
    case "seer_result":
      return to !== null && s.log.some((x) => x.type === "viewed" && x.viewer === to && x.target === e.target);
    case "night_card":
      return to !== null && s.alive[to] !== false && s.night[to] !== undefined;
    case "dead_role":
      return to !== null && to === s.gm && to !== e.player;
    // CW-P11: the Werewolf team's chat during Identification only, from a living member; the table's
    // from the first Daytime, from a living player.
    case "chat": {
      const from = e.from as string;
      if (!before.alive[from]) return false;
      if (e.channel === "wolves") return a.kind === "team" && a.team === "werewolves" && isWolfSide(s, from) && before.phase.startsWith("identify");
      return a.kind === "public" && e.channel === "table" && ["day", "day.seer", "night"].includes(before.phase);
    }
    default:
      return a.kind === "public" && (before.phase !== "ended");
  }
}

const SECRET_KEYS = ["role", "roles", "cards", "seen", "wolves", "traitor", "hand"];

function checkStep(before: CardWerewolfState, s: CardWerewolfState, events: GameEvent[]) {
  for (const e of events) {
    must(audienceAllowed(e, s, before), `${e.type} went to ${JSON.stringify(e.audience)}`);
    if (e.audience.kind === "public" && e.type !== "game_ended") for (const k of SECRET_KEYS) must(!(k in e), `public ${e.type} carries ${k}`);
    if (e.type === "drew") must(e.card !== HOWLING_WOLF, "the Howling Wolf was drawn in private");
  }
  // R33/P12: after an elimination the game ends exactly when the check says so, with that winner.
  const died = events.some((e) => e.type === "died");
  const ended = events.find((e) => e.type === "game_ended");
  if (died) must(String(ended?.winner ?? null) === String(expectedWinner(s)), `win check: got ${String(ended?.winner)}, rules say ${expectedWinner(s)}`);
  else must(ended === undefined, "the game ended without an elimination");
  // R26: one card per living player at Night, exactly one Claw.
  if (s.phase === "night" && before.phase !== "night") {
    const cards = Object.values(s.night);
    must(cards.length === s.players.filter((p) => s.alive[p]).length && cards.filter((c) => c === "claw").length === 1, "night deck");
  }
  // R7: the Howling Wolf among the last 10 when a Day starts.
  if (events.some((e) => e.type === "day_started")) {
    const at = s.deck.indexOf(HOWLING_WOLF);
    must(at >= 0 && at >= s.deck.length - BURIED, `Howling Wolf at ${at} of ${s.deck.length}`);
  }
  // R35, P2: all 50 Day cards accounted for (deck, hands, in front, discard, box).
  if (s.phase !== "ended" && s.day > 0) {
    const n = s.deck.filter((c) => c !== HOWLING_WOLF).length + s.discard.length + s.box.length + s.players.reduce((t, p) => t + (s.hands[p]?.length ?? 0) + (s.front[p]?.length ?? 0), 0);
    must(n === 50, `${n} Day cards`);
    must(s.box.every((c) => c.kind === "seer") && s.box.length <= 3, "box");
  }
  // R13: two cards in each living hand between turns; the Seer power's giver holds one.
  if (s.phase === "day" || s.phase === "day.seer")
    for (const p of s.players) if (s.alive[p]) must(s.hands[p].length === (s.phase === "day.seer" && p === s.turn ? 1 : 2), `${p} holds ${s.hands[p].length}`);
}

function checkViews(s: CardWerewolfState, log: GameEvent[]) {
  const ended = s.phase === "ended";
  for (const { seat, view: v, folded } of seatViews(cardWerewolf, s, log)) {
    expect(v).toEqual(folded);
    for (const k of ["phase", "alive", "turn", "moons", "cursed"] as const) expect(v[k], k).toEqual(s[k]);
    expect(v.role).toBe(s.roles[seat.player]);
    // What a seat (a bot, a screen) works out from its view is the engine's own list.
    expect(legalOfView(v), `${seat.player}'s choices in ${s.phase}`).toEqual(cardWerewolf.legalActions!(s, seat.player));
    if (ended || s.day === 0) continue;
    expect(v.discard).toEqual(s.discard);
    expect(v.banned).toEqual(s.banned);
    if (s.phase !== "night") expect(v.votes).toEqual(s.votes);
    if (seat.alive && s.phase !== "night") expect(v.hand, `${seat.player}'s hand`).toEqual(s.hands[seat.player]);
    if (!isWolfSide(s, seat.player)) expect(v.wolves).toEqual([]);
    expect(Object.keys(v.deadRoles).length > 0).toBe(seat.player === s.gm && Object.keys(v.deadRoles).length > 0);
  }
}

function configFor(count: number, g: number): CardWerewolfConfig {
  if (count < 7) return { angel: "none", traitor: false, timeScale: 1 };
  const angels: AngelKind[] = ["none", "basic", "powerful"];
  return { angel: angels[g % 3], traitor: Math.floor(g / 3) % 2 === 1, timeScale: 1 };
}

function playRandom(count: number, g: number) {
  const seed = count * 100_003 + g;
  const players = Array.from({ length: count }, (_, i) => `p${i + 1}`);
  const rng = seedRng(seed ^ 0x5eed);
  const start = cardWerewolf.setup(configFor(count, g), players, { now: EPOCH, seed });
  if (!start.ok) throw new Error(start.error.message);
  let s = start.value.state;
  let log = [...start.value.events];
  let now = EPOCH;
  let moves = 0;
  for (; moves < MAX_MOVES && s.phase !== "ended"; moves++) {
    const m = randomMove(rng, s);
    const before = s;
    let events: GameEvent[];
    if (m.kind === "advance") {
      now = Math.max(now, s.deadline!);
      const step = cardWerewolf.advance(s, { now });
      [s, events] = [step.state, step.events];
    } else {
      const r = cardWerewolf.act(s, m.player, m.action, { now });
      if (!r.ok) continue;
      [s, events] = [r.value.state, r.value.events];
    }
    log = log.concat(events);
    must(s.log.length === log.length, "state log differs from the emitted events");
    checkStep(before, s, events);
    if (moves % VIEW_EVERY === 0) checkViews(s, log);
  }
  expect(s.phase, `game ${count}/${g} did not end in ${MAX_MOVES} moves`).toBe("ended");
  checkViews(s, log);
  return s;
}

describe("card-werewolf random games", () => {
  for (let count = 6; count <= 12; count++) {
    it(`CW-P1, CW-R32, CW-R33, section 11, CW-P11: ${GAMES} random games at ${count} players end, with every event (chat too) to its audience, views = fold, the win check at every death`, () => {
      const winners = new Map<string, number>();
      const channels = new Set<unknown>();
      for (let g = 1; g <= GAMES; g++) {
        const s = playRandom(count, g);
        winners.set(String(s.winner), (winners.get(String(s.winner)) ?? 0) + 1);
        for (const e of s.log) if (e.type === "chat") channels.add(e.channel);
      }
      expect([...winners.keys()].sort()).toEqual(GAMES >= 50 ? ["village", "werewolves"] : expect.any(Array));
      // CW-P11: both channels were written to (and their audiences checked above).
      expect([...channels].sort()).toEqual(GAMES >= 50 ? ["table", "wolves"] : expect.any(Array));
    });
  }
});
