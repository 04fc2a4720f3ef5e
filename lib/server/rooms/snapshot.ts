// GET /api/rooms/:code — read as the caller under RLS, so it shows exactly what policies allow.
import type { Claims, Db } from "../../db/types";
import { invitePath, normalizeCode } from "./code";
import { MAX_MEMBERS } from "./membership";
import { attendanceOf, type Attendance } from "./attendance";
import { removedPlayers, type RemovedPlayer } from "./bans";
import { gameEnded, memberColumns, roomNotFound, type MemberRow, type RoomRow } from "./rows";
import { readSettings, type Settings } from "./settings";
import { roomTopic } from "../../realtime/topics";

export interface RoomSnapshot {
  room: {
    id: string;
    code: string;
    invitePath: string;
    hostId: string;
    status: "lobby" | "playing";
    settings: Settings;
    gameId: string | null;
    gameEnded: boolean;
    /**
     * The room's realtime topic now (docs/realtime.md, "Topic epochs"): it changes whenever a
     * member is removed; a Supabase client joins this one and rejoins when it changes.
     */
    topic: string;
  };
  members: ({
    userId: string;
    displayName: string;
    appearance: string;
    ready: boolean;
    isBot: boolean;
    isHost: boolean;
    joinedAt: number;
  } & Attendance)[];
  /** Players the host removed and has not let back (issue 22 item 5): the host's list, empty for everyone else. */
  removed: RemovedPlayer[];
  me: { userId: string; isMember: true };
}

/**
 * What the invite page may know before joining: the code is the invitation, nothing more — and,
 * for a player the host removed, that they are removed (`removed`), nothing about who else is.
 */
export interface RoomPreview {
  room: { code: string; invitePath: string; status: "lobby" | "playing"; joinable: boolean; removed?: true };
  members: [];
  me: { userId: string; isMember: false };
}

const ms = (t: string | Date) => new Date(t).getTime();

/** The room as its member sees it (RLS), or the invite preview for a non-member. */
export async function roomView(db: Db, claims: Claims, rawCode: string): Promise<RoomSnapshot | RoomPreview> {
  const code = normalizeCode(rawCode);
  if (!code) throw roomNotFound();
  return (await memberSnapshot(db, claims, code)) ?? previewRoom(db, claims, code);
}

/** The snapshot after a mutation by a member. */
export async function roomSnapshot(db: Db, claims: Claims, rawCode: string): Promise<RoomSnapshot> {
  const code = normalizeCode(rawCode);
  const snap = code ? await memberSnapshot(db, claims, code) : undefined;
  if (!snap) throw roomNotFound();
  return snap;
}

async function previewRoom(db: Db, claims: Claims, code: string): Promise<RoomPreview> {
  // The owner lookup by code is the invitation itself (see migration 0002): only the status is told.
  const [row] = await db.tx((tx) =>
    tx.query<{ status: "lobby" | "playing"; n: number; removed: boolean }>(
      `select r.status, (select count(*)::int from room_members m where m.room_id = r.id) as n,
              exists (select 1 from room_bans b where b.room_id = r.id and b.user_id = $2) as removed
         from rooms r where r.code = $1`,
      [code, claims.sub],
    ),
  );
  if (!row) throw roomNotFound();
  const removed = row.removed ? { removed: true as const } : {};
  return {
    room: { code, invitePath: invitePath(code), status: row.status, joinable: !row.removed && row.status === "lobby" && row.n < MAX_MEMBERS, ...removed },
    members: [],
    me: { userId: claims.sub, isMember: false },
  };
}

function memberSnapshot(db: Db, claims: Claims, code: string): Promise<RoomSnapshot | undefined> {
  return db.asUser(claims, async (tx) => {
    const [room] = await tx.query<RoomRow & { topic_epoch: number }>(
      "select id, code, host_id, settings, status, game_id, version, topic_epoch from rooms where code = $1",
      [code],
    );
    if (!room) return undefined;
    const members = await tx.query<MemberRow>(
      `select ${memberColumns} from room_members where room_id = $1 order by joined_at, user_id`,
      [room.id],
    );
    // RLS shows a room only to its members; a seated player who left sees no room row.
    if (!members.some((m) => m.user_id === claims.sub)) return undefined;
    const attendance = await attendanceOf(tx, room.id, room.game_id, members.map((m) => ({ userId: m.user_id, joinedAt: ms(m.joined_at) })));
    return {
      room: {
        id: room.id,
        code: room.code,
        invitePath: invitePath(room.code),
        hostId: room.host_id,
        status: room.status,
        settings: readSettings(room.settings),
        gameId: room.game_id,
        gameEnded: await gameEnded(tx, room.game_id),
        topic: roomTopic(room.id, room.topic_epoch),
      },
      members: members.map((m) => ({
        userId: m.user_id,
        displayName: m.display_name,
        appearance: m.appearance,
        ready: m.ready,
        isBot: m.is_bot,
        isHost: m.user_id === room.host_id,
        joinedAt: ms(m.joined_at),
        ...attendance.get(m.user_id)!,
      })),
      removed: await removedPlayers(tx, room.id, room.host_id === claims.sub),
      me: { userId: claims.sub, isMember: true },
    };
  });
}
