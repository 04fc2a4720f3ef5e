// Per-member attendance for the room read: realtime presence and absence from public turns
// (docs/robustness.md). Both are public-safe, so every member sees them, host included.
import type { GameEvent } from "../../game/core/types";
import type { Tx } from "../../db/types";
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

/** Attendance of `members`; runs inside the caller's RLS transaction and reads public events only. */
export async function attendanceOf(
  tx: Tx,
  roomId: string,
  gameId: string | null,
  members: readonly { userId: string; joinedAt: number }[],
): Promise<Map<string, Attendance>> {
  const connected = (u: string, joinedAt: number) => (supabaseMode() ? null : isConnected(roomId, u, joinedAt));
  const out = new Map<string, Attendance>(members.map((m) => [m.userId, { connected: connected(m.userId, m.joinedAt), missedTurns: 0, absent: false }]));
  if (!gameId) return out;
  const [game] = await tx.query<{ mode: string; ended: boolean }>("select mode, ended from games where id = $1", [gameId]);
  if (!game || game.ended) return out;
  const players = await tx.query<{ user_id: string }>("select user_id from game_players where game_id = $1 order by seat", [gameId]);
  const events = await tx.query<{ payload: GameEvent }>(
    "select payload from game_events where game_id = $1 and audience = 'public' order by audience_seq",
    [gameId],
  );
  const absence = absenceOf(
    game.mode,
    players.map((p) => p.user_id),
    events.map((e) => e.payload),
  );
  for (const [u, a] of out) {
    const seen = absence.get(u);
    if (seen) out.set(u, { ...a, missedTurns: seen.missed, absent: seen.absent });
  }
  return out;
}
