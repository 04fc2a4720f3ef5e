"use client";
import { useMemo } from "react";
import { useCountdown, useDeadlineTick } from "@/lib/client/use-countdown";
import type { GameScreenProps } from "../modes";
import type { ModeCtx } from "./mode-context";
import { actionSender, playerLookup } from "./player-info";
import { useResultsAtTop } from "./use-results-at-top";

/**
 * What every mode's game screen sets up: the step's countdown (and the tick at its deadline), the
 * results scrolled to the top at the end, and the context its components read.
 */
export function useModeScreen<V extends { me: string; deadline: number | null }>({ gameId, view, members, clock, refresh, isHost }: GameScreenProps & { view: V }, ended: boolean): { left: number | null; ctx: ModeCtx<V> } {
  const left = useCountdown(view.deadline, clock);
  useDeadlineTick(gameId, view.deadline, left, ended, refresh);
  useResultsAtTop(ended);
  const ctx = useMemo<ModeCtx<V>>(() => ({ view, me: view.me, isHost, player: playerLookup(members), act: actionSender(gameId, refresh) }), [view, gameId, members, refresh, isHost]);
  return { left, ctx };
}
