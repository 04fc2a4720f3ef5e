// A stored game in the shape the seat engine wrote (standard games begun while standard and classic
// ran on two engines, until issue 24) read as the one engine's state, so a game in progress loads
// and finishes. The seat shape held the same facts, some by seat instead of by player id: who
// lives, acted, readied and voted, the Hunter on turn and the shots still owed.
import type { PlayerId } from "../core/types";
import type { WerewolfState } from "./types";

/** The fields of the seat engine's state (`engine: "seat"`) that differ from `WerewolfState`. */
export interface SeatShapeState extends Omit<WerewolfState, "alive" | "actor" | "acted" | "votes" | "pending" | "candidates" | "revote" | "lovers" | "loversTold" | "cupid" | "girlCaught" | "girlKnownBy" | "thief" | "middle" | "sheriff"> {
  engine: "seat";
  /** By seat. */
  alive: boolean[];
  /** The dying Hunter's seat (-1: none). */
  actor: number;
  acted: boolean[];
  /** Each voter's target seat (-1: has not voted). */
  votes: number[];
  /** Seats of the dead Hunters still to shoot, in order. */
  pending: number[];
  /** Derived by seat (the cards, the wolves' seats, counts of the living, who readied or voted, steps taken). */
  cards: WerewolfState["roles"][string][];
  wolfSeats: number[];
  living: number;
  livingWolves: number;
  deathsSeen: number;
  readySeats: boolean[];
  voted: number;
  steps: number;
}

/** A werewolf game's state as stored in `game_states.state`: today's shape or the seat engine's. */
export type StoredWerewolfState = WerewolfState | SeatShapeState;

const SEAT_ONLY = ["engine", "cards", "wolfSeats", "living", "livingWolves", "deathsSeen", "readySeats", "voted", "steps"] as const;
type SeatOnly = (typeof SEAT_ONLY)[number];

const isSeatShape = (s: StoredWerewolfState): s is SeatShapeState => "engine" in s && s.engine === "seat";

/** The state to play from: a seat-shaped one converted (standard only: it had no classic roles), else itself. */
export function loadState(s: StoredWerewolfState): WerewolfState {
  if (!isSeatShape(s)) return s;
  // What only the seat engine kept (cards, counts and marks by seat) this engine derives again.
  const same: Partial<Pick<SeatShapeState, SeatOnly>> & Omit<SeatShapeState, SeatOnly> = { ...s };
  for (const key of SEAT_ONLY) delete same[key];
  const { alive: living, actor, acted, votes, pending } = s;
  const id = (seat: number): PlayerId => s.players[seat];
  const alive: Record<PlayerId, boolean> = {};
  s.players.forEach((p, seat) => (alive[p] = living[seat]));
  return {
    ...same,
    alive,
    actor: actor >= 0 ? id(actor) : null,
    acted: s.players.filter((_, seat) => acted[seat]),
    // Votes by seat lost the order they were cast in; nothing the rules read depends on it.
    votes: s.players.flatMap((by, seat) => (votes[seat] >= 0 ? [{ by, target: id(votes[seat]) }] : [])),
    pending: pending.map((seat) => ({ kind: "shot" as const, player: id(seat) })),
    candidates: null,
    revote: false,
    lovers: null,
    loversTold: false,
    cupid: null,
    girlCaught: null,
    girlKnownBy: [],
    thief: null,
    middle: null,
    sheriff: null,
  };
}
