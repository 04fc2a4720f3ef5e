import type { RngState } from "./rng";
import type { GameEvent, GameStatus, PlayerId } from "./types";

/**
 * The fields every table engine's state begins and ends with (card-werewolf, witch-hunt): the
 * seats, the seeded RNG, the step and its deadline, the outcome, the chat meter and the log.
 */
export interface TableState<Config, Role extends string, Phase extends string, Winner extends string> {
  config: Config;
  players: PlayerId[];
  roles: Record<PlayerId, Role>;
  rng: RngState;
  phase: Phase;
  day: number;
  deadline: number | null;
  winner: Winner | null;
  endReason: string | null;
  /** Each seat's recent chat send times (the rate limit, core/chat.ts). */
  chatTimes: Record<PlayerId, number[]>;
  /** Every event so far: a view is their fold (GameMode.viewFor). */
  log: GameEvent[];
}

/** `GameMode.status` of any engine whose state names its step "ended" once the game is over. */
export function statusOf(s: { phase: string; day: number; deadline: number | null; winner: string | null }): GameStatus {
  return { phase: s.phase, day: s.day, deadline: s.deadline, ended: s.phase === "ended", winner: s.winner };
}
