"use client";
import { createContext, useContext } from "react";
import type { WerewolfView } from "@/lib/game/werewolf/types";

export interface PlayerInfo {
  name: string;
  appearance: string | null;
  /** Stable fallback for the avatar when the appearance is not one of ours. */
  seed: string;
  /** Played by the server's bot (public, shown on every seat). */
  isBot: boolean;
  /** Attendance from the room read (docs/robustness.md); shown to the host only. */
  absent: boolean;
  missedTurns: number;
  offline: boolean;
}

/** What every game component needs: the view, who is who, and a way to act. */
export interface GameCtx {
  view: WerewolfView;
  gameId: string;
  me: string;
  isHost: boolean;
  player: (id: string) => PlayerInfo;
  /** Sends one action (with a fresh idempotency key) and refreshes the view. */
  act: (action: Record<string, unknown> & { type: string }, key: string) => Promise<void>;
}

export const GameContext = createContext<GameCtx | null>(null);

export function useGameCtx(): GameCtx {
  const ctx = useContext(GameContext);
  if (!ctx) throw new Error("GameContext missing");
  return ctx;
}
