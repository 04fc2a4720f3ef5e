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
import { inlineParams, scriptOf } from "../../db/driver";
import type { Db, Tx } from "../../db/types";
import { raisedAs } from "../db-errors";
import type { AnyMode } from "./mode";
import { rowStatus, type GameRow } from "./rows";
import { statePatch, type StatePatch } from "./state-patch";
import { patchable, type StoredState } from "./stored-state";

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
 * One step's writes as one call (`app.save_step`, migration 0037_save_step): the state, the public
 * status when it changed, the request's stored reply, the seats when they changed, the events — each
 * delivered in the same transaction (`app.deliver_events`, 0036_event_deliveries: the public ones
 * once on the room topic, each other one on the user topic of everyone the `game_events` policy's
 * own function lets read it, judged against the seats written just before) — and, when the step
 * ends the game, the room signal. audience_seq is numbered in the step's order; each delivered
 * event carries it, so a reader sees a gap in what it was sent.
 */
const SAVE_STEP = "select app.save_step($1::uuid, $2::text, $3::text, $4::jsonb, $5::jsonb, $6::jsonb, $7::jsonb, $8::boolean)";

export interface StepSave {
  /** The step's change of the stored state, written instead of the whole state (stored-state.ts). */
  patch?: StatePatch | null;
  /** The public status to write, when it changed. */
  status?: GameStatus | null;
  /** The seats to write, when they changed (inserted ones are written by `seatsStatements`). */
  seats?: readonly SeatInfo[] | null;
  events: GameEvent[];
  /** The day events without one of their own are filed under. */
  day: number;
  request?: StoredRequest | null;
  endedNow?: boolean;
}

export const saveStepStatement = (gameId: string, state: unknown, save: StepSave): string =>
  inlineParams(SAVE_STEP, [
    gameId,
    save.patch ? null : JSON.stringify(state),
    save.patch ? JSON.stringify(save.patch) : null,
    save.status ? JSON.stringify(save.status) : null,
    save.seats ? JSON.stringify(save.seats) : null,
    eventRows(save.events, save.day),
    save.request ? JSON.stringify(save.request) : null,
    save.endedNow ?? false,
  ]);

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

/** `game_players` / `game_roles` rows of the seats, at the start (later steps update them: `app.save_step`). */
export const seatsStatements = (gameId: string, seats: SeatInfo[]): string[] =>
  INSERT_SEATS.map((text) => inlineParams(text, [gameId, JSON.stringify(seats)]));

/** Starts an optimistic write (0018): raises 40001 STALE_GAME_STATE if the state moved since the read. */
const EXPECT_REV = "select app.expect_game_rev($1::uuid, $2::bigint)";

export const isStale = (e: unknown): boolean => raisedAs(e, "40001", "STALE_GAME_STATE");

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
 * With `stored` (the stored state the step started from), the state is written as the step's patch
 * while `patchable` allows (stored-state.ts); `storedAfter` tells what the write left stored.
 */
export function stepWrites(
  mode: AnyMode,
  game: GameRow,
  state: unknown,
  events: GameEvent[],
  opts: { seatsBefore?: string; request?: StoredRequest; stored?: Pick<StoredState, "state" | "sinceBase"> } = {},
): string[] {
  const status = mode.status(state);
  const patch = patchable(opts.stored, status.ended) ? statePatch(opts.stored.state, state) : null;
  const { request } = opts;
  const seats = mode.seats(state);
  const seatsChanged = opts.seatsBefore === undefined || opts.seatsBefore !== JSON.stringify(seats);
  return [
    saveStepStatement(game.id, state, {
      patch,
      status: sameStatus(status, rowStatus(game)) ? null : status,
      seats: seatsChanged ? seats : null,
      events,
      day: status.day,
      request,
      endedNow: status.ended && !game.ended,
    }),
  ];
}
