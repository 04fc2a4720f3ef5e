// The host ends a running game (issue 22 item 7): no winner, every role revealed by the one public
// `game_end` event every game ends with, which names the host (`endedBy`).
import type { Ctx, Result, Step } from "../core/types";
import { err, ok } from "../core/types";
import { begin } from "./events";
import { endGame } from "./flow";
import { endGame as endSeatGame, eventsOf, txOf } from "./seat/flow";
import { isSeatState } from "./seat/types";
import type { AnyWerewolfState } from "./types";

export function endByHost(state: AnyWerewolfState, ctx: Ctx): Result<Step<AnyWerewolfState>> {
  if (state.phase === "ended") return err("GAME_ENDED", "The game is over.");
  const host = ctx.hostId;
  if (host === undefined) return err("NOT_HOST", "Only the host can end the game.");
  if (isSeatState(state)) {
    const tx = txOf(state, ctx.now);
    endSeatGame(tx, null, host);
    state.steps++;
    return ok({ state, events: eventsOf(tx) });
  }
  const tx = begin(state, ctx.now);
  endGame(tx, null, host);
  return ok({ state: tx.s, events: tx.out });
}
