"use client";
import type { WitchHuntView } from "@/lib/game/witch-hunt/types";
import { modeContext, type ModeCtx } from "../game/mode-context";

/** What every Catch-the-Witch component needs: the view, who is who, and a way to act. */
export type WhCtx = ModeCtx<WitchHuntView>;

const wh = modeContext<WitchHuntView>("WhContext");
export const WhContext = wh.Context;
export const useWh = wh.use;
