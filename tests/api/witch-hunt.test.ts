// Issue 25 item 1: Catch the Witch is a registered mode. A host picks it in the lobby, its settings
// are its own (WH-P8's time limit), and a room of one person and bots plays a whole game through
// the real routes, the deadline pass and the server bots (the cron pass's parts).
import { afterAll, beforeAll, expect, it } from "vitest";
import { forEachDb } from "../db/test-db";
import { useDb } from "@/lib/server/db";
import { POST as createRoute } from "@/app/api/rooms/route";
import { GET as roomRoute } from "@/app/api/rooms/[code]/route";
import { PATCH as settingsRoute } from "@/app/api/rooms/[code]/settings/route";
import { POST as readyRoute } from "@/app/api/rooms/[code]/ready/route";
import { POST as startRoute } from "@/app/api/rooms/[code]/start/route";
import { GET as gameRoute } from "@/app/api/games/[id]/route";
import { GET as meRoute } from "@/app/api/games/[id]/me/route";
import { POST as actionsRoute } from "@/app/api/games/[id]/actions/route";
import { expectRefused, signIn, type Client } from "./helpers";
import { expectListed } from "./mode-table";
import { playToEnd, viewOf, witchHuntTable } from "./witch-hunt-table";

// Fixed steps (the witches' 15 s, the 4 s quarrel) and bot think times at 2%.
process.env.MASOI_TIME_SCALE = "0.02";

forEachDb("Catch the Witch through the server", (db) => {
  beforeAll(() => useDb(db()));
  afterAll(() => useDb(undefined));

  it("WH-P8: the lobby offers the mode with its own settings; 4–12 players", async () => {
    const host = await signIn("WH host");
    const code: string = (await host.call(createRoute, { body: {} })).body.room.code;
    const patch = (body: object) => host.call(settingsRoute, { method: "PATCH", params: { code }, body });
    expect((await patch({ mode: "witch-hunt" })).body.room.settings).toEqual({ mode: "witch-hunt", timed: false });
    expect((await patch({ timed: true })).body.room.settings).toEqual({ mode: "witch-hunt", timed: true });
    // Werewolf's fields are not this mode's; the time scale is the deployment's, never the host's.
    await expectRefused(db(), () => patch({ ruleset: "classic" }), 400, "BAD_REQUEST");
    await expectRefused(db(), () => patch({ timeScale: 0.01 }), 400, "BAD_REQUEST");
    await expectRefused(db(), () => patch({ timed: "yes" }), 400, "BAD_REQUEST");
    // WH-R1: four players at least.
    expect((await host.call(readyRoute, { params: { code }, body: { ready: true } })).status).toBe(200);
    await expectRefused(db(), () => host.call(startRoute, { params: { code } }), 409, "BAD_PLAYER_COUNT");
    // Back to werewolf: its defaults again.
    expect((await patch({ mode: "werewolf" })).body.room.settings.mode).toBe("werewolf");
  });

  it("WH-R3, WH-P1: one person and five bots play a whole game to its end through the routes", async () => {
    const table = await witchHuntTable(1, 5);
    const { host, gameId } = table;
    const first = (await host.call(gameRoute, { params: { id: gameId } })).body;
    expect(first.game).toMatchObject({ mode: "witch-hunt", phase: "start", day: 0, ended: false, config: { timed: false } });
    expect(first.players).toHaveLength(6);
    const me = (await host.call(meRoute, { params: { id: gameId } })).body;
    expect(["witch", "seer", "healer", "guard", "villager"]).toContain(me.role);
    // The mode's action schema and rules answer through the route with stable codes.
    const bad = await host.call(actionsRoute, { params: { id: gameId }, body: { action: { type: "pick", location: "moon" }, idempotencyKey: "bad-1" } });
    expect(bad.status).toBe(400);
    const early = await host.call(actionsRoute, { params: { id: gameId }, body: { action: { type: "vote", target: null }, idempotencyKey: "bad-2" } });
    expect(early.status).toBe(403);
    expect(early.body.error.code).toBe("NOT_YOUR_TURN");

    const game = await playToEnd(db(), table);
    expect(game).toMatchObject({ ended: true, phase: "ended", deadline: null });
    expect(["village", "witches", "clown"]).toContain(game.winner);
    // After the end every role is told (WH-R13) in the person's own view.
    const view = await viewOf(table, host);
    expect(view.winner).toBe(game.winner);
    expect(Object.keys(view.roles ?? {})).toHaveLength(6);
    // The lobby's earlier games: this one, in its mode; the person won if on the winning side (WH-R2).
    const side = me.role === "witch" || me.role === "crow" ? "witches" : me.role === "clown" ? "clown" : "village";
    await expectListed(table, host, "witch-hunt", { winner: game.winner, endedByHost: false }, me.role, side === game.winner);
    const room = (await host.call(roomRoute, { params: { code: table.code } })).body;
    expect(room.members).toHaveLength(6);
    // Every bot played through the cron pass (the Start step waits for each of them).
    const actors = await db().tx((tx) =>
      tx.query<{ user_id: string }>("select distinct user_id from action_requests where game_id = $1 and idempotency_key like 'cron:%'", [gameId]),
    );
    expect(actors.map((a) => a.user_id).sort()).toEqual(first.players.map((p: { userId: string }) => p.userId).filter((id: string) => id !== host.id).sort());
  }, 200_000);
  it("WH-R14, WH-R24, WH-R26, WH-P12: the host's Absent through the route: public to all, the step's default at once, ended by acting", async () => {
    const table = await witchHuntTable(4, 0);
    const { host, gameId, people } = table;
    const [, a, b, away] = people;
    const act = (p: Client, action: object, key: string) => p.call(actionsRoute, { params: { id: gameId }, body: { action, idempotencyKey: key } });
    for (const p of [host, a, b]) expect((await act(p, { type: "ready" }, "ready")).status).toBe(200);
    // Only the host marks; a mark names a player of this game.
    const notHost = await act(a, { type: "mark_absent", player: away.id }, "m0");
    expect([notHost.status, notHost.body.error.code]).toEqual([403, "NOT_HOST"]);
    const stranger = await act(host, { type: "mark_absent", player: "nobody" }, "m1");
    expect([stranger.status, stranger.body.error.code]).toEqual([422, "INVALID_TARGET"]);
    // R14: Absent = Ready; Day 1 starts at once, and every seat reads the mark (public).
    expect((await act(host, { type: "mark_absent", player: away.id }, "m2")).status).toBe(200);
    expect((await host.call(gameRoute, { params: { id: gameId } })).body.game.phase).toBe("day.pick");
    for (const p of people) expect((await viewOf(table, p)).absent).toEqual([away.id]);
    const again = await act(host, { type: "mark_absent", player: away.id }, "m3");
    expect([again.status, again.body.error.code]).toEqual([422, "INVALID_TARGET"]);
    // P12: acting again (a pick, or a witch's line to the coven) ends it, for everyone to see.
    const role = (await away.call(meRoute, { params: { id: gameId } })).body.role;
    const back = await act(away, role === "witch" ? { type: "chat", channel: "coven", text: "back" } : { type: "pick", location: "forest" }, "back");
    expect(back.status).toBe(200);
    for (const p of people) expect((await viewOf(table, p)).absent).toEqual([]);
  });
});
