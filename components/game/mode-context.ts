"use client";
import { createContext, useContext, type Context } from "react";
import type { PlayerInfo } from "./game-context";

/** What every component of a mode's game screen needs: the view, who is who, and a way to act. */
export interface ModeCtx<V> {
  view: V;
  me: string;
  isHost: boolean;
  player: (id: string) => PlayerInfo;
  act: (action: Record<string, unknown> & { type: string }, key: string) => Promise<void>;
}

/** A mode's context and its hook (the hook throws outside the provider: a wiring mistake). */
export function modeContext<V>(name: string): { Context: Context<ModeCtx<V> | null>; use: () => ModeCtx<V> } {
  const Ctx = createContext<ModeCtx<V> | null>(null);
  Ctx.displayName = name;
  return {
    Context: Ctx,
    use: () => {
      const ctx = useContext(Ctx);
      if (!ctx) throw new Error(`${name} missing`);
      return ctx;
    },
  };
}
