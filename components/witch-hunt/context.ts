"use client";
import { createContext, useContext } from "react";
import type { WitchHuntView } from "@/lib/game/witch-hunt/types";
import type { PlayerInfo } from "../game/game-context";

/** What every Catch-the-Witch component needs: the view, who is who, and a way to act. */
export interface WhCtx {
  view: WitchHuntView;
  me: string;
  isHost: boolean;
  player: (id: string) => PlayerInfo;
  act: (action: Record<string, unknown> & { type: string }, key: string) => Promise<void>;
}

export const WhContext = createContext<WhCtx | null>(null);

export function useWh(): WhCtx {
  const ctx = useContext(WhContext);
  if (!ctx) throw new Error("WhContext missing");
  return ctx;
}
