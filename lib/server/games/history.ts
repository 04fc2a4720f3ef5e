// A room's earlier games (issue 22 item 9), as the caller may read them: RLS on `games` keeps only
// those the caller was there for (app.is_game_member, migration 0024), so a member who joined
// after a game ended never sees it listed. Nothing is ever deleted on "play again": the room only
// points at no game, and every ended game stays readable at `/g/<gameId>`.
import type { Claims, Db } from "../../db/types";
import { getMode, modes } from "../../game/modes";
import { normalizeCode } from "../rooms/code";
import { roomNotFound } from "../rooms/rows";
import { toMs } from "./rows";

/** How many earlier games the lobby lists (newest first). */
export const HISTORY_LIMIT = 30;

export interface PastGame {
  id: string;
  /** The game mode (werewolf, witch-hunt, card-werewolf): its words name the winner and roles. */
  mode: string;
  /** The winning side as the mode names it ("village", "wolves", "witches"...), null for a draw. */
  winner: string | null;
  /** The host ended it (issue 22 item 7): no side won. */
  endedByHost: boolean;
  ruleset: string | null;
  players: number;
  startedAt: number;
  endedAt: number;
  /** The caller's own role and whether they won; null when they watched without a seat. */
  myRole: string | null;
  won: boolean | null;
}

interface PastGameRow {
  id: string;
  mode: string;
  winner: string | null;
  ruleset: string | null;
  players: number;
  created_at: string | Date;
  ended_at: string | Date;
  my_role: string | null;
  end: Record<string, unknown> | null;
}

/** Every mode's end event types (a room may have played several modes). */
const END_TYPES = [...new Set(Object.values(modes).map((m) => m.end.eventType))];

/** Who ended the game and whether `me` won, by the mode's reading of its end event (none: neither). */
function outcomeOf(row: PastGameRow, me: string): { endedByHost: boolean; won: boolean } {
  const end = getMode(row.mode)?.end;
  if (!end || row.end === null) return { endedByHost: false, won: false };
  return { endedByHost: end.byHost(row.end), won: end.winners(row.end).includes(me) };
}

/**
 * The room's ended games the caller may read, newest first. 404 ROOM_NOT_FOUND when the caller is
 * not a member of the room (the `rooms` policy hides it), as for a code that names no room.
 * The caller's outcome is read from the game's public end event (the mode's `end`: who won), the
 * last such row of the game by id.
 */
export function roomHistory(db: Db, claims: Claims, rawCode: string): Promise<{ games: PastGame[] }> {
  const code = normalizeCode(rawCode);
  if (!code) throw roomNotFound();
  return db.asUser(claims, async (tx) => {
    const [room] = await tx.query<{ id: string }>("select id from rooms where code = $1", [code]);
    if (!room) throw roomNotFound();
    const rows = await tx.query<PastGameRow>(
      `select g.id, g.mode, g.winner, g.config->>'ruleset' as ruleset, g.created_at, g.ended_at,
              (select count(*)::int from game_players p where p.game_id = g.id) as players,
              (select r.role from game_roles r where r.game_id = g.id and r.user_id = $2) as my_role,
              ge.payload as end
         from games g
         left join lateral (select e.payload from game_events e
                             where e.game_id = g.id and e.type = any($3::text[]) order by e.id desc limit 1) ge on true
        where g.room_id = $1 and g.ended
        order by g.ended_at desc, g.id desc
        limit ${HISTORY_LIMIT}`,
      [room.id, claims.sub, END_TYPES],
    );
    return {
      games: rows.map((r) => {
        const { endedByHost, won } = outcomeOf(r, claims.sub);
        return {
          id: r.id,
          mode: r.mode,
          winner: r.winner,
          endedByHost,
          ruleset: r.ruleset,
          players: r.players,
          startedAt: toMs(r.created_at)!,
          endedAt: toMs(r.ended_at)!,
          myRole: r.my_role,
          won: r.my_role === null ? null : won,
        };
      }),
    };
  });
}
