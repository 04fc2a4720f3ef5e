// The clock's step: a phase ends at its deadline (S-FLOW-1/2; earlier once every actor is done, act.ts).
import type { Ctx, Step } from "../core/types";
import { isDue } from "../core/timing";
import { begin } from "./events";
import { endPhase } from "./flow";
import type { WerewolfState } from "./types";

export function advance(state: WerewolfState, ctx: Ctx): Step<WerewolfState> {
  if (state.phase === "ended" || !isDue(state.deadline, ctx.now)) return { state, events: [] };
  const tx = begin(state, ctx.now);
  endPhase(tx);
  return { state: tx.s, events: tx.out };
}
