// Kicks that hold (issue 22 item 5): a removed player cannot join the room again until the host
// lets them back. The table's policies (migration 0027) show the list to the host alone.
import type { Claims, Db, Tx } from "../../db/types";
import { AppError } from "../app-error";
import { mutateRoom } from "./mutate";
import { hasUserRow, type MemberRow } from "./rows";

export const kicked = () => new AppError(403, "KICKED", "You were removed from this room by the host.");

/** Records `member`'s removal; kicking again after a lift records it anew. */
export async function banMember(tx: Tx, roomId: string, member: MemberRow): Promise<void> {
  await tx.query(
    `insert into room_bans (room_id, user_id, display_name, appearance) values ($1, $2, $3, $4)
     on conflict (room_id, user_id) do update set display_name = excluded.display_name,
       appearance = excluded.appearance, banned_at = now()`,
    [roomId, member.user_id, member.display_name, member.appearance],
  );
}

export const isBanned = (tx: Tx, roomId: string, userId: string): Promise<boolean> => hasUserRow(tx, "room_bans", roomId, userId);

/** The host's "Allow back": the player may join again (while the room is in the lobby). */
export const liftBan = (db: Db, claims: Claims, code: string, userId: string) =>
  mutateRoom(
    db,
    claims,
    code,
    async ({ tx, room }) => {
      const gone = await tx.query("delete from room_bans where room_id = $1 and user_id = $2 returning user_id", [room.id, userId]);
      if (gone.length === 0) throw new AppError(404, "BAN_NOT_FOUND", "That player is not on this room's removed list.");
    },
    { host: true },
  );

export interface RemovedPlayer {
  userId: string;
  displayName: string;
  appearance: string;
  removedAt: number;
}

/** The removed list as the caller may read it (RLS): the host's whole list, anyone else's nothing but their own row. */
export async function removedPlayers(tx: Tx, roomId: string, callerIsHost: boolean): Promise<RemovedPlayer[]> {
  if (!callerIsHost) return [];
  const rows = await tx.query<{ user_id: string; display_name: string; appearance: string; banned_at: string | Date }>(
    "select user_id, display_name, appearance, banned_at from room_bans where room_id = $1 order by banned_at, user_id",
    [roomId],
  );
  return rows.map((r) => ({ userId: r.user_id, displayName: r.display_name, appearance: r.appearance, removedAt: new Date(r.banned_at).getTime() }));
}
