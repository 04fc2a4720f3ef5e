// GET /api/rooms/:code — read as the caller under RLS, so it shows exactly what policies allow.
import type { Claims, Db, Tx } from "../../db/types";
import { invitePath, normalizeCode } from "./code";
import { MAX_MEMBERS, MAX_SPECTATORS } from "./membership";
import { attendanceOf, type Attendance } from "./attendance";
import { removedPlayers, type RemovedPlayer } from "./bans";
import { gameEnded, membersOf, roomNotFound, type RoomRow } from "./rows";
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
    /** A member without a seat in the room's game: a spectator (docs/security.md, "Spectators"). */
    watching: boolean;
  } & Attendance)[];
  /** Players the host removed and has not let back (issue 22 item 5): the host's list, empty for everyone else. */
  removed: RemovedPlayer[];
  me: { userId: string; isMember: true };
}

/**
 * What the invite page may know before joining (issue 22 item 6): the code is the invitation, so
 * the room's status, whether a game runs (may be watched) and its members' names and count —
 * never seats, roles, the game's id or anything of the game. A player the host removed learns
 * that (`removed`) and nothing about who else is there.
 */
export interface RoomPreview {
  room: { code: string; invitePath: string; status: "lobby" | "playing"; joinable: boolean; gameRunning: boolean; watchable: boolean; removed?: true };
  members: { displayName: string }[];
  /** `userId` is null for a visitor who has not signed in yet. */
  me: { userId: string | null; isMember: false };
}

const ms = (t: string | Date) => new Date(t).getTime();

/** The room as its member sees it (RLS), or the invite preview for a non-member. */
export async function roomView(db: Db, claims: Claims | null, rawCode: string): Promise<RoomSnapshot | RoomPreview> {
  const code = normalizeCode(rawCode);
  if (!code) throw roomNotFound();
  return (claims && (await memberSnapshot(db, claims, code))) || previewRoom(db, claims, code);
}

/** The snapshot after a mutation by a member. */
export async function roomSnapshot(db: Db, claims: Claims, rawCode: string): Promise<RoomSnapshot> {
  const code = normalizeCode(rawCode);
  const snap = code ? await memberSnapshot(db, claims, code) : undefined;
  if (!snap) throw roomNotFound();
  return snap;
}

async function previewRoom(db: Db, claims: Claims | null, code: string): Promise<RoomPreview> {
  // The owner lookup by code is the invitation itself (see migration 0002): the status, whether a
  // game runs, and the members' names (in join order) are told; nothing of the game.
  const [row] = await db.tx((tx) =>
    tx.query<{ status: "lobby" | "playing"; running: boolean; names: string[]; watchers: number; removed: boolean }>(
      `select r.status, coalesce(not g.ended, false) as running,
              coalesce((select array_agg(m.display_name order by m.joined_at, m.user_id) from room_members m where m.room_id = r.id), '{}') as names,
              (select count(*)::int from room_members m where m.room_id = r.id
                  and not exists (select 1 from game_players p where p.game_id = r.game_id and p.user_id = m.user_id)) as watchers,
              exists (select 1 from room_bans b where b.room_id = r.id and b.user_id = $2) as removed
         from rooms r left join games g on g.id = r.game_id and r.status = 'playing'
        where r.code = $1`,
      [code, claims?.sub ?? null],
    ),
  );
  if (!row) throw roomNotFound();
  const removed = row.removed ? { removed: true as const } : {};
  return {
    room: {
      code,
      invitePath: invitePath(code),
      status: row.status,
      joinable: !row.removed && row.status === "lobby" && row.names.length < MAX_MEMBERS,
      gameRunning: row.running,
      watchable: !row.removed && row.running && row.watchers < MAX_SPECTATORS,
      ...removed,
    },
    members: row.removed ? [] : row.names.map((displayName) => ({ displayName })),
    me: { userId: claims?.sub ?? null, isMember: false },
  };
}

function memberSnapshot(db: Db, claims: Claims, code: string): Promise<RoomSnapshot | undefined> {
  return db.asUser(claims, async (tx) => {
    const [room] = await tx.query<RoomRow & { topic_epoch: number }>(
      "select id, code, host_id, settings, status, game_id, version, topic_epoch from rooms where code = $1",
      [code],
    );
    if (!room) return undefined;
    const members = await membersOf(tx, room.id);
    // RLS shows a room only to its members; a seated player who left sees no room row.
    if (!members.some((m) => m.user_id === claims.sub)) return undefined;
    const seated = await seatedIn(tx, room.game_id);
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
        watching: seated !== null && !seated.has(m.user_id),
        ...attendance.get(m.user_id)!,
      })),
      removed: await removedPlayers(tx, room.id, room.host_id === claims.sub),
      me: { userId: claims.sub, isMember: true },
    };
  });
}

/** The seated players of the room's game (under RLS: the game's public seats), or null without one. */
async function seatedIn(tx: Tx, gameId: string | null): Promise<Set<string> | null> {
  if (!gameId) return null;
  const rows = await tx.query<{ user_id: string }>("select user_id from game_players where game_id = $1", [gameId]);
  return new Set(rows.map((r) => r.user_id));
}
