"use client";
import type { CardWerewolfView } from "@/lib/game/card-werewolf/types";
import { usePastCtx, type PastResultsProps } from "../game/past-results";
import { CwContext } from "./context";
import { CwResults } from "./results";

/** A past card game's board (CW-R24): winner, every role, the GM, each Night's result. */
export function CwPastResults({ view, player }: PastResultsProps) {
  return (
    <CwContext.Provider value={usePastCtx<CardWerewolfView>(view, player)}>
      <CwResults />
    </CwContext.Provider>
  );
}
