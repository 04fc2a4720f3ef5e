// Property tests over random games (fast-check): random legal and illegal actions by random
// players (the dead included), random waits and timeouts. Each game is checked against invariants
// re-derived here from ../shared/rules/werewolf.md, independently of the engine's own code.
// PROPERTY_RUNS overrides the number of games per ruleset (default 10,000).
import fc from "fast-check";
import { isDeepStrictEqual } from "node:util";
import { describe, expect, it } from "vitest";
import { foldView } from "../core/fold";
import { nextInt, seedRng, type RngState } from "../core/rng";
import type { GameEvent, PlayerId } from "../core/types";
import { ACTION_TYPES } from "./legal";
import { isAlive, werewolf } from "./mode";
import { classicSetup, standardSetup, type RandomSetup } from "./random-setups";
import { concretize } from "./testing";
import type { LegalAction, RoleId, WerewolfAction, WerewolfConfig, WerewolfState, Winner } from "./types";

const RUNS = Number(process.env.PROPERTY_RUNS ?? 10_000);
/** From this round on the driver plays decisively (everyone votes and bites the same player). */
const DECISIVE_FROM = 4;
/** No round holds more phases: 5 night steps, shots/badges, election, day, re-vote day, votes. */
const MAX_PHASES_PER_ROUND = 16;

const names = (n: number) => Array.from({ length: n }, (_, i) => `p${i}`);

/** S-START-2 / C-SETUP-1..2, written out again: the deck a setup must deal (incl. the middle). */
function expectedDeck(c: WerewolfConfig, n: number): Record<string, number> {
  if (c.ruleset === "standard") return { wolf: n === 9 ? 3 : 2, seer: 1, guard: 1, witch: 1, hunter: 1, villager: 2 };
  const deck: Record<string, number> = { wolf: n >= 18 ? 4 : n >= 12 ? 3 : 2, seer: 1 };
  for (const r of c.roles) deck[r] = 1;
  const used = Object.values(deck).reduce((a, b) => a + b, 0);
  deck.villager = n - used + (c.roles.includes("thief") ? 2 : 0);
  if (deck.villager === 0) delete deck.villager;
  return deck;
}

const loversOf = (s: WerewolfState) => s.lovers;
const middleOf = (s: WerewolfState) => s.middle;
const actorOf = (s: WerewolfState) => s.actor;

/** S-WIN-1 / C-WIN-1, written out again. */
function expectedWinner(s: WerewolfState): Winner | null {
  const living = s.players.filter((p) => isAlive(s, p));
  const wolves = living.filter((p) => s.roles[p] === "wolf").length;
  if (living.length === 0) return "draw";
  const classic = s.config.ruleset === "classic";
  const lovers = loversOf(s);
  const mixed = lovers !== null && (s.roles[lovers[0]] === "wolf") !== (s.roles[lovers[1]] === "wolf");
  if (classic && mixed && living.length === 2 && living.includes(lovers![0]) && living.includes(lovers![1])) return "lovers";
  if (wolves === 0) return "village";
  const parity = !classic || s.config.endAtParity;
  if (parity ? wolves >= living.length - wolves : wolves === living.length) return "wolves";
  return null;
}

/** A cheap assertion for the hot path (vitest's expect costs microseconds per call). */
function check(ok: boolean, message: string): void {
  if (!ok) throw new Error(message);
}

/** Deep equality, with vitest's readable diff only when it fails. */
function same(actual: unknown, expected: unknown, message: string): void {
  if (!isDeepStrictEqual(actual, expected)) expect(actual, message).toEqual(expected);
}

const count = (xs: readonly string[]) => xs.reduce<Record<string, number>>((m, x) => ((m[x] = (m[x] ?? 0) + 1), m), {});

interface Game {
  state: WerewolfState;
  events: GameEvent[];
  now: number;
  players: PlayerId[];
  /** Increments with every phase event: one "step" of P-4. */
  step: number;
  /** The round of the last phase event. */
  round: number;
  phasesThisRound: number;
  accepted: Map<string, string[]>;
  protects: Map<number, PlayerId>;
  potions: { save: number; poison: number };
}

function record(g: Game, events: readonly GameEvent[], state: WerewolfState): void {
  for (const e of events) {
    g.events.push(e);
    if (e.type === "phase") {
      g.step++;
      g.phasesThisRound = e.day === g.round ? g.phasesThisRound + 1 : 1;
      g.round = e.day as number;
      check(g.phasesThisRound <= MAX_PHASES_PER_ROUND, `more than ${MAX_PHASES_PER_ROUND} phases in round ${e.day}`);
      // A new day or night only begins after a win check that found no winner (S-WIN-1, C-WIN-1).
      if (e.phase === "day" || e.phase === "night.main") check(expectedWinner(state) === null, `game went on to ${e.phase} with a winner`);
    }
  }
  g.state = state;
}

/** What an accepted action is checked against, read before it is taken. */
interface Before {
  alive: boolean;
  phase: WerewolfState["phase"];
  actor: PlayerId | null;
  day: number;
  classic: boolean;
}

const beforeOf = (s: WerewolfState, actor: PlayerId): Before => ({ alive: isAlive(s, actor), phase: s.phase, actor: actorOf(s), day: s.day, classic: s.config.ruleset === "classic" });

/** Invariants of one accepted action, checked against the state it was taken in. */
function checkAccepted(g: Game, before: Before, actor: PlayerId, a: WerewolfAction): void {
  // P-6: the dead never act, except the pending Hunter shot / Sheriff badge.
  if (!before.alive) {
    const shot = before.phase === "hunter" && (a.type === "shoot" || a.type === "skip");
    const badge = before.phase === "sheriff.succession" && a.type === "pass_badge";
    check((shot || badge) && before.actor === actor, `dead ${actor} did ${a.type} in ${before.phase}`);
  }
  if (a.type === "chat") return;
  // P-4: at most one accepted action per actor per step; the classic Witch may save and poison.
  const key = `${g.step}:${actor}`;
  const done = g.accepted.get(key) ?? [];
  const witchStep = before.classic && before.phase === "night.witch";
  if (witchStep) {
    check(!done.includes(a.type) && !done.includes("skip"), `witch ${a.type} after ${done}`);
  } else if (a.type === "bite" && before.phase === "night.main") {
    // S-WOLF-3: a wolf may pick again (after a pick or a skip) until the step ends.
    check(done.every((t) => t === "bite" || t === "skip"), `wolf bite after ${done}`);
  } else check(done.length === 0, `${actor} acted twice in ${before.phase}`);
  g.accepted.set(key, [...done, a.type]);
  if (a.type === "save" || a.type === "poison") g.potions[a.type]++;
  check(g.potions.save <= 1 && g.potions.poison <= 1, "a potion was used twice");
  if (a.type === "protect") {
    // S-GUARD-1: never the same player two nights running.
    check(g.protects.get(before.day - 1) !== a.target, `guard protected ${a.target} twice running`);
    g.protects.set(before.day, a.target);
  }
}

function act(g: Game, actor: PlayerId, a: WerewolfAction): boolean {
  const before = beforeOf(g.state, actor);
  const r = werewolf.act(g.state, actor, a, { now: g.now });
  if (!r.ok) {
    check(r.error.code.length > 0 && r.error.message.length > 0, "a refusal without code or message");
    return false;
  }
  checkAccepted(g, before, actor, a);
  record(g, r.value.events, r.value.state);
  return true;
}

function advance(g: Game): void {
  if (g.state.deadline !== null) g.now = Math.max(g.now, g.state.deadline);
  const step = werewolf.advance(g.state, { now: g.now });
  record(g, step.events, step.state);
}

/** Something the engine must refuse or accept correctly: any type, any actor, odd targets. */
function randomAction(r: RngState, g: Game): WerewolfAction {
  const type = ACTION_TYPES[nextInt(r, ACTION_TYPES.length)];
  const who = [...g.players, "nobody"][nextInt(r, g.players.length + 1)];
  const raw: Record<string, unknown> = { type, target: who, targets: [who, g.players[nextInt(r, g.players.length)]], card: nextInt(r, 3), channel: nextInt(r, 2) ? "day" : "wolves", text: nextInt(r, 5) ? "hi" : "" };
  return raw as unknown as WerewolfAction;
}

/** Late game: every bite and vote on the first legal target, others skip; so each round kills. */
function decisiveRound(g: Game): void {
  for (const p of g.players) {
    const legal = (werewolf.legalActions!(g.state, p) as LegalAction[]);
    const pick = legal.find((l) => l.type === "bite" || l.type === "vote" || l.type === "shoot" || l.type === "pass_badge")
      ?? legal.find((l) => l.type === "ready_to_vote" || l.type === "skip" || l.type === "steal" || l.type === "link");
    if (!pick) continue;
    const action: WerewolfAction =
      pick.targets && pick.type !== "link"
        ? ({ type: pick.type, target: pick.targets[0] } as WerewolfAction)
        : pick.type === "link"
          ? { type: "link", targets: [pick.targets![0], pick.targets![1] ?? pick.targets![0]] }
          : pick.type === "steal"
            ? { type: "steal", card: 0 }
            : ({ type: pick.type } as WerewolfAction);
    act(g, p, action);
    if (g.state.phase === "ended") return;
  }
  if (g.state.phase !== "ended") advance(g);
}

function playRandomGame(config: WerewolfConfig, n: number, seed: number): Game {
  const players = names(n);
  const start = werewolf.setup(config, players, { now: 0, seed });
  if (!start.ok) throw new Error(start.error.message);
  const g: Game = { state: start.value.state, events: [], now: 0, players, step: 0, round: 0, phasesThisRound: 0, accepted: new Map(), protects: new Map(), potions: { save: 0, poison: 0 } };
  record(g, start.value.events, start.value.state);
  const r = seedRng(seed ^ 0x6a09e667);
  const maxRounds = DECISIVE_FROM + n + 3;
  for (let i = 0; g.state.phase !== "ended"; i++) {
    check(g.state.day <= maxRounds && i < 20_000, `game still running at round ${g.state.day}`);
    if (g.state.day >= DECISIVE_FROM) {
      decisiveRound(g);
      continue;
    }
    const roll = nextInt(r, 10);
    if (roll < 2) advance(g);
    else if (roll < 3) act(g, [...players][nextInt(r, n)], randomAction(r, g));
    else {
      const p = players[nextInt(r, n)];
      const legal = (werewolf.legalActions!(g.state, p) as LegalAction[]);
      if (legal.length > 0) {
        const a = concretize(r, legal[nextInt(r, legal.length)]);
        const onTime = g.state.deadline === null || g.now < g.state.deadline;
        // Listed actions are accepted, but for late ones and chat over the rate limit.
        if (!act(g, p, a) && onTime && a.type !== "chat") throw new Error(`legal ${JSON.stringify(a)} by ${p} refused in ${g.state.phase}`);
      }
    }
    // Time moves on: usually within the step, sometimes past its deadline (late actions are refused).
    g.now += nextInt(r, 4000);
  }
  return g;
}

function checkEnd(g: Game, n: number, rng: RngState): void {
  const s = g.state;
  // Composition: the dealt cards (with the Thief's middle, before any swap) match the ruleset.
  const start = g.events.find((e) => e.type === "game_start")!;
  const dealt = g.events.filter((e) => e.type === "role").map((e) => e.role as RoleId);
  // The two undealt cards (C-SETUP-2); the Thief card itself may be among them.
  const middle = middleOf(s) ?? [];
  check(middle.length === (s.config.roles.includes("thief") ? 2 : 0), "middle cards");
  same(count([...dealt, ...middle]), expectedDeck(s.config, n), "dealt cards");
  same(start.composition, expectedDeck(s.config, n), "public composition");
  // Win only after shots and chains, and by the rules' order.
  check(s.pending.length === 0, "ended with a pending shot or badge");
  check(s.winner === expectedWinner(s), `winner ${s.winner}, rules say ${expectedWinner(s)}`);
  const living = s.players.filter((p) => isAlive(s, p));
  const lovers = loversOf(s);
  if (lovers) check(isAlive(s, lovers[0]) === isAlive(s, lovers[1]), "a lover outlived the other");
  for (const h of s.players.filter((p) => s.roles[p] === "hunter" && !isAlive(s, p))) {
    const shot = g.events.some((e) => e.type === "shot" && e.by === h);
    check(shot || living.length === 0, `dead hunter ${h} never got his shot`);
  }
  // Least knowledge: each view equals the fold of exactly the events that player may read.
  const seats = werewolf.seats(s);
  const ended = werewolf.status(s).ended;
  for (const seat of seats) same(werewolf.viewFor(s, seat.player), foldView(werewolf, seat, g.players, g.events, ended), `view of ${seat.player}`);
  // Before the end, only the "end" audience holds the secrets; check a mid-game view too.
  const cut = 1 + nextInt(rng, g.events.length - 1);
  const prefix = g.events.slice(0, cut);
  for (const e of prefix) {
    if (e.audience.kind === "public" && s.config.ruleset === "standard") {
      check(e.type === "game_end" || !("roles" in e || "role" in e), `public ${e.type} carries roles`);
    }
    check(!(SECRET_TYPES.has(e.type) && e.audience.kind === "public"), `public ${e.type}`);
  }
}

/** Event types that are never public (S-CHAT-4, P-2). */
const SECRET_TYPES = new Set(["pick", "seer_result", "protected", "potion", "witch_target", "role", "your_shot", "lover", "linked", "stole", "thief_cards", "vote_ack", "peeked", "peek_picks", "girl_caught", "skipped"]);

/** Checks the invariants over RUNS random games of one ruleset. */
function checkRandomGames(ruleset: string, setups: fc.Arbitrary<RandomSetup>): void {
  const t0 = performance.now();
  fc.assert(
    fc.property(setups, ({ n, seed, options }) => {
      const g = playRandomGame(werewolf.configSchema.parse(options), n, seed);
      checkEnd(g, n, seedRng(seed));
    }),
    { numRuns: RUNS },
  );
  console.log(`${ruleset}: ${RUNS} games in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

describe(`werewolf properties over ${RUNS} random games per ruleset`, () => {
  it("P-1..P-6, S-GUARD-1, S-WITCH-1, S-WIN-1, S-START-2: standard invariants", { timeout: 900_000 }, () => {
    checkRandomGames("standard", standardSetup);
  });

  it("P-1..P-6, C-WITCH-1, C-LOVERS-1, C-SHERIFF-3, C-WIN-1, C-SETUP-1/2: classic invariants", { timeout: 900_000 }, () => {
    checkRandomGames("classic", classicSetup);
  });
});

describe("engine bugs found by the properties (regression tests)", () => {
  it("C-VOTE-1 + C-LOVERS-2, P-3: a lover in a re-vote between the two lovers is offered no empty vote, and the re-vote does not close early without them", async () => {
    const { must, advance, startGame } = await import("./testing");
    const g = startGame({ ann: "wolf", bob: "wolf", cat: "seer", dan: "cupid", eve: "witch", fay: "hunter", gus: "little_girl", hal: "villager" }, { ruleset: "classic", roles: ["hunter", "cupid", "witch", "little_girl"], tieRevote: true });
    must(g, "dan", { type: "link", targets: ["gus", "hal"] });
    for (let i = 0; i < 5; i++) advance(g); // cupid → lovers → main → witch → day → vote
    for (const [by, target] of [["ann", "gus"], ["bob", "gus"], ["cat", "hal"], ["dan", "hal"]]) must(g, by, { type: "vote", target });
    advance(g); // tie gus/hal → re-vote discussion
    advance(g); // → re-vote among gus and hal
    expect(g.state.candidates).toEqual(["gus", "hal"]);
    // gus may vote neither for himself (S-VOTE-1) nor for his lover (C-LOVERS-2): nothing to vote
    // for, so "vote" must not be listed as legal (the UI would offer an empty choice).
    const vote = (werewolf.legalActions!(g.state, "gus") as LegalAction[]).find((l) => l.type === "vote");
    expect(vote?.targets ?? null).not.toEqual([]);
    // S-FLOW-4, P-3: the re-vote still waits for every living player. Closing once the six who can
    // vote have voted (as it once did) would tell the table that gus and hal are lovers.
    const deadline = g.state.deadline;
    for (const by of ["ann", "bob", "cat", "dan", "eve", "fay"]) must(g, by, { type: "vote", target: "gus" });
    expect([g.state.phase, g.state.deadline]).toEqual(["vote", deadline]);
    advance(g); // the deadline: the re-vote closes and gus is eliminated
    expect(g.state.tallies.at(-1)).toMatchObject({ kind: "revote", result: "gus" });
  });
});
