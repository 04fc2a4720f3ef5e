// Players named by seat (their index in `players`), as bots read a view (bot.ts, `BotInput`).
import type { LegalOf } from "./types";

/** A player's index in `players`; -1 is nobody. */
export type Seat = number;

/** A legal entry naming its targets by seat. */
export type SeatLegal = LegalOf<Seat>;

/** The seats of a list as a mask (bit q: seat q), for testing many seats against one list. */
export function seatMask(seats: readonly Seat[]): number {
  let m = 0;
  for (let i = 0; i < seats.length; i++) m |= 1 << seats[i];
  return m;
}

/**
 * Whether `seats` holds `q`. A loop the optimizer inlines, where `includes` is a call into the
 * runtime's generic search; seat lists are short (a table's seats at most).
 */
export function holds(seats: readonly Seat[], q: Seat): boolean {
  for (let i = 0; i < seats.length; i++) if (seats[i] === q) return true;
  return false;
}
