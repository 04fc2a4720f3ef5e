// The shape of every lobby mutation: one owner transaction that locks the room, checks who the
// caller is, writes, bumps the room version and signals `room:<id>` before commit.
import type { Claims, Db, Tx } from "../../db/types";
import { AppError } from "../app-error";
import { sqlState } from "../db-errors";
import { inlineParams, scriptOf } from "../../db/driver";
import { roomTopic, signalsStatement } from "../signal";
import { normalizeCode } from "./code";
import { lockRoomWithMembers, roomNotFound, type MemberRow, type RoomRow } from "./rows";

export interface RoomTx {
  tx: Tx;
  room: RoomRow;
  members: MemberRow[];
  /** The caller's membership row, if a member. */
  me: MemberRow | undefined;
}

export const notMember = () => new AppError(403, "NOT_A_MEMBER", "You are not a member of this room.");
export const notHost = () => new AppError(403, "NOT_HOST", "Only the host can do this.");
export const notInLobby = () =>
  new AppError(409, "ROOM_NOT_IN_LOBBY", "This room is not in the lobby (a game is running or over).");
export const nameTaken = () => new AppError(409, "NAME_TAKEN", "This display name is already used in this room.");

export async function mutateRoom<T>(
  db: Db,
  claims: Claims,
  code: string,
  fn: (r: RoomTx) => Promise<T>,
  opts: { member?: boolean; host?: boolean; lobby?: boolean } = {},
): Promise<T> {
  try {
    return await db.tx(async (tx) => {
      const normalized = normalizeCode(code);
      if (!normalized) throw roomNotFound();
      const { room, members } = await lockRoomWithMembers(tx, "code", normalized);
      if (!room) throw roomNotFound();
      const me = members.find((m) => m.user_id === claims.sub);
      if ((opts.member || opts.host) && !me) throw notMember();
      if (opts.host && room.host_id !== claims.sub) throw notHost();
      if (opts.lobby && room.status !== "lobby") throw notInLobby();
      const out = await fn({ tx, room, members, me });
      await touchRoom(tx, room.id);
      return out;
    });
  } catch (e) {
    // A concurrent join with the same name loses on the unique index.
    if (sqlState(e) === "23505") throw nameTaken();
    throw e;
  }
}

/** The room's version bumped and its signal sent, as one script (one round trip). */
export async function touchRoom(tx: Tx, roomId: string): Promise<void> {
  await tx.exec(scriptOf([inlineParams("update rooms set version = version + 1 where id = $1", [roomId]), signalsStatement([[roomTopic(roomId), "room"]])]));
}
