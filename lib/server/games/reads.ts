// Player reads. Every query runs as the caller (`db.asUser`), so RLS alone decides what is
// returned; nothing here filters secrets by hand.
import type { GameEvent } from "../../game/core/types";
import { becomeUserScript, inlineParams, scriptOf } from "../../db/driver";
import type { Claims, Db, Tx } from "../../db/types";
import { AppError } from "../app-error";
import { decodeCursor, encodeCursor, type Cursor } from "./cursor";
import { modeOf } from "./mode";
import { gameColumns, gameNotFound, isUuid, toMs, type GameRow } from "./rows";

export const EVENTS_PAGE = 500;

/**
 * The game row as the caller may see it (404 when RLS hides it). Reading it also names the game in
 * `app.event_game` for the rest of the transaction (0020_event_scopes_of_one_game): the event reads
 * that follow are about this game only, so the policy computes the caller's scopes in it alone
 * instead of in every game they ever played. The setting can only narrow what RLS allows.
 */
const VISIBLE_GAME = `select ${gameColumns}, config, set_config('app.event_game', id::text, true) as event_game from games where id = $1`;

async function visibleGame(tx: Tx, id: string): Promise<GameRow & { config: unknown }> {
  if (!isUuid(id)) throw gameNotFound();
  const [g] = await tx.query<GameRow & { config: unknown }>(VISIBLE_GAME, [id]);
  if (!g) throw gameNotFound();
  return g;
}

/** The game's seats with the names the game began with (0035), else the room's (games begun before it kept them). */
const GAME_PLAYERS = `select p.user_id, p.seat, p.alive, coalesce(p.display_name, m.display_name) as display_name,
        coalesce(p.appearance, m.appearance) as appearance, p.is_bot or coalesce(m.is_bot, false) as is_bot
   from game_players p left join room_members m on m.room_id = (select g.room_id from games g where g.id = $1) and m.user_id = p.user_id
  where p.game_id = $1 order by p.seat`;

/** When it was played, and the room's code to link back to (null once the caller left the room). */
const GAME_WHEN = "select g.created_at, g.ended_at, (select r.code from rooms r where r.id = g.room_id) as room_code from games g where g.id = $1";

type GamePlayerRow = { user_id: string; seat: number; alive: boolean; display_name: string | null; appearance: string | null; is_bot: boolean };

/**
 * The game, its players and when it was played, as the caller may see them: one script (one round
 * trip, no transaction held between reads), each statement under RLS as the caller.
 */
export async function getGame(db: Db, claims: Claims, id: string) {
  if (!isUuid(id)) throw gameNotFound();
  const [, games, players, whens] = (await db.exec(
    scriptOf([becomeUserScript(claims), inlineParams(VISIBLE_GAME, [id]), inlineParams(GAME_PLAYERS, [id]), inlineParams(GAME_WHEN, [id])]),
  )) as unknown as [unknown, (GameRow & { config: unknown })[], GamePlayerRow[], { created_at: string | Date; ended_at: string | Date | null; room_code: string | null }[]];
  const [g] = games;
  if (!g) throw gameNotFound();
  const [when] = whens;
  const config = g.config as { ruleset?: unknown };
  return {
    game: {
      id: g.id,
      roomId: g.room_id,
      mode: g.mode,
      ruleset: typeof config?.ruleset === "string" ? config.ruleset : null,
      phase: g.phase,
      day: g.day,
      deadline: toMs(g.deadline),
      ended: g.ended,
      winner: g.winner,
      config: g.config,
      startedAt: toMs(when.created_at),
      endedAt: toMs(when.ended_at),
      roomCode: when.room_code,
    },
    players: players.map((p) => ({
      userId: p.user_id,
      seat: p.seat,
      alive: p.alive,
      displayName: p.display_name,
      appearance: p.appearance,
      isBot: p.is_bot,
    })),
    serverNow: Date.now(),
  };
}

export function getMyRole(db: Db, claims: Claims, id: string) {
  return db.asUser(claims, async (tx) => {
    const g = await visibleGame(tx, id);
    // RLS: own row only, every row once the game has ended (S-END-1).
    const rows = await tx.query<{ user_id: string; role: string; teams: string[] }>(
      "select user_id, role, teams from game_roles where game_id = $1 order by user_id",
      [g.id],
    );
    const mine = rows.find((r) => r.user_id === claims.sub);
    if (!mine) throw new AppError(403, "NOT_A_PLAYER", "You are not a player in this game.");
    const out: { role: string; teams: string[]; roles?: { userId: string; role: string; teams: string[] }[] } = {
      role: mine.role,
      teams: mine.teams,
    };
    if (g.ended) out.roles = rows.map((r) => ({ userId: r.user_id, role: r.role, teams: r.teams }));
    return out;
  });
}

interface EventRow {
  audience: string;
  audience_seq: number;
  day: number;
  payload: GameEvent;
}

const toEvent = (r: EventRow): GameEvent => ({ ...r.payload, day: r.day });

/** The first `limit` rows, whether there are more, and the cursor after them. */
function pageOf<R extends EventRow>(rows: R[], cursor: Cursor, limit: number) {
  const more = rows.length > limit;
  const page = more ? rows.slice(0, limit) : rows;
  const next = { ...cursor };
  for (const r of page) next[r.audience] = Math.max(next[r.audience] ?? 0, r.audience_seq);
  return { page, more, next };
}

async function readEvents(tx: Tx, gameId: string, cursor: Cursor, limit: number) {
  const rows = await tx.query<EventRow>(
    `select audience, audience_seq, day, payload from game_events
     where game_id = $1 and audience_seq > coalesce(($2::text::jsonb ->> audience)::int, 0)
     order by id limit ${limit + 1}`,
    [gameId, JSON.stringify(cursor)],
  );
  return pageOf(rows, cursor, limit);
}

/**
 * The game row (404 when RLS hides it) and the events after `cursor`, in one statement: every
 * member fetches on every signal (lib/realtime/view-sync.ts), so this is the browser's hottest read.
 * It is `app.game_events_after` (migration 0017_game_events_read), a security-invoker function:
 * the policy on `game_events` alone decides which rows come back, exactly as for a plain
 * statement, and the plan is kept per session instead of being made again for every request.
 * (Reading per readable audience through the unique (game_id, audience, audience_seq) index was
 * measured slower at game sizes we see: three scope look-ups and a union cost more to plan than
 * filtering a game's few hundred rows.)
 */
const EVENTS_SINCE = "select game, audience, audience_seq, day, payload from app.game_events_after($1::uuid, $2::text::jsonb, $3::int)";

export async function getEvents(db: Db, claims: Claims, id: string, rawCursor: string | null) {
  const cursor = decodeCursor(rawCursor);
  if (!isUuid(id)) throw gameNotFound();
  return db.asUser(claims, async (tx) => {
    const rows = await tx.query<EventRow & { game: boolean }>(EVENTS_SINCE, [id, JSON.stringify(cursor), EVENTS_PAGE + 1]);
    if (rows[0]?.game !== true) throw gameNotFound();
    // No event after the cursor: one row of nulls from the outer join.
    const events = rows[0].audience === null ? [] : rows;
    const { page, more, next } = pageOf(events, cursor, EVENTS_PAGE);
    return { events: page.map(toEvent), cursor: encodeCursor(next), more, serverNow: Date.now() };
  });
}

/** A position in a room's events: a game of the room and the cursor of what was already read. */
export interface RoomEventsPosition {
  game: string;
  cursor: Cursor;
  /**
   * The id of the last event row already read (server side only, never sent: ids are global and
   * would show gaps). Writes to a game's events hold its row lock, so within one game ids commit in
   * order and "id > afterId" loses nothing; it lets the read use the (game_id, id) index instead
   * of running the events policy on every row of the game for every member on every signal.
   */
  afterId?: number;
}

/**
 * The room's current game and its events after `at` (from the start when `at` is another game),
 * as one statement. Run as the caller: the `rooms` policy decides whether there is a game to see,
 * the `game_events` policy which rows. The query is `app.room_events_after` (migration
 * 0015_room_events_read), a security-invoker function. The realtime stream no longer reads it (a
 * step's events are delivered by the writing transaction, migration 0036); what stays are the tests
 * of that function's policies (tests/db) and of shared reads, and scripts/bench-reads.ts.
 */
export function roomEventsStatement(roomId: string, at: RoomEventsPosition | null, limit = EVENTS_PAGE): { text: string; params: unknown[] } {
  return {
    text: `select game, id, audience, audience_seq, day, payload
       from app.room_events_after($1::uuid, $2::uuid, $3::text::jsonb, $4::bigint, $5::int)`,
    params: [roomId, at?.game ?? null, JSON.stringify(at?.cursor ?? {}), at?.afterId ?? 0, limit + 1],
  };
}

/** The caller's folded view: initialView + applyEvent over exactly the rows RLS returns. */
export function getView(db: Db, claims: Claims, id: string) {
  return db.asUser(claims, async (tx) => {
    const g = await visibleGame(tx, id);
    const mode = modeOf(g.mode);
    const seats = await tx.query<{ user_id: string }>("select user_id from game_players where game_id = $1 order by seat", [g.id]);
    let view = mode.initialView(claims.sub, seats.map((s) => s.user_id));
    let cursor: Cursor = {};
    for (;;) {
      const { page, more, next } = await readEvents(tx, g.id, cursor, 5000);
      for (const r of page) view = mode.applyEvent(view, toEvent(r));
      cursor = next;
      if (!more) break;
    }
    return { view, cursor: encodeCursor(cursor), serverNow: Date.now() };
  });
}

/**
 * Chat of one channel and day, as readable under RLS — in werewolf the day's (S-CHAT-2) or one
 * night's wolf chat (S-CHAT-3, with the anonymised copies a peeking Little Girl received, C-GIRL-1).
 * The channels are the mode's (`chatChannels`); without `channel`, its first.
 */
export function getChat(db: Db, claims: Claims, id: string, channel: string | undefined, day: number) {
  return db.asUser(claims, async (tx) => {
    const g = await visibleGame(tx, id);
    const channels = modeOf(g.mode).chatChannels ?? [];
    channel ??= channels[0];
    if (!channel || !channels.includes(channel)) {
      throw new AppError(400, "BAD_REQUEST", `query.channel: expected one of ${channels.map((c) => `"${c}"`).join(" | ") || "(none)"}`);
    }
    const rows = await tx.query<EventRow>(
      `select audience, audience_seq, day, payload from game_events
       where game_id = $1 and type = 'chat' and day = $2 and payload->>'channel' = $3 order by id`,
      [g.id, day, channel],
    );
    return { messages: rows.map(toEvent) };
  });
}
