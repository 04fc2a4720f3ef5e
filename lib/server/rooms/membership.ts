// Creating, joining and leaving rooms, and the host removing a player (W-ROOM-1, -2, -4).
import type { Claims, Db, Tx } from "../../db/types";
import { displayNameOf } from "../../auth/claims";
import { AppError } from "../app-error";
import { botsMakeWay } from "../bots/make-way";
import { signal, userTopic } from "../signal";
import { banMember, isBanned, kicked } from "./bans";
import { newRoomCode } from "./code";
import { successorOf } from "./host";
import { assertNameFree, DEFAULT_APPEARANCE, validName } from "./member-fields";
import { mutateRoom, notInLobby, touchRoom } from "./mutate";
import { gameEnded, hasUserRow, type MemberRow, type RoomRow } from "./rows";
import { defaultSettings } from "./settings";

export const MAX_MEMBERS = 18;
/** Spectators a running game admits (members without a seat); players are not counted. */
export const MAX_SPECTATORS = 20;

export interface JoinInput {
  displayName?: string;
  appearance?: string;
  /** Join a running game's room as a spectator (issue 22 item 8); in the lobby it is an ordinary join. */
  watch?: boolean;
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

/**
 * W-ROOM-2: join by code while in the lobby; joining again is a no-op. With `watch`, a running
 * game's room is joined as a spectator: a member without a seat, whom RLS lets read the public
 * events until the end and everything after (migration 0024's "was there"), and nothing more.
 */
export async function joinRoom(db: Db, claims: Claims, code: string, input: JoinInput): Promise<void> {
  const name = validName(input.displayName ?? displayNameOf(claims));
  await mutateRoom(db, claims, code, async ({ tx, room, members, me }) => {
    if (me) return;
    if (await isBanned(tx, room.id, claims.sub)) throw kicked();
    if (room.status !== "lobby") {
      if (!input.watch) throw notInLobby();
      await assertWatchable(tx, room, members);
    } else if (members.length >= MAX_MEMBERS) throw new AppError(409, "ROOM_FULL", `A room holds at most ${MAX_MEMBERS} players.`);
    assertNameFree(name, await botsMakeWay(tx, room, members, name));
    await insertMember(tx, room.id, claims.sub, name, input.appearance ?? DEFAULT_APPEARANCE);
  });
}

/** A running game admits spectators up to MAX_SPECTATORS; an ended one none (its results are for who was there). */
async function assertWatchable(tx: Tx, room: RoomRow, members: MemberRow[]): Promise<void> {
  const [game] = await tx.query<{ ended: boolean; seated: string[] }>(
    // `for share`: an ending write in flight on the game row commits first, and is then seen.
    "select g.ended, array(select p.user_id::text from game_players p where p.game_id = g.id) as seated from games g where g.id = $1 for share of g",
    [room.game_id],
  );
  if (!game || game.ended) throw new AppError(409, "GAME_ENDED", "This game is over; wait for the host to start the next one.");
  const seated = new Set(game.seated);
  if (members.filter((m) => !seated.has(m.user_id)).length >= MAX_SPECTATORS) {
    throw new AppError(409, "WATCHERS_FULL", `A game may be watched by at most ${MAX_SPECTATORS} people.`);
  }
}

export async function removeMember(tx: Tx, room: RoomRow, members: MemberRow[], userId: string): Promise<void> {
  await tx.query("delete from room_members where room_id = $1 and user_id = $2", [room.id, userId]);
  // W-ROOM-4: the longest-present remaining person becomes host, an online one first; a bot only
  // when no person is left, since a bot never presses "start".
  const next = room.host_id === userId ? successorOf(room.id, members, userId) : undefined;
  if (next) await tx.query("update rooms set host_id = $2 where id = $1", [room.id, next.user_id]);
}

/**
 * Leave in the lobby or after the end; a seated player of a running game stays seated (W-ROOM-5).
 * A spectator may leave any time (and with it the right to read the game's results).
 */
export async function leaveRoom(db: Db, claims: Claims, code: string): Promise<void> {
  await mutateRoom(
    db,
    claims,
    code,
    async ({ tx, room, members }) => {
      if (room.status === "playing" && !(await gameEnded(tx, room.game_id)) && (await isSeated(tx, room.game_id, claims.sub))) {
        throw new AppError(409, "GAME_IN_PROGRESS", "You cannot leave during a game; your seat stays yours.");
      }
      await removeMember(tx, room, members, claims.sub);
    },
    { member: true },
  );
}

const isSeated = (tx: Tx, gameId: string | null, userId: string): Promise<boolean> => hasUserRow(tx, "game_players", gameId, userId);

/** W-ROOM-4: the host removes a player in the lobby; it holds until lifted (bans.ts). */
export async function kickMember(db: Db, claims: Claims, code: string, userId: string): Promise<void> {
  await mutateRoom(
    db,
    claims,
    code,
    async ({ tx, room, members }) => {
      if (userId === claims.sub) throw new AppError(409, "CANNOT_KICK_SELF", "The host cannot remove themself; leave instead.");
      const member = members.find((m) => m.user_id === userId);
      if (!member) throw new AppError(404, "MEMBER_NOT_FOUND", "That player is not in this room.");
      if (!member.is_bot) await banMember(tx, room.id, member);
      await removeMember(tx, room, members, userId);
      await signal(tx, userTopic(userId), "room");
    },
    { host: true, lobby: true },
  );
}
