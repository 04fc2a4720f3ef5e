// One-off: records game states in the two shapes stored before the one engine (the seat engine's
// standard state and the rules engine's standard and classic state), mid-night and mid-vote, with
// what every seat saw there and the rest of the game played from them (seeded random legal
// actions): tests/stored-states/*.json, read by lib/game/werewolf/stored.test.ts.
import { mkdirSync, writeFileSync } from "node:fs";
import { nextInt, seedRng } from "../lib/game/core/rng";
import type { GameEvent, PlayerId } from "../lib/game/core/types";
import { configSchema } from "../lib/game/werewolf/config";
import { werewolf } from "../lib/game/werewolf/mode";
import { setup } from "../lib/game/werewolf/setup";
import { concretize } from "../lib/game/werewolf/testing";
import type { AnyWerewolfState, LegalAction, WerewolfAction } from "../lib/game/werewolf/types";

type Step = { actor: PlayerId; action: WerewolfAction; now: number; events: GameEvent[] } | { actor: null; now: number; events: GameEvent[] };

const json = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

/** Plays random legal actions from `state` to the end, recording every step and its events. */
function playOut(state: AnyWerewolfState, now: number, seed: number): Step[] {
  const r = seedRng(seed);
  const steps: Step[] = [];
  for (let i = 0; i < 5000 && state.phase !== "ended"; i++) {
    const p = state.players[nextInt(r, state.players.length)];
    const legal = werewolf.legalActions!(state, p) as LegalAction[];
    if (legal.length === 0 || nextInt(r, 3) === 0) {
      now = Math.max(now, state.deadline ?? now);
      const step = werewolf.advance(state, { now });
      steps.push({ actor: null, now, events: json(step.events) });
      state = step.state;
      continue;
    }
    const action = concretize(r, legal[nextInt(r, legal.length)]);
    const res = werewolf.act(state, p, action, { now });
    if (!res.ok) throw new Error(`legal refused ${res.error.code}`);
    steps.push({ actor: p, action, now, events: json(res.value.events) });
    state = res.value.state;
    now += 1000;
    if (state.deadline !== null && now >= state.deadline) now = state.deadline - 1;
  }
  if (state.phase !== "ended") throw new Error("did not end");
  return steps;
}

interface Want {
  name: string;
  seat: boolean;
  options: Record<string, unknown>;
  n: number;
  /** Whether this state is the point to record. */
  at(s: AnyWerewolfState): boolean;
}

const midNight = (s: AnyWerewolfState) => s.phase === "night.main" && s.day >= 2 && s.night.picks.length > 0;
const midVote = (s: AnyWerewolfState) => s.phase === "vote" && ("voted" in s ? s.voted > 0 : s.votes.length > 0);
const CLASSIC = { ruleset: "classic", roles: ["thief", "hunter", "cupid", "witch", "little_girl"], sheriff: true, tieRevote: true };

const WANTS: Want[] = [
  { name: "seat-standard-mid-night", seat: true, options: {}, n: 9, at: midNight },
  { name: "seat-standard-mid-vote", seat: true, options: {}, n: 9, at: midVote },
  { name: "seat-standard-mid-witch", seat: true, options: {}, n: 8, at: (s) => s.phase === "night.witch" },
  { name: "rules-standard-mid-night", seat: false, options: {}, n: 9, at: midNight },
  { name: "rules-standard-mid-vote", seat: false, options: {}, n: 8, at: midVote },
  { name: "rules-classic-mid-night", seat: false, options: CLASSIC, n: 10, at: midNight },
  { name: "rules-classic-mid-vote", seat: false, options: CLASSIC, n: 12, at: midVote },
  { name: "rules-classic-mid-lovers-night", seat: false, options: { ...CLASSIC, sheriff: false }, n: 9, at: (s) => s.phase === "night.witch" && "lovers" in s && s.lovers !== null },
];

/** The first state of a seeded random game that `want.at` picks, JSON round-tripped like a stored one. */
function find(want: Want): { state: AnyWerewolfState; now: number; seed: number } {
  const config = configSchema.parse(want.options);
  const players = Array.from({ length: want.n }, (_, i) => `u${i + 1}`);
  for (let seed = 1; seed < 500; seed++) {
    const start = (want.seat ? werewolf.setup : setup)(config, players, { now: 1_000_000, seed });
    if (!start.ok) throw new Error(start.error.message);
    let state: AnyWerewolfState = json(start.value.state);
    const r = seedRng(seed * 31);
    let now = 1_000_000;
    for (let i = 0; i < 3000 && state.phase !== "ended"; i++) {
      if (want.at(state)) return { state: json(state), now, seed };
      const p = players[nextInt(r, players.length)];
      const legal = (werewolf.legalActions!(state, p) as LegalAction[]).filter((l) => l.type !== "chat" || nextInt(r, 4) === 0);
      if (legal.length === 0 || nextInt(r, 4) === 0) {
        now = Math.max(now, state.deadline ?? now);
        state = json(werewolf.advance(state, { now }).state);
        continue;
      }
      const res = werewolf.act(state, p, concretize(r, legal[nextInt(r, legal.length)]), { now });
      if (res.ok) state = json(res.value.state);
      now += 1000;
      if (state.deadline !== null && now >= state.deadline) now = state.deadline - 1;
    }
  }
  throw new Error(`no state for ${want.name}`);
}

mkdirSync("tests/stored-states", { recursive: true });
for (const want of WANTS) {
  const { state, now, seed } = find(want);
  const views = Object.fromEntries(state.players.map((p) => [p, json(werewolf.viewFor(state, p))]));
  const steps = playOut(json(state), now, seed * 97);
  const shape = "engine" in state ? "seat" : "rules";
  if (shape !== (want.seat ? "seat" : "rules")) throw new Error(`${want.name}: shape ${shape}`);
  writeFileSync(`tests/stored-states/${want.name}.json`, JSON.stringify({ name: want.name, shape, now, state, views, steps }) + "\n");
  console.log(want.name, state.phase, `day ${state.day}`, `${steps.length} steps to the end`);
}
