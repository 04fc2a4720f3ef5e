// The standard ruleset's state, indexed by seat and changed in place (docs/performance.md, "the
// seat engine"). Who lives, acted, readied and voted is by seat; player ids remain where the rules
// engine's code reads the same fields (the night's facts, the Seer's log, the Guard's last
// protection, the ready list) and in the public records copied into events and views. Plain JSON
// like the classic state (types.ts): stored as json (game_states.state); `engine` tells the shapes apart.
import type { PlayerId } from "../../core/types";
import type { RngState } from "../../core/rng";
import type { AnyWerewolfState, PhaseId, RoleId, WerewolfConfig, WerewolfState } from "../types";

/** A player's index in `players`; -1 is nobody. */
export type Seat = number;

/**
 * Kept as the rules engine keeps them: the night's facts (a new object each night), the potions
 * (replaced on write), the Guard's last protection, the Seer's results, where play goes once
 * deaths and shots are resolved, the public records and the end.
 */
type Shared = Pick<WerewolfState, "night" | "potions" | "guardLast" | "seerLog" | "then" | "chat" | "chatTimes" | "deaths" | "tallies" | "timeline" | "winner" | "winners" | "endedBy">;

export interface SeatState extends Shared {
  engine: "seat";
  config: WerewolfConfig;
  players: PlayerId[];
  composition: Partial<Record<RoleId, number>>;
  /** The deal by player id, as each player was told it (standard cards never change). */
  roles: Record<PlayerId, RoleId>;
  /** Each seat's card. */
  cards: RoleId[];
  /** The wolves in seat order, by id (events, views) and by seat. */
  wolves: PlayerId[];
  wolfSeats: Seat[];
  alive: boolean[];
  /** How many seats live, and how many of them hold a Wolf card. */
  living: number;
  livingWolves: number;
  /** Bumped whenever someone dies: what is derived from `alive` is kept per this number. */
  deathsSeen: number;
  rng: RngState;
  phase: PhaseId;
  /** Night N and the following day/vote are round N. */
  day: number;
  deadline: number | null;
  /** The dying Hunter (phase `hunter`). */
  actor: Seat;
  /** Per phase: each seat that has finished acting (P-4). */
  acted: boolean[];
  /** Per phase: who declared ready, in order (public). */
  ready: PlayerId[];
  readySeats: boolean[];
  /** Per phase: each voter's target seat (-1: has not voted), and how many voted. */
  votes: Seat[];
  voted: number;
  /** Dead Hunters still to take their shot, in order. */
  pending: Seat[];
  /** Accepted steps so far: caches of what a step may change are kept per this number. */
  steps: number;
}

export const isSeatState = (s: AnyWerewolfState): s is SeatState => "engine" in s && s.engine === "seat";

/** The seats of a list as a mask (bit q: seat q), for testing many seats against one list. */
export function seatMask(seats: readonly Seat[]): number {
  let m = 0;
  for (let i = 0; i < seats.length; i++) m |= 1 << seats[i];
  return m;
}

/** Whether seat `q` is in mask `m`. */
export const inMask = (m: number, q: Seat): boolean => ((m >>> q) & 1) === 1;

/**
 * Whether `seats` holds `q`. A loop the optimizer inlines, where `includes` is a call into the
 * runtime's generic search; seat lists are short (a table's seats at most).
 */
export function holds(seats: readonly Seat[], q: Seat): boolean {
  for (let i = 0; i < seats.length; i++) if (seats[i] === q) return true;
  return false;
}
