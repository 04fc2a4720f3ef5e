// Who holds the host role (W-ROOM-4, issue 22 item 7): the host passes it on by hand, and it passes
// by itself when the host leaves or stays away from the lobby (docs/api.md, "Host powers").
import type { Claims, Db } from "../../db/types";
import { supabaseMode } from "../../auth/supabase";
import { AppError } from "../app-error";
import { inlineParams } from "../../db/driver";
import { isConnected, offlineFor } from "../presence";
import { createRechecks, type Rechecks } from "./host-rechecks";
import { mutateRoom, touchRoom } from "./mutate";
import { lockRoomWithMembers, type MemberRow } from "./rows";

/**
 * A host with no live stream on the room for this long while it is in the lobby (or who never
 * opened one since joining or since this server started) is absent: the role passes on. Long
 * enough that a reload, a locked phone or a short network cut never costs the role.
 */
export const HOST_ABSENT_MS = 30_000;

const ms = (t: string | Date) => new Date(t).getTime();

/**
 * The successor among `members` (join order) other than `leaving`: W-ROOM-4's earliest-joined
 * remaining player, a person before a bot (a bot cannot host; a room of bots only keeps a host
 * row). A host who is absent hands it to the earliest-joined person online at `onlineAt`, since
 * an absent successor would leave the room as stuck as before.
 */
export function successorOf(roomId: string, members: readonly MemberRow[], leaving: string, onlineAt?: number): MemberRow | undefined {
  const rest = members.filter((m) => m.user_id !== leaving);
  const people = rest.filter((m) => !m.is_bot);
  if (onlineAt !== undefined) return people.find((m) => isConnected(roomId, m.user_id, ms(m.joined_at), onlineAt));
  return people[0] ?? rest[0];
}

/** The host hands the role to another person in the room. */
export const passHost = (db: Db, claims: Claims, code: string, userId: string) =>
  mutateRoom(
    db,
    claims,
    code,
    async ({ tx, room, members }) => {
      const to = members.find((m) => m.user_id === userId);
      if (!to) throw new AppError(404, "MEMBER_NOT_FOUND", "That player is not in this room.");
      if (to.is_bot) throw new AppError(409, "BOT_CANNOT_HOST", "A bot cannot be the host.");
      if (to.user_id === claims.sub) throw new AppError(409, "ALREADY_HOST", "You are already the host.");
      await tx.query("update rooms set host_id = $2 where id = $1", [room.id, userId]);
    },
    { host: true },
  );

/**
 * Passes the role on when the room is in the lobby and its host has been offline longer than
 * `HOST_ABSENT_MS` while an online person can take it. Embedded presence only (Supabase Realtime
 * presence is not seen by this server). Whether it passed.
 */
export async function passAbsentHost(db: Db, roomId: string, now = Date.now()): Promise<boolean> {
  if (supabaseMode()) return false;
  // A plain read first (one round trip): most checks find the host there, and take no lock on the room.
  const [rows] = await db.exec(
    inlineParams(
      `select r.status, r.host_id, m.joined_at from rooms r
         left join room_members m on m.room_id = r.id and m.user_id = r.host_id where r.id = $1::uuid`,
      [roomId],
    ),
  );
  const seen = rows[0] as { status: string; host_id: string; joined_at: string | Date | null } | undefined;
  if (!seen || seen.status !== "lobby") return false;
  if (seen.joined_at !== null && offlineFor(roomId, seen.host_id, ms(seen.joined_at), now) <= HOST_ABSENT_MS) return false;
  return db.tx(async (tx) => {
    const { room, members } = await lockRoomWithMembers(tx, "id", roomId);
    if (!room || room.status !== "lobby") return false;
    const host = members.find((m) => m.user_id === room.host_id);
    if (host && offlineFor(room.id, host.user_id, ms(host.joined_at), now) <= HOST_ABSENT_MS) return false;
    const next = successorOf(room.id, members, room.host_id, now);
    if (!next) return false;
    await tx.query("update rooms set host_id = $2 where id = $1", [room.id, next.user_id]);
    await touchRoom(tx, room.id);
    return true;
  });
}

const RECHECKS = new WeakMap<Db, Rechecks>();

/**
 * Looks at the room's host again once an absence could have grown past `HOST_ABSENT_MS`: called
 * when a stream on the room opens (a host who never came) and when one ends (a host who went).
 * Coalesced per room (host-rechecks.ts): a room's streams opening together cost one look.
 */
export function recheckHostLater(db: Db, roomId: string): void {
  let ask = RECHECKS.get(db);
  if (!ask) RECHECKS.set(db, (ask = createRechecks((room) => void passAbsentHost(db, room).catch(() => undefined))));
  ask(roomId, Date.now() + HOST_ABSENT_MS + 500);
}
