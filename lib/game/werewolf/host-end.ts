// The host ends a running game (issue 22 item 7): no winner, every role revealed by the one public
// `game_end` event every game ends with, which names the host (`endedBy`).
import type { Ctx, Result, Step } from "../core/types";
import { err, ok } from "../core/types";
import { begin } from "./events";
import { endGame } from "./phase";
import type { WerewolfState } from "./types";

export function endByHost(state: WerewolfState, ctx: Ctx): Result<Step<WerewolfState>> {
  if (state.phase === "ended") return err("GAME_ENDED", "The game is over.");
  const host = ctx.hostId;
  if (host === undefined) return err("NOT_HOST", "Only the host can end the game.");
  const tx = begin(state, ctx.now);
  endGame(tx, null, host);
  return ok({ state: tx.s, events: tx.out });
}
