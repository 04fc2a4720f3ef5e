// Issue 28 item 9 (docs/security.md, "Old games belong to who was there"): after "play again" a
// room takes new members; the games it played before are read by their players and the members
// the room had while they ran (S-END-1), never by someone who joined later — no game row, seat,
// role, event or chat line, through RLS or through the services built on it. Same style as
// tests/db/rls-matrix.test.ts, on PGlite and (with TEST_DATABASE_URL) Postgres.
import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import { canSee } from "@/lib/game/core/types";
import type { Claims, Db } from "@/lib/db/types";
import { createSharedReads } from "@/lib/db/shared-reads";
import { getChat, getEvents, getGame, getMyRole, getView, roomEventsStatement } from "@/lib/server/games/reads";
import { forEachDb } from "./test-db";
import { seedWorld, type Viewer } from "./seed-world";

const read = (db: Db, claims: Claims, sql: string, params: unknown[]) => db.asUser(claims, (tx) => tx.query(sql, params));

/** What `claims` reads of game `gameId`, table by table, under RLS. */
async function everything(db: Db, claims: Claims, gameId: string) {
  return {
    games: (await read(db, claims, "select id from games where id = $1", [gameId])).length,
    players: (await read(db, claims, "select user_id from game_players where game_id = $1", [gameId])).length,
    roles: (await read(db, claims, "select user_id from game_roles where game_id = $1", [gameId])).length,
    events: (await read(db, claims, "select type from game_events where game_id = $1", [gameId])).length,
    canRead: (await read(db, claims, "select app.can_read_event($1, 'public') as ok", [gameId]))[0].ok,
  };
}

/** A member who joins the room now, as "play again" lets them (the game is over, the room reset). */
async function lateMember(db: Db, roomId: string): Promise<Claims> {
  const sub = randomUUID();
  await db.tx(async (tx) => {
    await tx.query("update rooms set status = 'lobby', game_id = null where id = $1", [roomId]);
    await tx.query("insert into room_members (room_id, user_id, display_name, joined_at) values ($1, $2, 'late', clock_timestamp())", [roomId, sub]);
  });
  return { sub, role: "authenticated", is_anonymous: true };
}

forEachDb("who reads an ended game", (db) => {
  it("S-END-1: players and the members who were there still read everything of an ended game", async () => {
    const world = await seedWorld(db(), { ended: true });
    await lateMember(db(), world.roomId);
    for (const v of [...world.seats.map((s) => s.viewer), "spectator"] as Viewer[]) {
      const seen = await everything(db(), world.claims(v), world.gameId);
      expect(seen, v).toEqual({ games: 1, players: world.seats.length, roles: world.seats.length, events: world.events.length, canRead: true });
    }
  });

  it("a member who joined after the end reads nothing of it: no row, seat, role or event, through any read", async () => {
    const world = await seedWorld(db(), { ended: true });
    const late = await lateMember(db(), world.roomId);
    expect(await everything(db(), late, world.gameId)).toEqual({ games: 0, players: 0, roles: 0, events: 0, canRead: false });
    // The services answer as for a game that does not exist.
    for (const call of [
      () => getGame(db(), late, world.gameId),
      () => getMyRole(db(), late, world.gameId),
      () => getView(db(), late, world.gameId),
      () => getChat(db(), late, world.gameId, "wolves", 2),
      () => getEvents(db(), late, world.gameId, null),
    ]) {
      await expect(call()).rejects.toMatchObject({ status: 404 });
    }
    // The scopes of every game at once (no `app.event_game` hint) leave it out too.
    expect(await read(db(), late, "select game_id from app.my_event_scopes() where game_id = $1", [world.gameId])).toEqual([]);
    // And the room's pushed read names no game of the past.
    const { text, params } = roomEventsStatement(world.roomId, { game: world.gameId, cursor: {} });
    const rows = await createSharedReads(db()).query<{ game: string | null; audience: string | null }>(late, text, params);
    expect(rows.filter((r) => r.audience !== null)).toEqual([]);
  });

  for (const ended of [true, false]) {
    it(`${ended ? "S-END-1" : "S-SEER-1, S-WOLF-2"}: a player who has left the room still reads what a player of the ${ended ? "ended" : "running"} game may, with no game named (0045)`, async () => {
      const world = await seedWorld(db(), { ended });
      for (const seat of world.seats) {
        await db().tx((tx) => tx.query("delete from room_members where room_id = $1 and user_id = $2", [world.roomId, seat.id]));
        const seen = await db().asUser(world.claims(seat.viewer), (tx) =>
          tx.query<{ type: string }>("select type from game_events where game_id = $1", [world.gameId]),
        );
        const allowed = world.events.filter((e) => canSee(e.audience, { player: seat.id, alive: seat.alive, teams: seat.teams }, ended));
        expect(seen.map((r) => r.type).sort(), seat.viewer).toEqual(allowed.map((e) => e.label).sort());
      }
    });
  }

  it("a running game is still read by every member of its room, whenever they joined", async () => {
    const world = await seedWorld(db(), { ended: false });
    const sub = randomUUID();
    await db().tx((tx) => tx.query("insert into room_members (room_id, user_id, display_name, joined_at) values ($1, $2, 'watcher', clock_timestamp())", [world.roomId, sub]));
    const seen = await everything(db(), { sub, role: "authenticated" }, world.gameId);
    expect(seen).toMatchObject({ games: 1, players: world.seats.length, roles: 0, canRead: true });
    expect(seen.events).toBeGreaterThan(0);
  });
});
