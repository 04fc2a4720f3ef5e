// Brings a state up to `now`: `mode.advance` until nothing is due (several phases may have passed
// while nobody was connected). Pure, so the action path and advanceDue share it.
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
    const step = mode.advance(current, { now });
    const unchanged = step.state === current || (step.events.length === 0 && sameStatus(before, mode.status(step.state)));
    current = step.state;
    events.push(...step.events);
    if (unchanged) break;
  }
  return { state: current, events };
}
