// Turn order around the table: "left" is the next seat clockwise (seat order), skipping those the
// caller rules out (the dead, in most modes).
import type { PlayerId } from "./types";

/** The first player after `from` going clockwise for whom `ok` holds, or null when there is none. */
export function nextClockwise(players: readonly PlayerId[], from: PlayerId, ok: (p: PlayerId) => boolean): PlayerId | null {
  const start = players.indexOf(from);
  for (let i = 1; i <= players.length; i++) {
    const p = players[(start + i) % players.length];
    if (ok(p)) return p;
  }
  return null;
}
