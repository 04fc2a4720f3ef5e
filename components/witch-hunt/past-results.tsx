"use client";
import type { WitchHuntView } from "@/lib/game/witch-hunt/types";
import { usePastCtx, type PastResultsProps } from "../game/past-results";
import { WhContext } from "./context";
import { WhResults } from "./results";

/** A past Catch-the-Witch game's board (WH-R13): winner, score, every role, each day's record. */
export function WhPastResults({ view, player }: PastResultsProps) {
  return (
    <WhContext.Provider value={usePastCtx<WitchHuntView>(view, player)}>
      <WhResults />
    </WhContext.Provider>
  );
}
