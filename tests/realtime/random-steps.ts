// Random games of every mode as the server would write them, played in memory first: the setup
// step and then each accepted action, advance or host end (state and events). The engines are
// pure and seeded, so a game is replayed exactly from its spec (mode, seat count, options, seed):
// the seat ids are derived from the spec, never random, so a failing seed reproduces.
import { createHash } from "node:crypto";
import type { GameEvent, PlayerId } from "@/lib/game/core/types";
import { nextInt, seedRng } from "@/lib/game/core/rng";
import { randomMove as cardMove } from "@/lib/game/card-werewolf/random-play";
import type { AngelKind, CardWerewolfState } from "@/lib/game/card-werewolf/types";
import { OPTIONAL_ROLES, configSchema } from "@/lib/game/werewolf/config";
import { werewolf } from "@/lib/game/werewolf/mode";
import { randomGame, type TestGame } from "@/lib/game/werewolf/testing";
import { randomMove as witchMove } from "@/lib/game/witch-hunt/random-play";
import type { WitchHuntState } from "@/lib/game/witch-hunt/types";
import { modes } from "@/lib/game/modes";

export type ModeId = "werewolf" | "witch-hunt" | "card-werewolf";

export interface GameSpec {
  mode: ModeId;
  /** Werewolf's ruleset, or the mode's id. */
  ruleset: string;
  n: number;
  seed: number;
  /** The first seat is the room's host. */
  players: PlayerId[];
  config: unknown;
  /** After this many engine moves the host ends the game (when it is still running). */
  hostEndAfter: number | null;
}

export interface EngineStep {
  state: unknown;
  events: GameEvent[];
}

export interface PlayedGame {
  spec: GameSpec;
  /** steps[0] is the setup (written by the game's start), the others each one later write. */
  steps: EngineStep[];
}

const EPOCH = Date.UTC(2026, 0, 1);

/** A v4-shaped uuid from a name: `player:` audiences hold uuids (the SQL casts them). */
export function uuidOf(name: string): string {
  const h = createHash("sha256").update(name).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const seatIds = (label: string, n: number, seed: number) => Array.from({ length: n }, (_, i) => uuidOf(`${label}/${seed}/${i}`));

/** A werewolf game driven by the property tests' player (`randomGame`), cut short by the host one time in eight. */
export function playWerewolf(ruleset: "standard" | "classic", seed: number): PlayedGame {
  const r = seedRng(seed ^ 0x2545f491);
  const n = ruleset === "standard" ? 8 + nextInt(r, 2) : 8 + nextInt(r, 11);
  const options =
    ruleset === "standard"
      ? {}
      : {
          ruleset,
          // The Thief half the time: C-THIEF-1 is the case of a seat joining a team mid-game.
          roles: OPTIONAL_ROLES.filter((role) => nextInt(r, 2) === 0 || (role === "thief" && seed % 2 === 0)),
          sheriff: nextInt(r, 2) === 0,
          tieRevote: nextInt(r, 2) === 0,
          endAtParity: nextInt(r, 2) === 0,
        };
  const config = configSchema.parse(options);
  const players = seatIds(`werewolf-${ruleset}`, n, seed);
  const hostEndAfter = nextInt(r, 8) === 0 ? 20 + nextInt(r, 200) : null;
  const spec: GameSpec = { mode: "werewolf", ruleset, n, seed, players, config, hostEndAfter };
  const start = werewolf.setup(config, players, { now: EPOCH, seed });
  if (!start.ok) throw new Error(`setup refused ${JSON.stringify(spec)}: ${start.error.message}`);
  const steps: EngineStep[] = [{ state: start.value.state, events: start.value.events }];
  const g: TestGame = { state: start.value.state, events: [...start.value.events], now: EPOCH, players };
  let seen = g.events.length;
  let last = g.state;
  randomGame(
    g,
    seed,
    (game) => {
      if (game.state === last && game.events.length === seen) return;
      steps.push({ state: game.state, events: game.events.slice(seen) });
      [seen, last] = [game.events.length, game.state];
    },
    hostEndAfter ?? undefined,
  );
  if (g.state.phase !== "ended") {
    const end = werewolf.endByHost!(g.state, { now: g.now, hostId: players[0] });
    if (!end.ok) throw new Error(`host end refused: ${end.error.message}`);
    steps.push({ state: end.value.state, events: end.value.events });
  }
  return { spec, steps };
}

type Move = { kind: "act"; player: PlayerId; action: { type: string } } | { kind: "absent"; player: PlayerId } | { kind: "advance" };

/** A Catch the Witch or card-werewolf game driven by its property test's random player (`randomMove`). */
function playOther(id: "witch-hunt" | "card-werewolf", seed: number): PlayedGame {
  const r = seedRng(seed ^ 0x3c6ef372);
  const n = id === "witch-hunt" ? 4 + nextInt(r, 9) : 6 + nextInt(r, 7);
  const angels: AngelKind[] = ["none", "basic", "powerful"];
  const config =
    id === "witch-hunt"
      ? { timed: nextInt(r, 2) === 0, timeScale: 1 }
      : n < 7
        ? { angel: "none", traitor: false, timeScale: 1 }
        : { angel: angels[nextInt(r, 3)], traitor: nextInt(r, 2) === 0, timeScale: 1 };
  const players = seatIds(id, n, seed);
  const hostEndAfter = nextInt(r, 8) === 0 ? 20 + nextInt(r, 200) : null;
  const spec: GameSpec = { mode: id, ruleset: id, n, seed, players, config, hostEndAfter };
  const host = players[0];
  const rng = seedRng(seed ^ 0x5eed);
  const mode = modes[id];
  const randomMove = (s: unknown): Move => (id === "witch-hunt" ? witchMove(rng, s as WitchHuntState) : cardMove(rng, s as CardWerewolfState));
  let now = EPOCH;
  const start = mode.setup(config, players, { now, seed });
  if (!start.ok) throw new Error(`setup refused ${JSON.stringify(spec)}: ${start.error.message}`);
  const steps: EngineStep[] = [start.value];
  let s = start.value.state;
  for (let moves = 0; moves < 20_000 && !mode.status(s).ended; moves++) {
    if (hostEndAfter !== null && moves >= hostEndAfter) {
      const end = mode.endByHost!(s, { now, hostId: host });
      if (!end.ok) throw new Error(`host end refused: ${end.error.message}`);
      steps.push(end.value);
      s = end.value.state;
      break;
    }
    const m = randomMove(s);
    if (m.kind === "advance") {
      const deadline = mode.status(s).deadline;
      if (deadline === null) throw new Error(`stuck ${JSON.stringify(spec)}`);
      now = Math.max(now, deadline);
      const step = mode.advance(s, { now, hostId: host });
      if (step.state !== s || step.events.length > 0) steps.push(step);
      s = step.state;
      continue;
    }
    const [actor, action]: [PlayerId, { type: string }] = m.kind === "absent" ? [host, { type: "mark_absent", player: m.player } as { type: string }] : [m.player, m.action];
    const res = mode.act(s, actor, action, { now, hostId: host });
    if (!res.ok) continue;
    steps.push(res.value);
    s = res.value.state;
  }
  if (!mode.status(s).ended) throw new Error(`game did not end ${JSON.stringify(spec)}`);
  return { spec, steps };
}

export const playWitchHunt = (seed: number) => playOther("witch-hunt", seed);
export const playCardWerewolf = (seed: number) => playOther("card-werewolf", seed);
