// Creating, joining and leaving rooms, and the host removing a player (W-ROOM-1, -2, -4).
import type { Claims, Db, Tx } from "../../db/types";
import { displayNameOf } from "../../auth/claims";
import { AppError } from "../app-error";
import { botsMakeWay } from "../bots/make-way";
import { signal, userTopic } from "../signal";
import { newRoomCode } from "./code";
import { assertNameFree, DEFAULT_APPEARANCE, validName } from "./member-fields";
import { mutateRoom, notInLobby, touchRoom } from "./mutate";
import { gameEnded, type MemberRow, type RoomRow } from "./rows";
import { defaultSettings } from "./settings";

export const MAX_MEMBERS = 18;

export interface JoinInput {
  displayName?: string;
  appearance?: string;
}

/** A bot (lib/server/bots) is a member like any other, only flagged and ready from the start. */
export async function insertMember(tx: Tx, roomId: string, userId: string, name: string, appearance: string, bot = false) {
  await tx.query(
    `insert into room_members (room_id, user_id, display_name, appearance, ready, is_bot, joined_at)
     values ($1, $2, $3, $4, $5, $5, clock_timestamp())`,
    [roomId, userId, name, appearance, bot],
  );
}

/** W-ROOM-1: the caller creates a room and is its host and first member. Returns the code. */
export async function createRoom(db: Db, claims: Claims, input: JoinInput): Promise<string> {
  const name = validName(input.displayName ?? displayNameOf(claims));
  return db.tx(async (tx) => {
    // A collision on the unique code is astronomically rare; retry without aborting the transaction.
    for (let attempt = 0; attempt < 8; attempt++) {
      const code = newRoomCode();
      const [room] = await tx.query<{ id: string }>(
        `insert into rooms (code, host_id, settings, status, version) values ($1, $2, $3::text::jsonb, 'lobby', 1)
         on conflict (code) do nothing returning id`,
        [code, claims.sub, JSON.stringify(defaultSettings())],
      );
      if (!room) continue;
      await insertMember(tx, room.id, claims.sub, name, input.appearance ?? DEFAULT_APPEARANCE);
      await touchRoom(tx, room.id);
      return code;
    }
    throw new Error("could not allocate a room code");
  });
}

/** W-ROOM-2: join by code while in the lobby; joining again is a no-op. */
export async function joinRoom(db: Db, claims: Claims, code: string, input: JoinInput): Promise<void> {
  const name = validName(input.displayName ?? displayNameOf(claims));
  await mutateRoom(db, claims, code, async ({ tx, room, members, me }) => {
    if (me) return;
    if (room.status !== "lobby") throw notInLobby();
    if (members.length >= MAX_MEMBERS) throw new AppError(409, "ROOM_FULL", `A room holds at most ${MAX_MEMBERS} players.`);
    assertNameFree(name, await botsMakeWay(tx, room, members, name));
    await insertMember(tx, room.id, claims.sub, name, input.appearance ?? DEFAULT_APPEARANCE);
  });
}

export async function removeMember(tx: Tx, room: RoomRow, members: MemberRow[], userId: string): Promise<void> {
  await tx.query("delete from room_members where room_id = $1 and user_id = $2", [room.id, userId]);
  const rest = members.filter((m) => m.user_id !== userId);
  if (room.host_id === userId && rest.length > 0) {
    // W-ROOM-4: the earliest-joined remaining member becomes host (members are in join order);
    // a person before any bot, since a bot never presses "start".
    const next = rest.find((m) => !m.is_bot) ?? rest[0];
    await tx.query("update rooms set host_id = $2 where id = $1", [room.id, next.user_id]);
  }
}

/** Leave in the lobby or after the end; a seated player of a running game stays seated (W-ROOM-5). */
export async function leaveRoom(db: Db, claims: Claims, code: string): Promise<void> {
  await mutateRoom(
    db,
    claims,
    code,
    async ({ tx, room, members }) => {
      if (room.status === "playing" && !(await gameEnded(tx, room.game_id))) {
        throw new AppError(409, "GAME_IN_PROGRESS", "You cannot leave during a game; your seat stays yours.");
      }
      await removeMember(tx, room, members, claims.sub);
    },
    { member: true },
  );
}

/** W-ROOM-4: the host removes a player in the lobby. */
export async function kickMember(db: Db, claims: Claims, code: string, userId: string): Promise<void> {
  await mutateRoom(
    db,
    claims,
    code,
    async ({ tx, room, members }) => {
      if (userId === claims.sub) throw new AppError(409, "CANNOT_KICK_SELF", "The host cannot remove themself; leave instead.");
      if (!members.some((m) => m.user_id === userId)) {
        throw new AppError(404, "MEMBER_NOT_FOUND", "That player is not in this room.");
      }
      await removeMember(tx, room, members, userId);
      await signal(tx, userTopic(userId), "room");
    },
    { host: true, lobby: true },
  );
}
