"use client";
import { useMemo } from "react";
import { useCountdown, useDeadlineTick } from "@/lib/client/use-countdown";
import type { GameScreenProps } from "../modes";
import type { ModeCtx } from "./mode-context";
import { actionSender, playerLookup } from "./player-info";
import { useResultsAtTop } from "./use-results-at-top";
import { useTurnCue } from "./use-turn-alert";

/**
 * What every mode's game screen sets up: the step's countdown (null once ended, for the banner; the
 * tick at its deadline), the turn alert (`cue`, `turn`: useTurnCue), the results scrolled to the
 * top at the end, and the context its components read; whether the game has ended and whether the
 * reader only watches.
 */
export function useModeScreen<V extends { me: string; deadline: number | null; phase: string; players: string[] }>(
  { gameId, view, members, clock, refresh, isHost }: GameScreenProps & { view: V },
  cue: string | null,
  turn: boolean,
): { left: number | null; ctx: ModeCtx<V>; ended: boolean; watching: boolean } {
  const ended = view.phase === "ended";
  const left = useCountdown(view.deadline, clock);
  useDeadlineTick(gameId, view.deadline, left, ended, refresh);
  useResultsAtTop(ended);
  const ctx = useMemo<ModeCtx<V>>(() => ({ view, me: view.me, isHost, player: playerLookup(members), act: actionSender(gameId, refresh) }), [view, gameId, members, refresh, isHost]);
  useTurnCue(cue, turn);
  return { left: ended ? null : left, ctx, ended, watching: !view.players.includes(view.me) };
}
