// Event construction for one engine step. A step works on a fresh shallow copy of the state (the
// "draft"): rules replace nested objects instead of mutating them, so earlier states stay intact
// without deep-cloning the whole state per action.
import type { Audience, GameEvent, PlayerId } from "../core/types";
import type { RngState } from "../core/rng";
import { cloneState, copyNight } from "./state";
import type { NightState, WerewolfState } from "./types";

export interface Tx {
  s: WerewolfState;
  out: GameEvent[];
  now: number;
  rngOwned: boolean;
  /** The night object this step owns (copied once, on first write), if any. */
  night: NightState | null;
}

export const begin = (state: WerewolfState, now: number): Tx => ({ s: cloneState(state), out: [], now, rngOwned: false, night: null });

/** The step's own copy of the RNG state (copied once, on first use). */
export function rngOf(tx: Tx): RngState {
  if (!tx.rngOwned) {
    tx.s.rng = [...tx.s.rng];
    tx.rngOwned = true;
  }
  return tx.s.rng;
}

/**
 * The step's own copy of the night facts, to write fields of in place (copied once per step: one
 * literal copy instead of a `{ ...spread }` per written field).
 */
export function nightOf(tx: Tx): NightState {
  if (tx.s.night !== tx.night) {
    tx.night = copyNight(tx.s.night);
    tx.s.night = tx.night;
  }
  return tx.night!;
}

export const PUBLIC: Audience = { kind: "public" };
export const WOLVES: Audience = { kind: "team", team: "wolves" };
export const END: Audience = { kind: "end" };
export const toPlayer = (player: PlayerId): Audience => ({ kind: "player", player });

/**
 * Appends an event (built as one literal by the caller: the cheapest shape on this hot path). The
 * step's first event makes a one-element list: most steps emit one, and a push onto an empty list
 * reserves room for seventeen.
 */
export function emit(tx: Tx, e: GameEvent): GameEvent {
  if (tx.out.length === 0) tx.out = [e];
  else tx.out.push(e);
  return e;
}

/**
 * A private fact for the results timeline: readable by nobody until the end (S-END-1). The caller
 * builds the whole event (audience END) as one literal.
 */
export function logEnd(tx: Tx, e: GameEvent): void {
  tx.s.timeline = [...tx.s.timeline, emit(tx, e)];
}
