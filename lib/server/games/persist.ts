// Writes one engine step: state, public status, seats, events with their audiences, and their
// deliveries (the events themselves, on the room topic and on each reader's user topic). Always
// under the game row lock: in the transaction that holds it (an action's locked path, a game's
// start) or in a script that takes it first (`writeIfUnchanged`).
//
// Each write is a statement of a script (`tx.exec`, values inlined as literals by `inlineParams`):
// a step is one round trip whatever it writes. Unprepared parameterized statements cost two
// round trips each through postgres.js, and the writes of every action and phase were the largest
// item of the server's profile under load (docs/performance.md, "Load").
import { audienceKey, type GameEvent, type GameStatus, type SeatInfo } from "../../game/core/types";
import { inlineParams } from "../../db/driver";
import type { Db, Tx } from "../../db/types";
import { sqlState } from "../db-errors";
import { roomTopic, signalsStatement } from "../signal";
import type { AnyMode } from "./mode";
import { rowStatus, type GameRow } from "./rows";

const sameStatus = (a: GameStatus, b: GameStatus) =>
  a.phase === b.phase && a.day === b.day && a.deadline === b.deadline && a.ended === b.ended && a.winner === b.winner;

/** The events as one JSON array value of `INSERT_EVENTS`. */
const eventRows = (events: GameEvent[], day: number): string =>
  JSON.stringify(
    events.map((e) => ({
      audience: audienceKey(e.audience),
      type: e.type,
      day: typeof e.day === "number" ? e.day : day,
      payload: e,
    })),
  );

/**
 * Inserts the step's events and, in the same statement, sends them (`app.deliver_events`, migration
 * 0036_event_deliveries): the public ones once on the room topic, each other one on the user topic
 * of everyone the `game_events` policy's own function lets read it — judged against the seats this
 * step wrote before it (a wolf who died in it gets none of its pack events, a Thief who became a
 * wolf in it does). audience_seq is numbered by the table's trigger, in this order (ordinality);
 * each delivered event carries it, so a reader sees a gap in what it was sent.
 */
const INSERT_EVENTS = `with ins as (
    insert into game_events (game_id, audience, type, day, payload)
    select $1, e->>'audience', e->>'type', (e->>'day')::int, e->'payload'
      from jsonb_array_elements($2::text::jsonb) with ordinality as t(e, n) order by n
    returning id, audience, audience_seq, day, payload
  )
  select app.deliver_events($1, (select jsonb_agg(jsonb_build_object('id', id, 'a', audience, 's', audience_seq,
           'e', payload || jsonb_build_object('day', day)) order by id) from ins))`;

export const eventsStatement = (gameId: string, events: GameEvent[], day: number): string =>
  events.length === 0 ? "" : inlineParams(INSERT_EVENTS, [gameId, eventRows(events, day)]);

/** S-END-1: when a step ends the game, the room now offers "play again" (its events went with them). */
export const endedSignalStatement = (roomId: string, endedNow: boolean): string => (endedNow ? signalsStatement([[roomTopic(roomId), "room"]]) : "");

const INSERT_SEATS = [
  // The names and looks the players begin with stay with the game (migration 0035): its results
  // page is read after members leave or rename.
  `insert into game_players (game_id, user_id, seat, alive, display_name, appearance, is_bot)
   select $1, (s->>'player')::uuid, (s->>'seat')::int, (s->>'alive')::boolean, m.display_name, m.appearance, coalesce(m.is_bot, false)
   from jsonb_array_elements($2::text::jsonb) s
   left join room_members m on m.room_id = (select g.room_id from games g where g.id = $1) and m.user_id = (s->>'player')::uuid`,
  `insert into game_roles (game_id, user_id, role, teams)
   select $1, (s->>'player')::uuid, s->>'role', array(select jsonb_array_elements_text(s->'teams'))
   from jsonb_array_elements($2::text::jsonb) s`,
];
const UPDATE_SEATS = [
  `update game_players p set alive = (s->>'alive')::boolean
   from jsonb_array_elements($2::text::jsonb) s
   where p.game_id = $1 and p.user_id = (s->>'player')::uuid and p.alive is distinct from (s->>'alive')::boolean`,
  `update game_roles r set role = s->>'role', teams = array(select jsonb_array_elements_text(s->'teams'))
   from jsonb_array_elements($2::text::jsonb) s
   where r.game_id = $1 and r.user_id = (s->>'player')::uuid
     and (r.role is distinct from s->>'role' or r.teams is distinct from array(select jsonb_array_elements_text(s->'teams')))`,
];

/** `game_players` / `game_roles` rows of the seats: inserted at the start, updated after. */
export const seatsStatements = (gameId: string, seats: SeatInfo[], insert: boolean): string[] =>
  (insert ? INSERT_SEATS : UPDATE_SEATS).map((text) => inlineParams(text, [gameId, JSON.stringify(seats)]));

/** The non-empty statements as one script (one round trip). */
export const scriptOf = (statements: readonly string[]): string => statements.filter((s) => s !== "").join(";\n");

/** Starts an optimistic write (0018): raises 40001 STALE_GAME_STATE if the state moved since the read. */
const EXPECT_REV = "select app.expect_game_rev($1::uuid, $2::bigint)";

const isStale = (e: unknown): boolean => sqlState(e) === "40001" && String((e as Error).message).includes("STALE_GAME_STATE");

/**
 * Runs `statements` (a step's writes, `stepWrites`) as one script that first checks, under the game
 * row lock, that the state is still at `rev`, the write count it was read at (0018). A script is
 * one implicit transaction, so it writes all or nothing: false, with nothing written, when another
 * writer got in between the read and this write.
 */
export async function writeIfUnchanged(db: Pick<Db, "exec">, gameId: string, rev: number, statements: readonly string[]): Promise<boolean> {
  try {
    await db.exec(scriptOf([inlineParams(EXPECT_REV, [gameId, rev]), ...statements]));
    return true;
  } catch (error) {
    if (isStale(error)) return false;
    throw error;
  }
}

/** Runs the non-empty statements as one script (one round trip). */
export async function runStatements(tx: Tx, statements: string[]): Promise<void> {
  const script = scriptOf(statements);
  if (script !== "") await tx.exec(script);
}

/** The seats of `state` as `stepWrites` compares them. */
export const seatsKey = (mode: AnyMode, state: unknown): string => JSON.stringify(mode.seats(state));

/** An action's stored reply, written with its step (lib/server/games/act.ts, idempotency). */
export interface StoredRequest {
  userId: string;
  key: string;
  response: string;
}

/** The state, the public status (when it changed) and the action's stored reply. */
const SAVE_STATE = `with saved_state as (
    update game_states set state = $2::text::json, rev = rev + 1, updated_at = now() where game_id = $1
  ), saved_status as (
    update games set phase = $4, day = $5,
       deadline = timestamptz 'epoch' + $6::bigint * interval '1 millisecond',
       ended = $7, winner = $8, version = version + 1, phase_started_at = now(),
       ended_at = case when $7 and ended_at is null then now() else ended_at end
     where id = $1 and $3::boolean
  ), saved_request as (
    insert into action_requests (game_id, user_id, idempotency_key, response)
    select $1, $9::uuid, $10, $11::text::jsonb where $9::uuid is not null
  )
  select 1`;

/**
 * The statements persisting `state`, in order (run after `writeIfUnchanged`'s check, or in the
 * locked transaction), reached from the `game` row as read through `events`. The
 * public row (and its version) changes only when the public status does: a secret action must not
 * be observable as a version bump on a row every member can read. Every write bumps the state's
 * private `rev` (0018), which the optimistic writes check.
 * `seatsBefore` is `seatsKey(mode, stored)` of the stored state the step started from (the
 * engine never writes into its input, so taking it before or after the step is the same): `game_players` /
 * `game_roles` mirror those seats (only this module writes them), so when the step changed no seat
 * — a chat line, a vote — the two seat statements are left out (docs/performance.md, "Load").
 * The deliveries are judged against the post-step seats the step writes first: a team event reaches
 * the members living after it (a Thief who took a Wolf card in it included, a wolf who died in it not).
 */
export function stepWrites(
  mode: AnyMode,
  game: GameRow,
  state: unknown,
  events: GameEvent[],
  opts: { seatsBefore?: string; request?: StoredRequest } = {},
): string[] {
  const status = mode.status(state);
  const { request } = opts;
  const seats = mode.seats(state);
  const seatsChanged = opts.seatsBefore === undefined || opts.seatsBefore !== JSON.stringify(seats);
  return [
    inlineParams(SAVE_STATE, [
      game.id,
      JSON.stringify(state),
      !sameStatus(status, rowStatus(game)),
      status.phase,
      status.day,
      status.deadline,
      status.ended,
      status.winner,
      request?.userId ?? null,
      request?.key ?? null,
      request?.response ?? null,
    ]),
    ...(seatsChanged ? seatsStatements(game.id, seats, false) : []),
    eventsStatement(game.id, events, status.day),
    endedSignalStatement(game.room_id, status.ended && !game.ended),
  ];
}
