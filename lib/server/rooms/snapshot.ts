// GET /api/rooms/:code — read as the caller under RLS, so it shows exactly what policies allow.
import type { Claims, Db } from "../../db/types";
import { becomeUserScript, inlineParams, scriptOf } from "../../db/driver";
import type { GameEvent } from "../../game/core/types";
import { invitePath, normalizeCode } from "./code";
import { MAX_MEMBERS, MAX_SPECTATORS } from "./membership";
import { attendanceOf, PUBLIC_EVENTS, type Attendance } from "./attendance";
import { removedPlayer, removedStatement, type BanRow, type RemovedPlayer } from "./bans";
import { membersStatement, roomNotFound, type MemberRow, type RoomRow } from "./rows";
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

type Rows<T> = T[];

/**
 * The member's view of the room, read under RLS as one script (one round trip, and on PGlite one
 * turn of its queue: every member reads after each lobby change), and a second only while a game
 * runs, for its public events (attendance). Every statement names the room by its code.
 */
async function memberSnapshot(db: Db, claims: Claims, code: string): Promise<RoomSnapshot | undefined> {
  const [, rooms, members, seats, games, bans] = (await db.exec(
    scriptOf([
      becomeUserScript(claims),
      inlineParams("select id, code, host_id, settings, status, game_id, version, topic_epoch from rooms where code = $1", [code]),
      membersStatement("code", code),
      inlineParams("select user_id from game_players where game_id = (select game_id from rooms where code = $1) order by seat", [code]),
      inlineParams("select id, mode, ended from games where id = (select game_id from rooms where code = $1)", [code]),
      removedStatement(code, claims.sub),
    ]),
  )) as unknown as [unknown, Rows<RoomRow & { topic_epoch: number }>, Rows<MemberRow>, Rows<{ user_id: string }>, Rows<{ id: string; mode: string; ended: boolean }>, Rows<BanRow>];
  const room = rooms[0];
  // RLS shows a room only to its members; a seated player who left sees no room row.
  if (!room || !members.some((m) => m.user_id === claims.sub)) return undefined;
  const game = games[0];
  const seated = room.game_id ? new Set(seats.map((s) => s.user_id)) : null;
  const running = game && !game.ended ? { mode: game.mode, seats: seats.map((s) => s.user_id), events: await publicEvents(db, claims, game.id) } : null;
  const attendance = attendanceOf(room.id, running, members.map((m) => ({ userId: m.user_id, joinedAt: ms(m.joined_at) })));
  return {
    room: {
      id: room.id,
      code: room.code,
      invitePath: invitePath(room.code),
      hostId: room.host_id,
      status: room.status,
      settings: readSettings(room.settings),
      gameId: room.game_id,
      gameEnded: game?.ended ?? false,
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
    removed: bans.map(removedPlayer),
    me: { userId: claims.sub, isMember: true },
  };
}

/** The running game's public events, read as the member (attendance counts public turns only). */
async function publicEvents(db: Db, claims: Claims, gameId: string): Promise<GameEvent[]> {
  const [, rows] = await db.exec(scriptOf([becomeUserScript(claims), inlineParams(PUBLIC_EVENTS, [gameId])]));
  return rows.map((r) => (r as unknown as { payload: GameEvent }).payload);
}
