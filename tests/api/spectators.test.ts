// Issue 22 items 6 and 8: the invite preview tells the truth (who is in, whether a game runs), and
// anyone with the link may watch a running game as a spectator — a member without a seat, who reads
// the public facts only until the end, cannot act, vote or chat, and is an ordinary lobby member
// after "Play again". Through the route handlers, on PGlite and (with TEST_DATABASE_URL) Postgres.
import { afterAll, beforeAll, expect, it } from "vitest";
import { forEachDb } from "../db/test-db";
import { useDb } from "@/lib/server/db";
import { call } from "./helpers";
import { GET as roomRoute } from "@/app/api/rooms/[code]/route";
import { POST as joinRoute } from "@/app/api/rooms/[code]/join/route";
import { POST as leaveRoute } from "@/app/api/rooms/[code]/leave/route";
import { POST as resetRoute } from "@/app/api/rooms/[code]/reset/route";
import { GET as viewRoute } from "@/app/api/games/[id]/view/route";
import { GET as meRoute } from "@/app/api/games/[id]/me/route";
import { GET as chatRoute } from "@/app/api/games/[id]/chat/route";
import { GET as eventsRoute } from "@/app/api/games/[id]/events/route";
import { expectRefused, signIn, type Client } from "./helpers";
import { eventRows, playToEnd, startedGame, type Table } from "./game-setup";

forEachDb("spectators API", (db) => {
  beforeAll(() => useDb(db()));
  afterAll(() => useDb(undefined));

  let n = 0;
  const watcher = async (t: Table): Promise<Client> => {
    const s = await signIn(`Watcher${++n}`);
    const r = await s.call(joinRoute, { params: { code: t.code }, body: { watch: true } });
    expect(r.status).toBe(200);
    return s;
  };

  it("issue 22 #6: the invite preview names the members and says a game runs, without a session too, and nothing of the game", async () => {
    const t = await startedGame();
    const names = t.players.map((p) => p.name);
    const anon = await call(roomRoute, { params: { code: t.code } });
    expect(anon.status).toBe(200);
    expect(anon.body).toEqual({
      room: { code: t.code, invitePath: `/r/${t.code}`, status: "playing", joinable: false, gameRunning: true, watchable: true },
      members: names.map((displayName) => ({ displayName })),
      me: { userId: null, isMember: false },
    });
    // No id of anyone or of the game: names and count only.
    const text = JSON.stringify(anon.body);
    for (const id of [t.gameId, t.roomId, ...t.players.map((p) => p.id)]) expect(text).not.toContain(id);
    const s = await signIn("Peeker");
    expect((await s.call(roomRoute, { params: { code: t.code } })).body.me).toEqual({ userId: s.id, isMember: false });
  });

  it("issue 22 #8: joining a running game needs `watch`; the spectator is a member marked watching, without a seat", async () => {
    const t = await startedGame();
    const late = await signIn("LateOne");
    await expectRefused(db(), () => late.call(joinRoute, { params: { code: t.code }, body: {} }), 409, "ROOM_NOT_IN_LOBBY");
    const joined = await late.call(joinRoute, { params: { code: t.code }, body: { watch: true } });
    expect(joined.status).toBe(200);
    const me = joined.body.members.find((m: { userId: string }) => m.userId === late.id);
    expect(me).toMatchObject({ displayName: "LateOne", watching: true, ready: false });
    expect(joined.body.members.filter((m: { watching: boolean }) => m.watching)).toHaveLength(1);
    // Players see the same flag (public, like the members list).
    const host = await t.host.call(roomRoute, { params: { code: t.code } });
    expect(host.body.members.filter((m: { watching: boolean }) => m.watching).map((m: { userId: string }) => m.userId)).toEqual([late.id]);
  });

  it("issue 22 #8 / S-START-2 / S-CHAT-3: a spectator reads only public events, no role, no wolf chat, and cannot act, vote or chat", async () => {
    const t = await startedGame();
    const s = await watcher(t);
    const view = await s.call(viewRoute, { params: { id: t.gameId } });
    expect(view.status).toBe(200);
    expect(view.body.view.myRole).toBeNull();
    expect(view.body.view.roles).toEqual({});
    expect(view.body.view.wolves).toEqual([]);
    const events = await s.call(eventsRoute, { params: { id: t.gameId } });
    const publicRows = (await eventRows(db(), t.gameId)).filter((r) => r.audience === "public");
    expect(events.body.events).toHaveLength(publicRows.length);
    const wire = JSON.stringify([view.body, events.body]);
    for (const p of t.players) expect(wire).not.toContain(`"role":"${t.role.get(p.id)}","player":"${p.id}"`);
    await expectRefused(db(), () => s.call(meRoute, { params: { id: t.gameId } }), 403, "NOT_A_PLAYER");
    const [wolf] = t.byRole("wolf");
    expect((await t.act(wolf, { type: "chat", channel: "wolves", text: "the seer is P" })).status).toBe(200);
    expect((await wolf.call(chatRoute, { params: { id: t.gameId }, query: "?channel=wolves&day=1" })).body.messages).toHaveLength(1);
    expect((await s.call(chatRoute, { params: { id: t.gameId }, query: "?channel=wolves&day=1" })).body.messages).toEqual([]);
    const target = t.players[0].id;
    for (const action of [{ type: "chat", channel: "day", text: "hi" }, { type: "bite", target }, { type: "vote", target }, { type: "ready" }]) {
      await expectRefused(db(), () => t.act(s, action), 403, "NOT_A_PLAYER");
    }
  });

  it("issue 22 #8, design §4: realtime admits a spectator to the room topic and its own user topic only; it is sent the public events only", async () => {
    const t = await startedGame();
    const s = await watcher(t);
    const claims = { sub: s.id, role: "authenticated" as const, is_anonymous: true };
    const canJoin = async (topic: string) =>
      (await db().asUser(claims, (tx) => tx.query<{ ok: boolean }>("select app.can_join_topic($1) as ok", [topic])))[0].ok;
    expect(await canJoin(`room:${t.roomId}`)).toBe(true);
    expect(await canJoin(`user:${s.id}`)).toBe(true);
    for (const p of t.players) expect(await canJoin(`user:${p.id}`)).toBe(false);
    expect(await canJoin(`room:${t.roomId}:team:wolves`)).toBe(false);
    // What the writing transaction sends it (migration 0036): the policy's own function gives it
    // the public audience (and its own, which no event names); a pack line goes nowhere near it.
    const scopes = await db().tx((tx) => tx.query<{ s: string }>("select app.event_scopes_for($1::uuid, $2::uuid) as s", [s.id, t.gameId]));
    expect(scopes.map((r) => r.s).sort()).toEqual([`player:${s.id}`, "public"].sort());
    const sent: { topic: string; a: string[] }[] = [];
    const stop = await db().listen("realtime", (raw) => {
      const m = JSON.parse(raw) as { topic: string; event: string; payload: { events?: { a: string }[] } };
      if (m.event === "events") sent.push({ topic: m.topic, a: (m.payload.events ?? []).map((e) => e.a) });
    });
    try {
      const [wolf] = t.byRole("wolf");
      expect((await t.act(wolf, { type: "chat", channel: "wolves", text: "psst" })).status).toBe(200);
      await expect.poll(() => sent.length).toBeGreaterThan(0);
      await new Promise((r) => setTimeout(r, 100));
    } finally {
      await stop();
    }
    expect(sent.filter((m) => m.topic === `user:${s.id}`)).toEqual([]);
    for (const m of sent.filter((x) => x.topic.startsWith("room:"))) expect(m.a.every((a) => a === "public")).toBe(true);
  });

  it("issue 22 #8 / S-END-1: a spectator may leave mid-game; at the end the one who stayed reads every role; after Play again it is an ordinary member", async () => {
    const t = await startedGame();
    const stays = await watcher(t);
    const leaves = await watcher(t);
    expect((await leaves.call(leaveRoute, { params: { code: t.code } })).status).toBe(200);
    // A seated player still cannot leave a running game.
    await expectRefused(db(), () => t.players[1].call(leaveRoute, { params: { code: t.code } }), 409, "GAME_IN_PROGRESS");
    await playToEnd(db(), t);
    const roles = await stays.call(meRoute, { params: { id: t.gameId } });
    expect(roles.status).toBe(403); // not a player, but…
    const view = await stays.call(viewRoute, { params: { id: t.gameId } });
    expect(Object.keys(view.body.view.roles)).toHaveLength(8); // …the end reveals every role to who was there
    // An ended game is for who was there: nobody new may start watching it.
    const tooLate = await signIn("TooLate");
    await expectRefused(db(), () => tooLate.call(joinRoute, { params: { code: t.code }, body: { watch: true } }), 409, "GAME_ENDED");
    expect((await call(roomRoute, { params: { code: t.code } })).body.room).toMatchObject({ status: "playing", gameRunning: false, watchable: false });
    const reset = await t.host.call(resetRoute, { params: { code: t.code } });
    expect(reset.status).toBe(200);
    const mine = reset.body.members.find((m: { userId: string }) => m.userId === stays.id);
    expect(mine).toMatchObject({ watching: false, ready: false });
    // It still reads the results of the game it watched (app.is_game_member, migration 0024).
    expect((await stays.call(viewRoute, { params: { id: t.gameId } })).status).toBe(200);
    expect((await call(roomRoute, { params: { code: t.code } })).body.room).toMatchObject({ status: "lobby", joinable: true, gameRunning: false });
  });
});
