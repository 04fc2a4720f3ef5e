// The engine's game corpus (P-5): thousands of seeded games whose observable behaviour — events
// with their audiences, refusals with their codes and messages, every seat's view and legal list
// at each phase change, the seats and the final status — is hashed by group of 100 games and
// compared with `engine-corpus.digests.json` by `engine-corpus.test.ts`.
//
// What it is for: a change meant to keep the rules as they are (a faster engine, docs/performance.md)
// must play every game of the corpus exactly as before, and this says so in a few seconds. A change
// meant to alter play (a rule fix, a bot heuristic) changes digests: look at why, then re-record:
//   npx tsx scripts/engine-corpus.ts --update
// `--explain GROUP CHUNK` prints one digest per game of that chunk, to diff against another commit.
// The engine's state is not hashed, only what leaves the mode's interface: a different state
// representation that behaves the same keeps every digest.
import { createHash, type Hash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import { nextInt, seedRng } from "../lib/game/core/rng";
import type { GameEvent, PlayerId } from "../lib/game/core/types";
import { OPTIONAL_ROLES, configSchema } from "../lib/game/werewolf/config";
import { werewolf } from "../lib/game/werewolf/mode";
import { seatNames } from "../lib/game/werewolf/random-setups";
import { someAction } from "../lib/game/werewolf/testing";
import type { LegalAction, WerewolfConfig, WerewolfState, WerewolfView } from "../lib/game/werewolf/types";
import { playBotGame } from "./bot-game";

export const DIGESTS_FILE = fileURLToPath(new URL("engine-corpus.digests.json", import.meta.url));
const CHUNK = 100;

/** JSON with object keys sorted: the digest must not depend on the order a literal was written in. */
function canonical(x: unknown): string {
  if (x === null || typeof x !== "object") return JSON.stringify(x) ?? "null";
  let out: string;
  if (Array.isArray(x)) {
    out = "[";
    for (let i = 0; i < x.length; i++) out += (i > 0 ? "," : "") + canonical(x[i]);
    return out + "]";
  }
  const o = x as Record<string, unknown>;
  const keys = Object.keys(o).sort();
  out = "{";
  let first = true;
  for (const k of keys) {
    if (o[k] === undefined) continue;
    out += (first ? "" : ",") + JSON.stringify(k) + ":" + canonical(o[k]);
    first = false;
  }
  return out + "}";
}

function setupOf(options: Record<string, unknown>): WerewolfConfig {
  const c = configSchema.safeParse(options);
  if (!c.success) throw new Error(`corpus config refused: ${c.error.message}`);
  return c.data;
}

/** A classic setup drawn from the seed: 8–18 seats, any optional roles, each house rule on or off. */
function classicOptions(seed: number): { n: number; options: Record<string, unknown> } {
  const r = seedRng(seed ^ 0x5bd1e995);
  return {
    n: 8 + nextInt(r, 11),
    options: {
      ruleset: "classic",
      roles: OPTIONAL_ROLES.filter(() => nextInt(r, 2) === 1),
      sheriff: nextInt(r, 2) === 1,
      tieRevote: nextInt(r, 2) === 1,
      endAtParity: nextInt(r, 2) === 1,
    },
  };
}

/** What every seat sees now: its view, legal list included. */
function writeViews(h: Hash, s: WerewolfState): void {
  for (const p of s.players) h.update(canonical(werewolf.viewFor(s, p)));
}

const briefView = (v: WerewolfView) => ({ ...v, chat: v.chat.length, deaths: v.deaths.length, tallies: v.tallies.length, timeline: v.timeline.length });

/**
 * The events, and at each phase change one seat's view, a different seat each time, with the lists
 * that only grow from events (chat, deaths, tallies, timeline) by their length: hashing every seat's whole
 * view at every change made the corpus ten times slower, and the P-2 property tests already prove
 * each view equals the fold of its seat's events.
 */
function writeEvents(h: Hash, events: readonly GameEvent[], s: WerewolfState): void {
  h.update(canonical(events));
  for (const e of events)
    if (e.type === "phase") {
      h.update(canonical(briefView(werewolf.viewFor(s, s.players[(s.day * 7 + events.length) % s.players.length]))));
      return;
    }
}

/** The end: status, seats, and every seat's view (its shared lists, the same for all, once). */
function writeEnd(h: Hash, s: WerewolfState): void {
  h.update(canonical(werewolf.status(s)));
  h.update(canonical(werewolf.seats(s)));
  h.update(canonical(werewolf.viewFor(s, s.players[0])));
  for (const p of s.players) h.update(canonical(briefView(werewolf.viewFor(s, p))));
}

/** A bot game (scripts/bot-game.ts): what the simulator and the benchmark play. */
function botGame(config: WerewolfConfig, players: PlayerId[], seed: number): string {
  const h = createHash("sha256");
  const start = werewolf.setup(config, players, { now: 0, seed });
  if (!start.ok) throw new Error(start.error.message);
  h.update(canonical(start.value.events));
  writeViews(h, start.value.state);
  const end = playBotGame(config, players, seed, (step) => {
    h.update(canonical([step.actor, step.action, step.refusal]));
    writeEvents(h, step.events, step.state);
  }).state;
  writeEnd(h, end);
  return h.digest("hex");
}

/** Random actions, legal and not, from random seats at random times, and deadlines that run out. */
function randomGame(config: WerewolfConfig, players: PlayerId[], seed: number): string {
  const h = createHash("sha256");
  const start = werewolf.setup(config, players, { now: 0, seed });
  if (!start.ok) throw new Error(start.error.message);
  let s = start.value.state;
  h.update(canonical(start.value.events));
  writeViews(h, s);
  const r = seedRng(seed ^ 0x27d4eb2f);
  let now = 0;
  for (let i = 0; i < 3000 && s.phase !== "ended"; i++) {
    if (nextInt(r, 5) === 0) {
      now = Math.max(now, s.deadline ?? now);
      const step = werewolf.advance(s, { now });
      s = step.state;
      writeEvents(h, step.events, s);
      continue;
    }
    const p = players[nextInt(r, players.length)];
    const action = someAction(r, werewolf.legalActions!(s, p) as LegalAction[], players);
    const res = werewolf.act(s, p, action as never, { now });
    h.update(canonical([p, action, res.ok ? null : res.error]));
    if (res.ok) {
      s = res.value.state;
      writeEvents(h, res.value.events, s);
    }
    now += nextInt(r, 4000);
  }
  writeEnd(h, s);
  return h.digest("hex");
}

/** The corpus: each group a list of games, each game a seed → digest. */
export const GROUPS: Record<string, { games: number; play: (seed: number) => string }> = {
  "bots standard 9": { games: 500, play: (seed) => botGame(setupOf({}), seatNames(9), seed) },
  "bots standard 8": { games: 300, play: (seed) => botGame(setupOf({}), seatNames(8), seed) },
  "bots classic": {
    games: 500,
    play: (seed) => {
      const { n, options } = classicOptions(seed);
      return botGame(setupOf(options), seatNames(n), seed);
    },
  },
  "random standard": { games: 300, play: (seed) => randomGame(setupOf({}), seatNames(8 + (seed % 2)), seed) },
  "random classic": {
    games: 300,
    play: (seed) => {
      const { n, options } = classicOptions(seed);
      return randomGame(setupOf(options), seatNames(n), seed);
    },
  },
};

/** Digest of one chunk: games CHUNK·i … CHUNK·(i+1)−1 of the group (seeds from 1). */
export function chunkDigests(group: string, chunk: number): string[] {
  const g = GROUPS[group];
  const out: string[] = [];
  for (let k = chunk * CHUNK; k < Math.min(g.games, (chunk + 1) * CHUNK); k++) out.push(g.play(k + 1));
  return out;
}

export type Digests = Record<string, string[]>;

/** Every group's chunk digests. */
export function corpusDigests(): Digests {
  const out: Digests = {};
  for (const [name, g] of Object.entries(GROUPS)) {
    out[name] = [];
    for (let c = 0; c * CHUNK < g.games; c++) out[name].push(createHash("sha256").update(chunkDigests(name, c).join("\n")).digest("hex"));
  }
  return out;
}

export const recordedDigests = (): Digests => JSON.parse(readFileSync(DIGESTS_FILE, "utf8")) as Digests;

function main() {
  const args = process.argv.slice(2);
  if (args[0] === "--explain") {
    const [group, chunk] = [args[1], Number(args[2])];
    if (!GROUPS[group] || !Number.isInteger(chunk)) throw new Error(`--explain GROUP CHUNK; groups: ${Object.keys(GROUPS).join(", ")}`);
    chunkDigests(group, chunk).forEach((d, i) => console.log(`seed ${chunk * CHUNK + i + 1} ${d}`));
    return;
  }
  const t0 = performance.now();
  const digests = corpusDigests();
  const ms = performance.now() - t0;
  if (args[0] === "--update") {
    writeFileSync(DIGESTS_FILE, `${JSON.stringify(digests, null, 2)}\n`);
    console.log(`recorded ${DIGESTS_FILE} (${Math.round(ms)} ms)`);
    return;
  }
  const recorded = recordedDigests();
  let same = true;
  for (const [name, list] of Object.entries(digests))
    list.forEach((d, c) => {
      if (recorded[name]?.[c] !== d) {
        same = false;
        console.log(`${name}, chunk ${c} (seeds ${c * CHUNK + 1}–${(c + 1) * CHUNK}): differs`);
      }
    });
  console.log(same ? `every game plays as recorded (${Math.round(ms)} ms)` : "the corpus differs from the recording");
  process.exitCode = same ? 0 : 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
