// One engine step: a private copy of the state, the events it emits, and the audiences they go to.
// The copy is one level deep: the records rules write into by key are copied, every list a rule
// changes is replaced, never written into; the event log only grows (a new list per step).
import type { Audience, GameEvent, PlayerId } from "../core/types";
import type { WitchHuntState } from "./types";

export interface Tx {
  s: WitchHuntState;
  out: GameEvent[];
  now: number;
  /**
   * Runs after every phase entry: the Absent defaults (WH-P12, absent.ts), handed in by whoever
   * drives the step, so phase.ts does not import the steps those defaults play (no import circle).
   */
  entered: (tx: Tx) => void;
}

/** The state's fields, with the by-key records and the RNG (advanced in place) copied. */
function cloneState(s: WitchHuntState): WitchHuntState {
  return {
    ...s,
    rng: [...s.rng],
    form: { ...s.form },
    hands: { ...s.hands },
    picks: { ...s.picks },
    witchAt: { ...s.witchAt },
    yesno: { ...s.yesno },
    puts: { ...s.puts },
    votes: { ...s.votes },
  };
}

export const begin = (state: WitchHuntState, now: number, entered: Tx["entered"]): Tx => ({ s: cloneState(state), out: [], now, entered });

/** The step's new state, its log extended by the step's events. */
export function finish(tx: Tx): WitchHuntState {
  tx.s.log = tx.out.length === 0 ? tx.s.log : tx.s.log.concat(tx.out);
  return tx.s;
}

export const PUBLIC: Audience = { kind: "public" };
export const END: Audience = { kind: "end" };
/** WH-P5/WH-P6: witches and the Crow (who the witches are). */
export const WITCHES: Audience = { kind: "team", team: "witches" };
/** The witches only: their 15 s dialog and spells (WH-R22, WH-R41). */
export const COVEN: Audience = { kind: "team", team: "coven" };
export const toPlayer = (player: PlayerId): Audience => ({ kind: "player", player });

export function emit(tx: Tx, type: string, audience: Audience, fields: Record<string, unknown> = {}): void {
  tx.out.push({ type, audience, at: tx.now, ...fields });
}
