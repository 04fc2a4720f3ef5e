// Brings a state up to `now`: `mode.advance` until nothing is due (several phases may have passed
// while nobody was connected). Pure, so the action path and advanceDue share it.
//
// Each phase ends at its own deadline — the engine advances with `ctx.now` = that deadline, not
// with `now`: an action that arrives after a deadline (a wolf's bite, unseen by the village)
// catches the game up first, and the public phase event's time and the next deadline must not
// carry that hidden action's arrival time (issue 28 item 5, docs/security.md). Whoever triggers
// the catch-up — the scheduler, a tick, any action — the public result is the same. A server
// that was down for longer than a phase plays the missed phases out in order, as their timers say.
import type { GameEvent, GameStatus } from "../../game/core/types";
import type { AnyMode } from "./mode";

const MAX_STEPS = 200;

const sameStatus = (a: GameStatus, b: GameStatus) =>
  a.phase === b.phase && a.day === b.day && a.deadline === b.deadline && a.ended === b.ended && a.winner === b.winner;

export function catchUp(mode: AnyMode, state: unknown, now: number): { state: unknown; events: GameEvent[] } {
  const events: GameEvent[] = [];
  let current = state;
  for (let i = 0; i < MAX_STEPS; i++) {
    const before = mode.status(current);
    if (before.ended || before.deadline === null || now < before.deadline) break;
    const step = mode.advance(current, { now: before.deadline });
    const unchanged = step.state === current || (step.events.length === 0 && sameStatus(before, mode.status(step.state)));
    current = step.state;
    events.push(...step.events);
    if (unchanged) break;
  }
  return { state: current, events };
}
