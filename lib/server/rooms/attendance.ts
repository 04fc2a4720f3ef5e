// Per-member attendance for the room read: realtime presence and absence from public turns
// (docs/robustness.md). Both are public-safe, so every member sees them, host included.
import type { GameEvent } from "../../game/core/types";
import { supabaseMode } from "../../auth/supabase";
import { absenceOf } from "../games/absence";
import { isConnected } from "../presence";

export interface Attendance {
  /** Has a live realtime stream on this room; null where this server cannot know (Supabase Realtime). */
  connected: boolean | null;
  /** Public turns missed in a row in the running game (0 outside a game). */
  missedTurns: number;
  /** Living player of the running game who missed `ABSENT_AFTER` public turns in a row. */
  absent: boolean;
}

/** The running game a room read found: its mode, its seats in seat order, and its public events. */
export interface RunningGame {
  mode: string;
  seats: string[];
  events: GameEvent[];
}

/** The statement reading a game's public events, in order (the only events attendance counts). */
export const PUBLIC_EVENTS = "select payload from game_events where game_id = $1 and audience = 'public' order by audience_seq";

/** Attendance of `members`, from the running game's public events (none outside a game). */
export function attendanceOf(roomId: string, game: RunningGame | null, members: readonly { userId: string; joinedAt: number }[]): Map<string, Attendance> {
  const connected = (u: string, joinedAt: number) => (supabaseMode() ? null : isConnected(roomId, u, joinedAt));
  const out = new Map<string, Attendance>(members.map((m) => [m.userId, { connected: connected(m.userId, m.joinedAt), missedTurns: 0, absent: false }]));
  if (!game) return out;
  const absence = absenceOf(game.mode, game.seats, game.events);
  for (const [u, a] of out) {
    const seen = absence.get(u);
    if (seen) out.set(u, { ...a, missedTurns: seen.missed, absent: seen.absent });
  }
  return out;
}
