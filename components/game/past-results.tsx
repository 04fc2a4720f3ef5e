"use client";
import { useMemo, type ComponentType, type Context } from "react";
import type { PlayerInfo } from "./game-context";
import type { ModeCtx } from "./mode-context";

/** What a mode's results need on a past game's page (`/g/<id>`): the folded view and who is who. */
export interface PastResultsProps {
  gameId: string;
  view: unknown;
  player: (id: string) => PlayerInfo;
}

const noActions = () => Promise.reject(new Error("A past game takes no actions."));

/** A mode's context for its results board on a past game's page: nobody hosts, nothing can be sent. */
export function usePastCtx<V extends { me: string }>(view: unknown, player: (id: string) => PlayerInfo): ModeCtx<V> {
  return useMemo(() => ({ view: view as V, me: (view as V).me, isHost: false, player, act: noActions }), [view, player]);
}

/** A mode's past-results board: its results component inside its context, built for a past game. */
export function pastResultsOf<V extends { me: string }>(Ctx: Context<ModeCtx<V> | null>, Results: ComponentType): ComponentType<PastResultsProps> {
  return function PastResults({ view, player }: PastResultsProps) {
    return (
      <Ctx.Provider value={usePastCtx<V>(view, player)}>
        <Results />
      </Ctx.Provider>
    );
  };
}
