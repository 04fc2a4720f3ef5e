// Issue 26 item 1: the Werewolf card game is a registered mode. A host picks it in the lobby with
// its own settings (the Angel and the Traitor, CW-R39), and a room of one person and bots plays a
// whole game through the real routes, the deadline pass and the server bots (the cron pass's parts).
import { afterAll, beforeAll, expect, it } from "vitest";
import { forEachDb } from "../db/test-db";
import { useDb } from "@/lib/server/db";
import { POST as createRoute } from "@/app/api/rooms/route";
import { PATCH as settingsRoute } from "@/app/api/rooms/[code]/settings/route";
import { POST as readyRoute } from "@/app/api/rooms/[code]/ready/route";
import { POST as startRoute } from "@/app/api/rooms/[code]/start/route";
import { POST as addBotRoute } from "@/app/api/rooms/[code]/bots/route";
import { GET as gameRoute } from "@/app/api/games/[id]/route";
import { GET as meRoute } from "@/app/api/games/[id]/me/route";
import { POST as actionsRoute } from "@/app/api/games/[id]/actions/route";
import { expectRefused, signIn } from "./helpers";
import { cardTable, playToEnd, viewOf } from "./card-werewolf-table";
import { expectListed, type ModeTable } from "./mode-table";
import { POST as endGameRoute } from "@/app/api/rooms/[code]/end-game/route";

// Every step (a 60 s turn, the 30 s Seer, the 5 s count and Night) and bot think times at 5%: a
// bot acts at its own moment of a turn of 3 s, room for a loop slowed by a busy CI (at 2%, 1.2 s,
// three of five bots once saw their turns pass by the timer).
process.env.MASOI_TIME_SCALE = "0.05";

forEachDb("The Werewolf card game through the server", (db) => {
  beforeAll(() => useDb(db()));
  afterAll(() => useDb(undefined));

  it("CW-R4, CW-R39, CW-P1: the lobby offers the mode with its own settings; 6–12 players, the advanced roles from 7", async () => {
    const host = await signIn("CW host");
    const code: string = (await host.call(createRoute, { body: {} })).body.room.code;
    const patch = (body: object) => host.call(settingsRoute, { method: "PATCH", params: { code }, body });
    expect((await patch({ mode: "card-werewolf" })).body.room.settings).toEqual({ mode: "card-werewolf", angel: "none", traitor: false });
    expect((await patch({ angel: "powerful" })).body.room.settings).toEqual({ mode: "card-werewolf", angel: "powerful", traitor: false });
    expect((await patch({ traitor: true })).body.room.settings).toEqual({ mode: "card-werewolf", angel: "powerful", traitor: true });
    // Other modes' fields are not this mode's; the time scale is the deployment's, never the host's.
    await expectRefused(db(), () => patch({ ruleset: "classic" }), 400, "BAD_REQUEST");
    await expectRefused(db(), () => patch({ timed: true }), 400, "BAD_REQUEST");
    await expectRefused(db(), () => patch({ timeScale: 0.01 }), 400, "BAD_REQUEST");
    await expectRefused(db(), () => patch({ angel: "archangel" }), 400, "BAD_REQUEST");
    await expectRefused(db(), () => patch({ traitor: "yes" }), 400, "BAD_REQUEST");
    expect((await host.call(readyRoute, { params: { code }, body: { ready: true } })).status).toBe(200);
    // CW-P1: six players at least.
    for (let i = 0; i < 4; i++) expect((await host.call(addBotRoute, { params: { code }, body: {} })).status).toBe(200);
    await expectRefused(db(), () => host.call(startRoute, { params: { code } }), 409, "BAD_PLAYER_COUNT");
    // CW-R39: six players may not take the Angel or the Traitor (the engine's refusal at start).
    expect((await host.call(addBotRoute, { params: { code }, body: {} })).status).toBe(200);
    await expectRefused(db(), () => host.call(startRoute, { params: { code } }), 409, "BAD_CONFIG");
    // Back to werewolf: its defaults again.
    expect((await patch({ mode: "werewolf" })).body.room.settings.mode).toBe("werewolf");
  });

  async function playedThrough(table: ModeTable, roles: string[]) {
    const { host, gameId } = table;
    const first = (await host.call(gameRoute, { params: { id: gameId } })).body;
    expect(first.game).toMatchObject({ mode: "card-werewolf", ended: false });
    const me = (await host.call(meRoute, { params: { id: gameId } })).body;
    expect(roles).toContain(me.role);
    // The mode's action schema and rules answer through the route with stable codes.
    const bad = await host.call(actionsRoute, { params: { id: gameId }, body: { action: { type: "play", card: "ace" }, idempotencyKey: "bad-1" } });
    expect(bad.status).toBe(400);
    const game = await playToEnd(db(), table);
    expect(game).toMatchObject({ ended: true, phase: "ended", deadline: null });
    expect(["village", "werewolves"]).toContain(game.winner);
    // CW-R24: after the end every role is told, in the person's own view.
    const view = await viewOf(table, host);
    expect(view.winner).toBe(game.winner);
    expect(Object.values(view.roles ?? {}).sort()).toEqual(expect.arrayContaining(roles.filter((r) => r !== "angel" && r !== "traitor")));
    // The bots played through the cron pass (CW-R13: a Daytime is turns round the table).
    const actors = await db().tx((tx) =>
      tx.query<{ user_id: string }>("select distinct user_id from action_requests where game_id = $1 and idempotency_key like 'cron:%'", [gameId]),
    );
    expect(actors.length).toBeGreaterThanOrEqual(3);
    expect(actors.map((a) => a.user_id)).not.toContain(host.id);
    // The lobby's earlier games: this one, in its mode; the Traitor wins with the Werewolves (CW-R1).
    const side = me.role === "werewolf" || me.role === "traitor" ? "werewolves" : "village";
    await expectListed(table, host, "card-werewolf", { winner: game.winner, endedByHost: false }, me.role, side === game.winner);
    return { first, view };
  }

  it("CW-R4, CW-R13, CW-P1: one person and five bots play a basic game to its end through the routes", async () => {
    const table = await cardTable(1, 5);
    const { first, view } = await playedThrough(table, ["villager", "werewolf"]);
    expect(first.players).toHaveLength(6);
    expect(first.game.config).toMatchObject({ angel: "none", traitor: false });
    expect(Object.values(view.roles!).filter((r) => r === "werewolf")).toHaveLength(2);
  }, 200_000);

  it("the host ends a card game: listed as ended by the host, nobody won, its results read whole", async () => {
    const table = await cardTable(1, 5);
    const me = (await table.host.call(meRoute, { params: { id: table.gameId } })).body;
    expect((await table.host.call(endGameRoute, { params: { code: table.code }, body: {} })).status).toBe(200);
    await expectListed(table, table.host, "card-werewolf", { winner: null, endedByHost: true }, me.role, false);
  });

  it("CW-R39, CW-R41, CW-R44, CW-P1: one person and seven bots play an advanced game (Angel, Traitor) to its end", async () => {
    const table = await cardTable(1, 7, { angel: "basic", traitor: true });
    const { first, view } = await playedThrough(table, ["villager", "werewolf", "angel", "traitor"]);
    expect(first.players).toHaveLength(8);
    expect(first.game.config).toMatchObject({ angel: "basic", traitor: true });
    expect(Object.values(view.roles!).sort()).toEqual(["angel", "traitor", "villager", "villager", "villager", "villager", "werewolf", "werewolf"]);
  }, 200_000);
});
