// A whole Werewolf card game played by bots from their own views (simulator, tests).
import { runBots } from "../core/bot-loop";
import { seedRng } from "../core/rng";
import type { GameEvent, PlayerId } from "../core/types";
import { botAction } from "./bot";
import { legalFor } from "./legal";
import { cardWerewolf } from "./mode";
import type { CardWerewolfConfig, CardWerewolfState, Winner } from "./types";

export interface BotGameResult {
  winner: Winner | null;
  reason: string | null;
  day: number;
  refused: number;
  state: CardWerewolfState;
}

const EPOCH = Date.UTC(2025, 0, 1);

export function playBotGame(count: number, seed: number, config: Omit<CardWerewolfConfig, "timeScale">, onEvents?: (events: GameEvent[]) => void): BotGameResult {
  const players: PlayerId[] = Array.from({ length: count }, (_, i) => `p${i + 1}`);
  const start = cardWerewolf.setup({ ...config, timeScale: 1 }, players, { now: EPOCH, seed });
  if (!start.ok) throw new Error(start.error.message);
  const rng = seedRng((seed ^ 0xb07b07) >>> 0);
  const { state, refused } = runBots(
    { mode: cardWerewolf, legal: legalFor, decide: (v, l) => botAction(v, l, rng), maxRounds: 5000, onEvents },
    players,
    start.value,
    EPOCH,
  );
  return { winner: state.winner, reason: state.endReason, day: state.day, refused, state };
}
