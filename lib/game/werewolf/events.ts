// Event construction for one engine step. A step works on a fresh shallow copy of the state (the
// "draft"): rules replace nested objects instead of mutating them, so earlier states stay intact
// without deep-cloning the whole state per action.
import type { Audience, GameEvent, PlayerId } from "../core/types";
import type { RngState } from "../core/rng";
import { cloneState } from "./state";
import type { WerewolfState } from "./types";

export interface Tx {
  s: WerewolfState;
  out: GameEvent[];
  now: number;
  rngOwned: boolean;
}

export const begin = (state: WerewolfState, now: number): Tx => ({ s: cloneState(state), out: [], now, rngOwned: false });

/** The step's own copy of the RNG state (copied once, on first use). */
export function rngOf(tx: Tx): RngState {
  if (!tx.rngOwned) {
    tx.s.rng = [...tx.s.rng];
    tx.rngOwned = true;
  }
  return tx.s.rng;
}

export const PUBLIC: Audience = { kind: "public" };
export const WOLVES: Audience = { kind: "team", team: "wolves" };
export const END: Audience = { kind: "end" };
export const toPlayer = (player: PlayerId): Audience => ({ kind: "player", player });

/** Appends an event (built as one literal by the caller: the cheapest shape on this hot path). */
export function emit(tx: Tx, e: GameEvent): GameEvent {
  tx.out.push(e);
  return e;
}

/** A private fact for the results timeline: readable by nobody until the end (S-END-1). */
export function logEnd(tx: Tx, type: string, fields: Record<string, unknown>): void {
  tx.s.timeline = [...tx.s.timeline, emit(tx, { type, audience: END, at: tx.now, ...fields })];
}
