// Writes one engine step: state, public status, seats, events with their audiences, and one data-
// free signal per touched topic. Always inside the transaction that holds the game row lock.
import { audienceKey, type GameEvent, type GameStatus, type SeatInfo } from "../../game/core/types";
import type { Tx } from "../../db/types";
import { roomTopic, signal, teamTopic, userTopic, type SignalKind } from "../signal";
import type { AnyMode } from "./mode";
import { rowStatus, type GameRow } from "./rows";

const CHAT_TYPE = "chat";

const sameStatus = (a: GameStatus, b: GameStatus) =>
  a.phase === b.phase && a.day === b.day && a.deadline === b.deadline && a.ended === b.ended && a.winner === b.winner;

/** The topic whose subscribers may read an event with this audience; `end` events have none. */
function topicOf(roomId: string, e: GameEvent): string | null {
  switch (e.audience.kind) {
    case "public":
      return roomTopic(roomId);
    case "team":
      return teamTopic(roomId, e.audience.team);
    case "player":
      return userTopic(e.audience.player);
    case "end":
      return null;
  }
}

export async function insertEvents(tx: Tx, gameId: string, events: GameEvent[], day: number): Promise<void> {
  if (events.length === 0) return;
  const rows = events.map((e) => ({
    audience: audienceKey(e.audience),
    type: e.type,
    day: typeof e.day === "number" ? e.day : day,
    payload: e,
  }));
  // audience_seq is numbered by the table's trigger, in this order (ordinality).
  await tx.query(
    `insert into game_events (game_id, audience, type, day, payload)
     select $1, e->>'audience', e->>'type', (e->>'day')::int, e->'payload'
     from jsonb_array_elements($2::text::jsonb) with ordinality as t(e, n) order by n`,
    [gameId, JSON.stringify(rows)],
  );
}

/**
 * One signal per touched topic. A private event signals only its own topic, so nobody learns
 * the count or timing of events they cannot read (design §4).
 */
export async function signalEvents(tx: Tx, roomId: string, events: GameEvent[], endedNow: boolean): Promise<void> {
  const kinds = new Map<string, SignalKind>();
  for (const e of events) {
    const topic = topicOf(roomId, e);
    if (!topic) continue;
    const kind: SignalKind = e.type === CHAT_TYPE ? "chat" : "events";
    const prev = kinds.get(topic);
    kinds.set(topic, prev === undefined || prev === kind ? kind : "events");
  }
  if (endedNow) {
    // S-END-1: everything becomes readable, and the room now offers "play again".
    kinds.set(roomTopic(roomId), "events");
  }
  for (const [topic, kind] of kinds) await signal(tx, topic, kind);
  if (endedNow) await signal(tx, roomTopic(roomId), "room");
}

export async function writeSeats(tx: Tx, gameId: string, seats: SeatInfo[], insert: boolean): Promise<void> {
  const json = JSON.stringify(seats);
  if (insert) {
    await tx.query(
      `insert into game_players (game_id, user_id, seat, alive)
       select $1, (s->>'player')::uuid, (s->>'seat')::int, (s->>'alive')::boolean from jsonb_array_elements($2::text::jsonb) s`,
      [gameId, json],
    );
    await tx.query(
      `insert into game_roles (game_id, user_id, role, teams)
       select $1, (s->>'player')::uuid, s->>'role', array(select jsonb_array_elements_text(s->'teams'))
       from jsonb_array_elements($2::text::jsonb) s`,
      [gameId, json],
    );
    return;
  }
  await tx.query(
    `update game_players p set alive = (s->>'alive')::boolean
     from jsonb_array_elements($2::text::jsonb) s
     where p.game_id = $1 and p.user_id = (s->>'player')::uuid and p.alive is distinct from (s->>'alive')::boolean`,
    [gameId, json],
  );
  await tx.query(
    `update game_roles r set role = s->>'role', teams = array(select jsonb_array_elements_text(s->'teams'))
     from jsonb_array_elements($2::text::jsonb) s
     where r.game_id = $1 and r.user_id = (s->>'player')::uuid
       and (r.role is distinct from s->>'role' or r.teams is distinct from array(select jsonb_array_elements_text(s->'teams')))`,
    [gameId, json],
  );
}

/**
 * Persists `state` reached from the locked `game` row through `events`. The public row (and its
 * version) changes only when the public status does: a secret action must not be observable as
 * a version bump on a row every member can read.
 * `seatsBefore` is `seatsKey(mode, stored)` of the stored state the step started from, taken
 * *before* the engine ran (it may reuse and update state objects in place): `game_players` /
 * `game_roles` mirror those seats (only this module writes them), so when the step changed no seat
 * — a chat line, a vote — the two seat statements are skipped (docs/performance.md, "Load").
 */
/** The seats of `state` as `saveStep` compares them. */
export const seatsKey = (mode: AnyMode, state: unknown): string => JSON.stringify(mode.seats(state));

export async function saveStep(tx: Tx, mode: AnyMode, game: GameRow, state: unknown, events: GameEvent[], seatsBefore?: string): Promise<GameStatus> {
  const status = mode.status(state);
  await tx.query("update game_states set state = $2::text::jsonb, updated_at = now() where game_id = $1", [
    game.id,
    JSON.stringify(state),
  ]);
  if (!sameStatus(status, rowStatus(game))) {
    await tx.query(
      `update games set phase = $2, day = $3,
         deadline = timestamptz 'epoch' + $4::bigint * interval '1 millisecond',
         ended = $5, winner = $6, version = version + 1,
         ended_at = case when $5 and ended_at is null then now() else ended_at end
       where id = $1`,
      [game.id, status.phase, status.day, status.deadline, status.ended, status.winner],
    );
  }
  const seats = mode.seats(state);
  if (seatsBefore === undefined || seatsBefore !== JSON.stringify(seats)) await writeSeats(tx, game.id, seats, false);
  await insertEvents(tx, game.id, events, status.day);
  await signalEvents(tx, game.room_id, events, status.ended && !game.ended);
  return status;
}
