// The audiences every mode addresses and the one way an engine step records an event, shared so a
// mode's step (its own state copy) only adds what is its own.
import type { Audience, GameEvent, PlayerId } from "./types";

export const PUBLIC: Audience = { kind: "public" };
export const END: Audience = { kind: "end" };
export const toPlayer = (player: PlayerId): Audience => ({ kind: "player", player });

/** Appends one event, stamped with the step's time, to the step's output. */
export function record(out: GameEvent[], now: number, type: string, audience: Audience, fields: Record<string, unknown> = {}): void {
  out.push({ type, audience, at: now, ...fields });
}
