// A room of any mode seeded by direct SQL as the owner (no engine), for the RLS matrix: seats with
// their role, teams (what the server writes from the mode's `seats()`) and `alive`, members without
// a seat (spectators), and events whose `type` is a label naming each and whose audience is the one
// the engine gives its type (the mode's docs, "Secrecy" / "Events and audiences").
import { randomUUID } from "node:crypto";
import { audienceKey, type Audience } from "@/lib/game/core/types";
import type { Claims, Db } from "@/lib/db/types";

export interface SeededSeat<V extends string> {
  viewer: V;
  role: string;
  teams: string[];
  alive: boolean;
}

export interface SeededEvent {
  label: string;
  audience: Audience;
}

export interface ModeWorld<V extends string> {
  ended: boolean;
  ids: Record<V, string>;
  roomId: string;
  gameId: string;
  events: SeededEvent[];
  claims(v: V): Claims;
}

export interface ModeRoom<V extends string> {
  mode: string;
  ended: boolean;
  /** The running game's phase and the winner at its end. */
  phase: string;
  winner: string;
  seats: SeededSeat<V>[];
  /** Members without a seat. */
  watchers: V[];
  events(ids: Record<V, string>): SeededEvent[];
}

export async function seedModeRoom<V extends string>(db: Db, room: ModeRoom<V>): Promise<ModeWorld<V>> {
  const viewers: V[] = [...room.seats.map((s) => s.viewer), ...room.watchers];
  const ids = Object.fromEntries(viewers.map((v) => [v, randomUUID()])) as Record<V, string>;
  const host = ids[room.seats[0].viewer];
  const events = room.events(ids);
  const world = await db.tx(async (tx) => {
    const [r] = await tx.query<{ id: string }>("insert into rooms (code, host_id, status) values ($1, $2, 'playing') returning id", [`M${randomUUID().slice(0, 8)}`, host]);
    const [game] = await tx.query<{ id: string }>(
      `insert into games (room_id, mode, phase, day, ended, winner, ended_at)
       values ($1, $2, $3, 2, $4, $5, case when $4 then now() end) returning id`,
      [r.id, room.mode, room.ended ? "ended" : room.phase, room.ended, room.ended ? room.winner : null],
    );
    await tx.query("update rooms set game_id = $2 where id = $1", [r.id, game.id]);
    for (const v of viewers) await tx.query("insert into room_members (room_id, user_id, display_name) values ($1, $2, $3)", [r.id, ids[v], v]);
    for (const [i, s] of room.seats.entries()) {
      await tx.query("insert into game_players (game_id, user_id, seat, alive) values ($1, $2, $3, $4)", [game.id, ids[s.viewer], i + 1, s.alive]);
      await tx.query("insert into game_roles (game_id, user_id, role, teams) values ($1, $2, $3, $4)", [game.id, ids[s.viewer], s.role, s.teams]);
    }
    for (const e of events) {
      await tx.query("insert into game_events (game_id, audience, type, payload) values ($1, $2, $3, $4)", [game.id, audienceKey(e.audience), e.label, { label: e.label }]);
    }
    return { roomId: r.id, gameId: game.id };
  });
  return { ended: room.ended, ids, ...world, events, claims: (v) => ({ sub: ids[v], role: "authenticated", is_anonymous: true }) };
}
