"use client";
import type { CardWerewolfView } from "@/lib/game/card-werewolf/types";
import { modeContext, type ModeCtx } from "../game/mode-context";

/** What every card-game component needs: the view, who is who, and a way to act. */
export type CwCtx = ModeCtx<CardWerewolfView>;

const cw = modeContext<CardWerewolfView>("CwContext");
export const CwContext = cw.Context;
export const useCw = cw.use;
