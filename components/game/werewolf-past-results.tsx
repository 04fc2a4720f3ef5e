"use client";
import type { WerewolfView } from "@/lib/game/werewolf/types";
import { GameContext } from "./game-context";
import { usePastCtx, type PastResultsProps } from "./past-results";
import { Results } from "./results";

/** A past Werewolf game's board (S-END-1): every role, side and the timeline night by night. */
export function WerewolfPastResults({ gameId, view, player }: PastResultsProps) {
  const ctx = usePastCtx<WerewolfView>(view, player);
  return (
    <GameContext.Provider value={{ ...ctx, gameId }}>
      <Results />
    </GameContext.Provider>
  );
}
