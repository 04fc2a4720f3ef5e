// Issue 22 item 9: a room keeps its past games. "Play again" deletes nothing; the lobby's list
// (GET /api/rooms/:code/games) and a game's results (GET /api/games/:id, /view, /me) are read under
// RLS by those who were there (app.is_game_member, migration 0024): a member who joined after the
// end and an outsider get the same 404 as for a game that does not exist.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { forEachDb } from "../db/test-db";
import { useDb } from "@/lib/server/db";
import { GET as historyRoute } from "@/app/api/rooms/[code]/games/route";
import { POST as joinRoute } from "@/app/api/rooms/[code]/join/route";
import { POST as leaveRoute } from "@/app/api/rooms/[code]/leave/route";
import { POST as resetRoute } from "@/app/api/rooms/[code]/reset/route";
import { GET as gameRoute } from "@/app/api/games/[id]/route";
import { GET as meRoute } from "@/app/api/games/[id]/me/route";
import { GET as viewRoute } from "@/app/api/games/[id]/view/route";
import { signIn, type Client } from "./helpers";
import { lobby, playToEnd, startIn, type Table } from "./game-setup";

/** What a reader gets of one game through every results read. */
async function results(c: Client, gameId: string) {
  const params = { params: { id: gameId } };
  const [game, view, me] = await Promise.all([c.call(gameRoute, params), c.call(viewRoute, params), c.call(meRoute, params)]);
  return { game, view, me };
}

forEachDb("game history", (db) => {
  beforeAll(() => useDb(db()));
  afterAll(() => useDb(undefined));

  /** A room that played `n` games to the end, each followed by "play again". */
  async function roomWithGames(n: number) {
    const room = await lobby(8);
    const tables: Table[] = [];
    for (let i = 0; i < n; i++) {
      const t = await startIn(room);
      await playToEnd(db(), t);
      expect((await room.host.call(resetRoute, { params: { code: room.code }, body: {} })).status).toBe(200);
      tables.push(t);
    }
    return { ...room, tables };
  }

  const list = (c: Client, code: string) => c.call(historyRoute, { params: { code } });

  it("S-END-1: every ended game survives 'play again' — listed newest first with winner, date and the reader's own outcome; its results read whole", async () => {
    const before = Date.now();
    const { code, players, tables } = await roomWithGames(2);
    const [first, second] = tables;
    // Nothing of the ended games was deleted: their rows are all still there.
    const [kept] = await db().tx((tx) =>
      tx.query<{ games: number; states: number; roles: number; ends: number }>(
        `select (select count(*)::int from games where id = any($1::uuid[]) and ended) as games,
                (select count(*)::int from game_states where game_id = any($1::uuid[])) as states,
                (select count(*)::int from game_roles where game_id = any($1::uuid[])) as roles,
                (select count(*)::int from game_events where game_id = any($1::uuid[]) and type = 'game_end') as ends`,
        [[first.gameId, second.gameId]],
      ),
    );
    expect(kept).toEqual({ games: 2, states: 2, roles: 16, ends: 2 });

    for (const p of players) {
      const res = await list(p, code);
      expect(res.status).toBe(200);
      expect(res.body.games.map((g: { id: string }) => g.id)).toEqual([second.gameId, first.gameId]);
      for (const [i, g] of res.body.games.entries()) {
        const t = [second, first][i];
        const role = t.role.get(p.id)!;
        // playToEnd lets the wolves eat the village.
        expect(g).toMatchObject({ winner: "wolves", ruleset: "standard", players: 8, myRole: role, won: role === "wolf" });
        expect(g.startedAt).toBeGreaterThanOrEqual(before - 1000);
        expect(g.endedAt).toBeGreaterThanOrEqual(g.startedAt);
        expect(g.endedAt).toBeLessThanOrEqual(Date.now() + 1000);
      }
    }
    // Each game's results, read after "play again" by one of its players: winner, every role, the timeline.
    for (const t of tables) {
      const { game, view, me } = await results(players[5], t.gameId);
      expect(game.status).toBe(200);
      expect(game.body.game).toMatchObject({ id: t.gameId, ended: true, winner: "wolves", roomCode: code });
      expect(game.body.players.every((p: { displayName: string | null }) => p.displayName !== null)).toBe(true);
      expect(view.status).toBe(200);
      expect(view.body.view.ended).toBe(true);
      expect(view.body.view.winner).toBe("wolves");
      expect(Object.fromEntries(Object.entries(view.body.view.roles))).toEqual(Object.fromEntries(t.role));
      expect(me.body.roles).toHaveLength(8);
    }
  });

  it("a member who joins after the end and an outsider get neither the list entry nor the results: the same 404 as a game that does not exist", async () => {
    const { code, players, tables } = await roomWithGames(1);
    const gameId = tables[0].gameId;
    const late = await signIn("Late");
    expect((await late.call(joinRoute, { params: { code }, body: {} })).status).toBe(200);
    const outsider = await signIn("Outsider");

    const lateList = await list(late, code);
    expect(lateList.status).toBe(200);
    expect(lateList.body.games).toEqual([]);
    const outsiderList = await list(outsider, code);
    expect(outsiderList.status).toBe(404);
    expect(outsiderList.body.error.code).toBe("ROOM_NOT_FOUND");

    const missing = await results(players[0], randomUUID());
    for (const who of [late, outsider]) {
      const r = await results(who, gameId);
      for (const read of ["game", "view", "me"] as const) {
        expect(r[read].status, `${who.name} ${read}`).toBe(404);
        // Not allowed reads exactly as does not exist: nothing tells the game is there.
        expect(r[read].body, `${who.name} ${read}`).toEqual(missing[read].body);
      }
    }
    // A player still reads it, and still lists it, with a late member in the room.
    expect((await results(players[2], gameId)).view.status).toBe(200);
    expect((await list(players[2], code)).body.games).toHaveLength(1);
  });

  it("a player who left the room still reads the game, with every player's name as it was played", async () => {
    const { code, players, tables } = await roomWithGames(1);
    const gameId = tables[0].gameId;
    const names = new Map(players.map((p) => [p.id, p.name]));
    const [leaver, stayer] = [players[3], players[4]];
    expect((await leaver.call(leaveRoute, { params: { code }, body: {} })).status).toBe(200);

    // The room is gone for the leaver (no list, no link back); the game is not.
    expect((await list(leaver, code)).status).toBe(404);
    for (const reader of [leaver, stayer]) {
      const { game, view } = await results(reader, gameId);
      expect(game.status).toBe(200);
      expect(game.body.game.roomCode).toBe(reader === leaver ? null : code);
      expect(new Map(game.body.players.map((p: { userId: string; displayName: string }) => [p.userId, p.displayName]))).toEqual(names);
      expect(view.body.view.ended).toBe(true);
    }
  });
});
