// Kicks that hold (issue 22 item 5): a removed player cannot join the room again until the host
// lets them back. The table's policies (migration 0027) show the list to the host alone.
import type { Claims, Db, Tx } from "../../db/types";
import { inlineParams } from "../../db/driver";
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

/** A `room_bans` row as the room read selects it. */
export interface BanRow {
  user_id: string;
  display_name: string;
  appearance: string;
  banned_at: string | Date;
}

/**
 * The removed list of the room whose code is `code`, read as `userId` (RLS): the host's whole list;
 * no rows for anyone else (RLS would show them their own row, which the snapshot does not list).
 */
export const removedStatement = (code: string, userId: string) =>
  inlineParams(
    "select user_id, display_name, appearance, banned_at from room_bans where room_id = (select id from rooms where code = $1 and host_id = $2::uuid) order by banned_at, user_id",
    [code, userId],
  );

export const removedPlayer = (r: BanRow): RemovedPlayer => ({ userId: r.user_id, displayName: r.display_name, appearance: r.appearance, removedAt: new Date(r.banned_at).getTime() });
