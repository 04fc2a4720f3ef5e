// A whole game played by bots from their own views (simulator, tests), through the shared loop
// (core/bot-loop.ts: seat order, each seat once a round, time jumps when nobody acts).
import { runBots } from "../core/bot-loop";
import { seedRng } from "../core/rng";
import type { GameEvent, PlayerId } from "../core/types";
import { botAction } from "./bot";
import { legalFor } from "./legal";
import { witchHunt } from "./mode";
import type { WitchHuntState, Winner } from "./types";

export interface BotGameResult {
  winner: Winner | null;
  reason: string | null;
  day: number;
  score: number;
  refused: number;
  state: WitchHuntState;
}

/** A bound on rounds, so a bug shows as an unfinished game rather than a hang. */
const MAX_ROUNDS = 5000;
const EPOCH = Date.UTC(2025, 0, 1);

export function playBotGame(count: number, seed: number, timed = false, onEvents?: (events: GameEvent[]) => void): BotGameResult {
  const players: PlayerId[] = Array.from({ length: count }, (_, i) => `p${i + 1}`);
  const start = witchHunt.setup({ timed, timeScale: 1 }, players, { now: EPOCH, seed });
  if (!start.ok) throw new Error(start.error.message);
  const rng = seedRng((seed ^ 0xb07b07) >>> 0);
  const { state, refused } = runBots({ mode: witchHunt, legal: legalFor, decide: (v, l) => botAction(v, l, rng), maxRounds: MAX_ROUNDS, onEvents }, players, start.value, EPOCH);
  const score = state.players.filter((p) => state.form[p] === "frog").length;
  return { winner: state.winner, reason: state.endReason, day: state.day, score, refused, state };
}
