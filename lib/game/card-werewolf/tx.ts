// One engine step: a private copy of the state and the events it emits. The copy is one level
// deep: records rules write into by key are copied, every list a rule changes is replaced, never
// written into; the event log only grows (a new list per step).
import { record } from "../core/audiences";
import type { Audience, GameEvent } from "../core/types";
import type { CardWerewolfState } from "./types";

export interface Tx {
  s: CardWerewolfState;
  out: GameEvent[];
  now: number;
  /** Someone died in this step: Daytime ends at once (CW-R22, CW-P12). */
  died?: boolean;
}

function cloneState(s: CardWerewolfState): CardWerewolfState {
  return {
    ...s,
    rng: [...s.rng],
    alive: { ...s.alive },
    hands: { ...s.hands },
    front: { ...s.front },
    votes: { ...s.votes },
    moons: { ...s.moons },
    night: { ...s.night },
  };
}

export const begin = (state: CardWerewolfState, now: number): Tx => ({ s: cloneState(state), out: [], now });

/** The step's new state, its log extended by the step's events. */
export function finish(tx: Tx): CardWerewolfState {
  tx.s.log = tx.out.length === 0 ? tx.s.log : tx.s.log.concat(tx.out);
  return tx.s;
}

export const emit = (tx: Tx, type: string, audience: Audience, fields: Record<string, unknown> = {}): void => record(tx.out, tx.now, type, audience, fields);
