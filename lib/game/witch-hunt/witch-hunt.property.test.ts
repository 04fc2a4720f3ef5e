// Random games at every player count (WH-R1: 4–12), legal and illegal actions, Absent marks and
// timeouts, timed and untimed (WH-P8). Invariants: a game always ends; the win checks follow
// WH-R12's order at each check point; no event reaches an audience the rules forbid (WH-R41–R44);
// a seat's view is the fold of the events it may read and agrees with the state it may know; the
// Guard's step runs every day of a deal with a Guard for its fixed length.
// WH_PROPERTY_GAMES sets games per count (CI default below; the 10,000 run is reported in docs).
import { describe, expect, it } from "vitest";
import { seedRng } from "../core/rng";
import type { Audience, GameEvent, PlayerId } from "../core/types";
import { seatViews } from "../core/fold";
import { witchHunt } from "./mode";
import { randomMove } from "./random-play";
import { KNIGHT_DAY, SEALS_NEEDED, SECONDS } from "./tables";
import type { WitchHuntLegal, WitchHuntState } from "./types";
import { legalFor } from "./legal";
import { legalOfView } from "./view-legal";

const GAMES = Number(process.env.WH_PROPERTY_GAMES ?? 40);
const MAX_MOVES = 20_000;
/** Every how many moves all views are rebuilt and compared (and always at the end). */
const VIEW_EVERY = Number(process.env.WH_VIEW_EVERY ?? 150);
const EPOCH = Date.UTC(2025, 0, 1);

// Independent restatements of R6, R7, R9 (not the engine's win.ts).
const witchesOf = (s: WitchHuntState) => s.players.filter((p) => s.roles[p] === "witch");
const allExpelled = (s: WitchHuntState) => witchesOf(s).every((p) => s.form[p] === "expelled");
const allFrogs = (s: WitchHuntState) => {
  const left = witchesOf(s).filter((p) => s.form[p] !== "expelled");
  return left.length > 0 && left.every((p) => s.form[p] === "frog");
};
const takeVillage = (s: WitchHuntState) => {
  const h = s.players.filter((p) => s.form[p] === "human");
  const w = h.filter((p) => s.roles[p] === "witch").length;
  return w > 0 && h.length - w <= w;
};

/** The outcome WH-R12 requires at a check point, or null to go on. */
function expectedOutcome(s: WitchHuntState, step: GameEvent[]): string | null {
  const vote = step.find((e) => e.type === "vote_result");
  if (vote) {
    const x = vote.expelled as PlayerId | null;
    if (x !== null && s.roles[x] === "clown") return "clown:clown_expelled";
    if (vote.day === KNIGHT_DAY) return x !== null && s.roles[x] === "witch" ? "village:knight_vote" : "witches:knight_vote_failed";
    if (allExpelled(s)) return "village:all_witches_expelled";
    if (allFrogs(s)) return "village:all_witches_frogs";
    return takeVillage(s) ? "witches:witches_take_village" : null;
  }
  if (step.some((e) => e.type === "ritual_result")) return s.seals >= SEALS_NEEDED ? "village:seal" : null;
  if (step.some((e) => e.type === "evening_news")) {
    if (allFrogs(s)) return "village:all_witches_frogs";
    return takeVillage(s) ? "witches:witches_take_village" : null;
  }
  return null;
}

/** Who may read each event type (WH-R41–WH-R44, WH-R22, WH-P5, WH-P6). */
function audienceAllowed(e: GameEvent, s: WitchHuntState): boolean {
  const a: Audience = e.audience;
  const to = (role: string) => a.kind === "player" && s.roles[a.player] === role;
  switch (e.type) {
    case "role":
    case "gathered":
    case "robbed":
    case "approved":
    case "voted":
      return a.kind === "player";
    case "picked":
      return a.kind === "player" && s.roles[a.player] !== "witch";
    case "put":
      return a.kind === "player" && (s.proposal ?? []).includes(a.player);
    case "witch_here":
      return to("witch");
    case "guarding":
    case "guard_counts":
    case "guard_at":
      return to("guard");
    case "heal_chosen":
      return to("healer");
    case "seer_result":
      return to("seer");
    case "stole":
      return to("pickpocket");
    case "witches_known":
      return a.kind === "team" && a.team === "witches";
    case "witch_counts":
    case "witch_went":
    case "cast":
      return a.kind === "team" && a.team === "coven";
    case "chat":
      // WH-P10: the table's lines are public; the witches' go to the coven (not the Crow), from a witch.
      return e.channel === "table" ? a.kind === "public" : a.kind === "team" && a.team === "coven" && s.roles[e.from as string] === "witch";
    case "daytime_log":
    case "ritual_puts":
      return a.kind === "end";
    default:
      return a.kind === "public";
  }
}

const SECRET_KEYS = ["role", "roles", "puts", "picks", "witchAt", "casts", "hand", "card", "item", "location", "names", "counts"];

/** Plain checks on the hot path (an `expect` per event costs more than the game). */
function must(ok: boolean, what: string): void {
  if (!ok) throw new Error(what);
}

/**
 * The Guard's step (WH-R17, WH-R21) runs every day of a deal with a Guard, for its fixed 20 s, and
 * the witches' follows exactly at its end: whether, or when, anyone guards never shows in public.
 */
function checkGuardStep(s: WitchHuntState, events: GameEvent[], log: GameEvent[]) {
  const hasGuard = s.players.some((p) => s.roles[p] === "guard");
  for (const e of events) {
    if (e.type !== "phase") continue;
    if (e.phase === "day.guard") must(hasGuard && e.deadline === e.at + SECONDS.guard * 1000, `day.guard ${String(e.at)}→${String(e.deadline)}`);
    if (e.phase !== "day.witch") continue;
    const before = log.slice(0, log.indexOf(e)).findLast((x) => x.type === "phase");
    must(hasGuard ? before?.phase === "day.guard" && before.deadline === e.at : before?.phase === "day.pick", `day.witch after ${String(before?.phase)}`);
  }
}

function checkStep(s: WitchHuntState, events: GameEvent[], log: GameEvent[]) {
  checkGuardStep(s, events, log);
  for (const e of events) {
    must(audienceAllowed(e, s), `${e.type} went to ${JSON.stringify(e.audience)}`);
    if (e.audience.kind === "public" && e.type !== "game_ended") for (const k of SECRET_KEYS) must(!(k in e), `public ${e.type} carries ${k}`);
  }
  const ended = events.find((e) => e.type === "game_ended");
  const got = ended ? `${String(ended.winner)}:${String(ended.reason)}` : null;
  const want = expectedOutcome(s, events);
  must(ended?.reason === "host" || got === want, `R12 order: got ${got}, rules say ${want}`);
  // The state's log is exactly the events the steps returned, in order.
  must(s.log.length === log.length && events.every((e, i) => s.log[log.length - events.length + i] === e), "state log differs from the emitted events");
}

/** WH-P3/WH-P6 facts a seat knows, read from its view, must match the state. */
function checkViews(s: WitchHuntState, log: GameEvent[]) {
  for (const { seat, view: v, folded } of seatViews(witchHunt, s, log)) {
    expect(v).toEqual(folded);
    for (const k of ["phase", "form", "seals", "curse"] as const) expect(v[k], k).toEqual(s[k]);
    if (seat.alive) expect(v.hand, `${seat.player}'s hand`).toEqual(s.hands[seat.player]);
    if (s.roles[seat.player] === "crow") expect(v.crowSpoiled).toBe(s.crowSpoiled);
    expect(v.role).toBe(s.roles[seat.player]);
    // The legal list worked out from the view is the engine's, but for the Pickpocket's targets
    // (who holds a card is secret: the view offers every other human-form cat).
    const noSteal = (ls: WitchHuntLegal[]) => ls.filter((l) => l.type !== "steal");
    const fromView = legalOfView(v);
    expect(noSteal(fromView), `${seat.player}'s legal actions in ${s.phase}`).toEqual(noSteal(legalFor(s, seat.player)));
    const engineSteal = legalFor(s, seat.player).find((l) => l.type === "steal");
    for (const t of engineSteal?.targets ?? []) expect(fromView.find((l) => l.type === "steal")?.targets).toContain(t);
  }
}

function playRandom(count: number, seed: number) {
  const players = Array.from({ length: count }, (_, i) => `p${i + 1}`);
  const rng = seedRng(seed ^ 0x5eed);
  const start = witchHunt.setup({ timed: seed % 2 === 0, timeScale: 1 }, players, { now: EPOCH, seed });
  if (!start.ok) throw new Error(start.error.message);
  let s = start.value.state;
  let log = [...start.value.events];
  let now = EPOCH;
  let moves = 0;
  const host = players[0];
  for (; moves < MAX_MOVES && s.phase !== "ended"; moves++) {
    const m = randomMove(rng, s);
    let events: GameEvent[] = [];
    if (m.kind === "advance") {
      if (s.deadline === null) throw new Error(`stuck in ${s.phase} on day ${s.day}: nobody can act and nothing is timed`);
      now = Math.max(now, s.deadline);
      const step = witchHunt.advance(s, { now, hostId: host });
      [s, events] = [step.state, step.events];
    } else {
      const r = witchHunt.act(s, m.kind === "absent" ? host : m.player, m.kind === "absent" ? { type: "mark_absent", player: m.player } : m.action, { now, hostId: host });
      if (!r.ok) continue;
      [s, events] = [r.value.state, r.value.events];
    }
    log = log.concat(events);
    checkStep(s, events, log);
    if (moves % VIEW_EVERY === 0) checkViews(s, log);
  }
  expect(s.phase, `game ${count}/${seed} did not end in ${MAX_MOVES} moves`).toBe("ended");
  expect(s.day).toBeLessThanOrEqual(KNIGHT_DAY);
  checkViews(s, log);
  return s;
}

describe("witch-hunt random games", () => {
  for (let count = 4; count <= 12; count++) {
    it(`WH-R1, WH-R12, WH-R41–R44, WH-P8, WH-P12: ${GAMES} random games at ${count} players end, in R12's order, with every event to its audience and views = fold`, () => {
      const winners = new Map<string, number>();
      for (let g = 1; g <= GAMES; g++) {
        const s = playRandom(count, count * 100_003 + g);
        winners.set(String(s.winner), (winners.get(String(s.winner)) ?? 0) + 1);
      }
      expect([...winners.values()].reduce((a, b) => a + b, 0)).toBe(GAMES);
    });
  }
});
