// Games through the HTTP handlers: start (S-START-1/2), actions with idempotency, deadlines
// (advanceDue), reads under RLS, deliveries per audience (migration 0036), and refusals that write nothing.
import { afterAll, beforeAll, expect, it } from "vitest";
import { forEachDb } from "../db/test-db";
import { modes } from "@/lib/game/modes";
import { werewolf } from "@/lib/game/werewolf/mode";
import { useDb } from "@/lib/server/db";
import { advanceDue } from "@/lib/server/advance-due";
import { POST as startRoute } from "@/app/api/rooms/[code]/start/route";
import { POST as joinRoute } from "@/app/api/rooms/[code]/join/route";
import { POST as leaveRoute } from "@/app/api/rooms/[code]/leave/route";
import { POST as readyRoute } from "@/app/api/rooms/[code]/ready/route";
import { POST as resetRoute } from "@/app/api/rooms/[code]/reset/route";
import { GET as roomRoute } from "@/app/api/rooms/[code]/route";
import { GET as gameRoute } from "@/app/api/games/[id]/route";
import { GET as meRoute } from "@/app/api/games/[id]/me/route";
import { GET as eventsRoute } from "@/app/api/games/[id]/events/route";
import { GET as viewRoute } from "@/app/api/games/[id]/view/route";
import { GET as chatRoute } from "@/app/api/games/[id]/chat/route";
import { POST as actionsRoute } from "@/app/api/games/[id]/actions/route";
import { POST as tickRoute } from "@/app/api/games/[id]/tick/route";
import { dbFingerprint, expectRefused, signIn, type Client, type Reply } from "./helpers";
import { eventRows, killStored, lobby, playToEnd, readyAll, startedGame, type Table } from "./game-setup";
import type { WerewolfState } from "@/lib/game/werewolf/types";
import { advance as advanceEngine, must, startGame as startEngine } from "@/lib/game/werewolf/testing";
import { audienceKey, type GameEvent } from "@/lib/game/core/types";
import { scriptOf } from "@/lib/db/driver";
import { stepWrites } from "@/lib/server/games/persist";
import { gameColumns, type GameRow } from "@/lib/server/games/rows";
import { readState } from "../support/stored-state";
import { forgetActionRequests } from "@/lib/server/housekeeping";


forEachDb("games API", (db) => {
  beforeAll(() => useDb(db()));
  afterAll(() => useDb(undefined));

  /**
   * Collects what realtime sends while `fn` runs: a signal as (topic, kind), a delivery (a step's
   * events, event `events`) as (topic, the audience keys of its events).
   */
  async function signalsDuring(fn: () => Promise<unknown>) {
    const seen: ({ topic: string; kind: string } | { topic: string; a: string[] })[] = [];
    const stop = await db().listen("realtime", (raw) => {
      const m = JSON.parse(raw);
      if (m.event === "events") seen.push({ topic: m.topic, a: (m.payload.events as { a: string }[]).map((e) => e.a) });
      else seen.push({ topic: m.topic, kind: m.payload?.kind });
    });
    await fn();
    await new Promise((r) => setTimeout(r, 150));
    await stop();
    return seen;
  }

  const stateOf = async (gameId: string) =>
    readState<WerewolfState>(db(), gameId);

  it("S-START-1: start is refused with a clear reason unless 8–9 ready players and the host asks", async () => {
    const seven = await lobby(7);
    await readyAll(seven.code, seven.players);
    await expectRefused(db(), () => seven.host.call(startRoute, { params: { code: seven.code } }), 409, "BAD_PLAYER_COUNT");
    const eight = await lobby(8);
    await readyAll(eight.code, eight.players.slice(1));
    await expectRefused(db(), () => eight.players[1].call(startRoute, { params: { code: eight.code } }), 403, "NOT_HOST");
    await expectRefused(db(), () => eight.host.call(startRoute, { params: { code: eight.code } }), 409, "NOT_ALL_READY");
    await eight.host.call(readyRoute, { params: { code: eight.code }, body: { ready: true } });
    const ok = await eight.host.call(startRoute, { params: { code: eight.code } });
    expect(ok.status).toBe(201);
    await expectRefused(db(), () => eight.host.call(startRoute, { params: { code: eight.code } }), 409, "ROOM_NOT_IN_LOBBY");
    const late = await signIn("Late");
    await expectRefused(db(), () => late.call(joinRoute, { params: { code: eight.code }, body: {} }), 409, "ROOM_NOT_IN_LOBBY");
    await expectRefused(db(), () => eight.players[2].call(leaveRoute, { params: { code: eight.code } }), 409, "GAME_IN_PROGRESS");
  });

  it("S-START-2: each player reads only their own role; 2 wolves among 8; public reads show no roles", async () => {
    const t = await startedGame();
    const roles = [...t.role.values()].sort();
    expect(roles).toEqual(["guard", "hunter", "seer", "villager", "villager", "witch", "wolf", "wolf"]);
    const game = await t.host.call(gameRoute, { params: { id: t.gameId } });
    expect(game.body.players).toHaveLength(8);
    expect(JSON.stringify(game.body)).not.toMatch(/"(role|teams)"|seer|witch|guard|hunter|villager/);
    for (const p of game.body.players) expect(Object.keys(p).sort()).toEqual(["alive", "appearance", "displayName", "isBot", "seat", "userId"]);
    expect(game.body.serverNow).toEqual(expect.any(Number));
    const villager = t.byRole("villager")[0];
    const me = await villager.call(meRoute, { params: { id: t.gameId } });
    expect(me.body).toEqual({ role: "villager", teams: expect.any(Array) });
    const ev = await villager.call(eventsRoute, { params: { id: t.gameId } });
    const types = ev.body.events.map((e: { type: string }) => e.type);
    expect(types).toContain("role");
    for (const e of ev.body.events) expect(["public", "player"]).toContain(e.audience.kind);
    for (const e of ev.body.events) if (e.audience.kind === "player") expect(e.audience.player).toBe(villager.id);
    const wolf = t.byRole("wolf")[0];
    const wolfEvents = (await wolf.call(eventsRoute, { params: { id: t.gameId } })).body.events;
    expect(wolfEvents.find((e: { type: string }) => e.type === "wolves").wolves.sort()).toEqual(t.byRole("wolf").map((w) => w.id).sort());
  });

  it("the folded /view equals the engine's viewFor for every seat (no more than RLS allows)", async () => {
    const t = await startedGame();
    const [w1] = t.byRole("wolf");
    const target = t.byRole("villager")[0];
    expect((await t.act(w1, { type: "bite", target: target.id })).status).toBe(200);
    const state = await stateOf(t.gameId);
    for (const p of t.players) {
      const v = await p.call(viewRoute, { params: { id: t.gameId } });
      expect(v.status).toBe(200);
      expect(v.body.view).toEqual(JSON.parse(JSON.stringify(werewolf.viewFor(state, p.id))));
    }
  });

  it("P-4 / idempotency: the same request twice has one effect and the same reply; a reused key with another action is refused", async () => {
    const t = await startedGame();
    const [w1] = t.byRole("wolf");
    const [v1, v2] = t.byRole("villager");
    const first = await t.act(w1, { type: "bite", target: v1.id }, "same-key");
    expect(first.status).toBe(200);
    const before = await dbFingerprint(db());
    const again = await t.act(w1, { type: "bite", target: v1.id }, "same-key");
    expect(again).toMatchObject({ status: 200, body: first.body });
    expect(await dbFingerprint(db())).toEqual(before);
    await expectRefused(db(), () => t.act(w1, { type: "bite", target: v2.id }, "same-key"), 409, "IDEMPOTENCY_MISMATCH");
    // S-WOLF-3: another pick would be a change, accepted; a skip after a pick is refused.
    await expectRefused(db(), () => t.act(w1, { type: "skip" }, "other-key"), 409, "ALREADY_ACTED");
    const picks = (await eventRows(db(), t.gameId)).filter((e) => e.type === "pick");
    expect(picks).toHaveLength(1);
  });

  it("P-4 / idempotency: a repeat is answered from its stored reply until a day after the game ended, then as a late action (0046)", async () => {
    const t = await startedGame();
    const [w1] = t.byRole("wolf");
    const line = { type: "chat", channel: "wolves", text: "tonight" };
    const first = await t.act(w1, line, "line-key");
    expect(first.status).toBe(200);
    await playToEnd(db(), t);
    // Within the day after the end the repeat still gets its first reply, with no second effect.
    expect(await t.act(w1, line, "line-key")).toMatchObject({ status: 200, body: first.body });
    await db().tx((tx) => tx.query("update games set ended_at = ended_at - interval '25 hours' where id = $1", [t.gameId]));
    expect(await forgetActionRequests(db())).toBeGreaterThan(0);
    const lines = (await eventRows(db(), t.gameId)).filter((e) => e.type === "chat").length;
    expect(lines).toBe(1);
    await expectRefused(db(), () => t.act(w1, line, "line-key"), 409, "GAME_ENDED");
    expect((await eventRows(db(), t.gameId)).filter((e) => e.type === "chat")).toHaveLength(lines);
  });

  it("S-CHAT-3, S-WOLF-2, design §4: a wolf-team event is delivered on each living wolf's user topic and nobody else's (not a dead wolf, not a villager, nothing on the team topic)", async () => {
    const t = await startedGame();
    const wolves = t.byRole("wolf");
    expect(wolves.length).toBeGreaterThanOrEqual(2);
    const [w1, w2] = wolves;
    // In seat order, which is drawn at the start (not join order): compared as sets.
    const byTopic = <T extends { topic: string }>(xs: T[]) => [...xs].sort((a, b) => a.topic.localeCompare(b.topic));
    const wolfTopics = byTopic(wolves.map((w) => ({ topic: `user:${w.id}`, a: ["team:wolves"] })));
    const chat = (key: string) => t.act(w1, { type: "chat", channel: "wolves", text: "psst" }, key);
    expect(byTopic(await signalsDuring(() => chat("c1")))).toEqual(wolfTopics);

    await killStored(db(), t.gameId, w2.id);
    const afterDeath = await signalsDuring(() => chat("c2"));
    expect(byTopic(afterDeath)).toEqual(wolfTopics.filter((s) => s.topic !== `user:${w2.id}`));
    const pick = await signalsDuring(() => t.act(w1, { type: "bite", target: t.byRole("villager")[0].id }));
    expect(pick).toEqual([{ topic: `user:${w1.id}`, a: ["team:wolves"] }]);
    // The seer's own result stays on the seer's topic.
    const [seer] = t.byRole("seer");
    let reply: Reply | undefined;
    const inspect = await signalsDuring(async () => (reply = await t.act(seer, { type: "inspect", target: w1.id })));
    expect(inspect).toEqual([{ topic: `user:${seer.id}`, a: reply!.body.events.map(() => `player:${seer.id}`) }]);
    expect(reply!.body.events.every((e: { audience: { kind: string } }) => e.audience.kind === "player")).toBe(true);
  });

  it("C-THIEF-1: a Thief who takes a Wolf card is sent the pack's events from that very step on", async () => {
    // A real game's rows and members, holding an engine game dealt to them with a Thief (tom) and a
    // Wolf (ann): `stepWrites` writes its steps exactly as an action does.
    const t = await startedGame();
    const [tom, ann, cat, ...rest] = t.players.map((p) => p.id);
    const g = startEngine({ [tom]: "thief", [ann]: "wolf", [cat]: "seer", ...Object.fromEntries(rest.map((v) => [v, "villager"])) }, { ruleset: "classic", roles: ["thief"] }, 1);
    expect(g.state.middle).toContain("wolf");
    const [row] = await db().tx((tx) => tx.query<GameRow>(`select ${gameColumns} from games where id = $1`, [t.gameId]));
    try {
      await db().exec(scriptOf(stepWrites(modes.werewolf, row, g.state, [])));
      /** What a step's writes send. */
      const sent = (events: GameEvent[]) => signalsDuring(() => db().exec(scriptOf(stepWrites(modes.werewolf, row, g.state, events))));
      const packChat: GameEvent = { type: "chat", audience: { kind: "team", team: "wolves" }, at: 0, channel: "wolves", from: ann, text: "hi" };

      expect(await sent([packChat])).toEqual([{ topic: `user:${ann}`, a: ["team:wolves"] }]);
      // The step that hands him the Wolf card: the seats it writes first count, so he is sent its pack event.
      const stole = must(g, tom, { type: "steal", card: g.state.middle!.indexOf("wolf") as 0 | 1 });
      // Its own events (the card it took, the pack's names for each wolf) and the pack's line, to each
      // wolf after the step; the Thief's `end` record to nobody before the end.
      const keys = [...stole, packChat].map((e) => audienceKey(e.audience));
      expect(keys).toContain("end");
      const byTopic = <T extends { topic: string }>(xs: T[]) => [...xs].sort((x, y) => x.topic.localeCompare(y.topic));
      expect(byTopic(await sent([...stole, packChat]))).toEqual(
        byTopic([tom, ann].map((u) => ({ topic: `user:${u}`, a: keys.filter((k) => k === `player:${u}` || k === "team:wolves") }))),
      );
      advanceEngine(g);
      const chat = must(g, ann, { type: "chat", channel: "wolves", text: "welcome" });
      expect(byTopic(await sent(chat))).toEqual(byTopic([tom, ann].map((u) => ({ topic: `user:${u}`, a: ["team:wolves"] }))));
    } finally {
      // The engine game's clock is in 1970: its deadline must not make other tests' advanceDue move it.
      await db().tx((tx) => tx.query("update games set deadline = null where id = $1", [t.gameId]));
    }
  });

  it("refusals write nothing: bad shapes, unknown game, non-member, wrong role, wrong phase", async () => {
    const t = await startedGame();
    const [w1] = t.byRole("wolf");
    const villager = t.byRole("villager")[0];
    const stranger = await signIn("Stranger");
    const id = t.gameId;
    await expectRefused(db(), () => w1.call(actionsRoute, { params: { id }, raw: "{nope" }), 400, "BAD_JSON");
    await expectRefused(db(), () => w1.call(actionsRoute, { params: { id }, body: { action: { type: "bite", target: 7 }, idempotencyKey: "a" } }), 400, "BAD_REQUEST");
    await expectRefused(db(), () => w1.call(actionsRoute, { params: { id }, body: { action: { type: "fly" }, idempotencyKey: "a" } }), 400, "BAD_REQUEST");
    await expectRefused(db(), () => w1.call(actionsRoute, { params: { id }, body: { action: { type: "skip" } } }), 400, "BAD_REQUEST");
    await expectRefused(
      db(),
      () => w1.call(actionsRoute, { params: { id }, raw: JSON.stringify({ action: { type: "chat", channel: "wolves", text: "x".repeat(17_000) }, idempotencyKey: "a" }) }),
      413,
      "BODY_TOO_LARGE",
    );
    await expectRefused(db(), () => w1.call(actionsRoute, { params: { id: "00000000-0000-4000-8000-000000000000" }, body: { action: { type: "skip" }, idempotencyKey: "a" } }), 404, "GAME_NOT_FOUND");
    await expectRefused(db(), () => w1.call(actionsRoute, { params: { id: "garbage" }, body: { action: { type: "skip" }, idempotencyKey: "a" } }), 404, "GAME_NOT_FOUND");
    await expectRefused(db(), () => stranger.call(actionsRoute, { params: { id }, body: { action: { type: "skip" }, idempotencyKey: "a" } }), 404, "GAME_NOT_FOUND");
    await expectRefused(db(), () => stranger.call(gameRoute, { params: { id } }), 404, "GAME_NOT_FOUND");
    await expectRefused(db(), () => stranger.call(eventsRoute, { params: { id } }), 404, "GAME_NOT_FOUND");
    await expectRefused(db(), () => t.act(villager, { type: "bite", target: w1.id }), 403, "NOT_YOUR_TURN");
    await expectRefused(db(), () => t.act(w1, { type: "bite", target: t.byRole("wolf")[1].id }), 422, "INVALID_TARGET");
    await expectRefused(db(), () => t.act(villager, { type: "chat", channel: "day", text: "hello" }), 409, "WRONG_PHASE");
    await expectRefused(db(), () => t.act(villager, { type: "vote", target: w1.id }), 409, "WRONG_PHASE");
    await expectRefused(db(), () => villager.call(eventsRoute, { params: { id }, query: "?cursor=%%%" }), 400, "BAD_CURSOR");
  });

  it("S-FLOW-5: advanceDue moves a due game once; running it again changes nothing", async () => {
    const t = await startedGame();
    expect(await t.phase()).toBe("night.main");
    const due = await t.deadline();
    expect((await advanceDue(db(), due - 1)).advanced).not.toContain(t.gameId);
    const first = await advanceDue(db(), due);
    expect(first.advanced).toContain(t.gameId);
    expect(await t.phase()).toBe("night.witch");
    const before = await dbFingerprint(db());
    expect((await advanceDue(db(), due)).advanced).not.toContain(t.gameId);
    expect(await dbFingerprint(db())).toEqual(before);
    const tick = await t.host.call(tickRoute, { params: { id: t.gameId } });
    expect(tick.body).toMatchObject({ advanced: false, phase: "night.witch" });
  });

  async function toDay(t: Table, victim?: Client) {
    if (victim) for (const w of t.byRole("wolf")) expect((await t.act(w, { type: "bite", target: victim.id })).status).toBe(200);
    await advanceDue(db(), await t.deadline()); // → night.witch
    await advanceDue(db(), await t.deadline()); // → day
    expect(await t.phase()).toBe("day");
  }

  it("S-CHAT-1/2/5, P-6: the dead never chat; chat is capped in length and rate; chat reads by day", async () => {
    const t = await startedGame();
    const [victim, talker] = t.byRole("villager");
    await toDay(t, victim);
    await expectRefused(db(), () => t.act(victim, { type: "chat", channel: "day", text: "from the grave" }), 403, "NOT_ALIVE");
    await expectRefused(db(), () => t.act(talker, { type: "chat", channel: "day", text: "x".repeat(501) }), 422, "BAD_ACTION");
    await expectRefused(db(), () => t.act(talker, { type: "chat", channel: "day", text: "   " }), 422, "BAD_ACTION");
    const html = "<img src=x onerror=alert(1)>";
    for (let i = 0; i < 5; i++) expect((await t.act(talker, { type: "chat", channel: "day", text: i === 0 ? html : `m${i}` })).status).toBe(200);
    const limited = await expectRefused(db(), () => t.act(talker, { type: "chat", channel: "day", text: "one more" }), 429, "RATE_LIMITED");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    const chat = await t.players[0].call(chatRoute, { params: { id: t.gameId }, query: "?channel=day&day=1" });
    expect(chat.body.messages.map((m: { text: string }) => m.text)).toEqual([html, "m1", "m2", "m3", "m4"]);
    const none = await t.players[0].call(chatRoute, { params: { id: t.gameId }, query: "?channel=day&day=2" });
    expect(none.body.messages).toEqual([]);
    await expectRefused(db(), () => t.players[0].call(chatRoute, { params: { id: t.gameId }, query: "?channel=all&day=1" }), 400, "BAD_REQUEST");
  });

  it("S-CHAT-3: wolf chat is readable by living wolves only, by night", async () => {
    const t = await startedGame();
    const [w1, w2] = t.byRole("wolf");
    expect((await t.act(w1, { type: "chat", channel: "wolves", text: "bite the seer?" })).status).toBe(200);
    const read = async (c: Client) =>
      (await c.call(chatRoute, { params: { id: t.gameId }, query: "?channel=wolves&day=1" })).body.messages.map((m: { text: string }) => m.text);
    expect(await read(w2)).toEqual(["bite the seer?"]);
    expect(await read(t.byRole("seer")[0])).toEqual([]);
    expect(await read(t.byRole("villager")[0])).toEqual([]);
  });

  it("events cursor: per-audience, opaque, and resumes without repeats", async () => {
    const t = await startedGame();
    const [w1, w2] = t.byRole("wolf");
    const first = await w2.call(eventsRoute, { params: { id: t.gameId } });
    await t.act(w1, { type: "bite", target: t.byRole("villager")[0].id });
    const next = await w2.call(eventsRoute, { params: { id: t.gameId }, query: `?cursor=${first.body.cursor}` });
    expect(next.body.events.map((e: { type: string }) => e.type)).toEqual(["pick"]);
    expect(next.body.more).toBe(false);
    const again = await w2.call(eventsRoute, { params: { id: t.gameId }, query: `?cursor=${next.body.cursor}` });
    expect(again.body.events).toEqual([]);
    const villager = t.byRole("villager")[1];
    const vFirst = await villager.call(eventsRoute, { params: { id: t.gameId } });
    const vNext = await villager.call(eventsRoute, { params: { id: t.gameId }, query: `?cursor=${vFirst.body.cursor}` });
    expect(vNext.body.events).toEqual([]);
    expect(vNext.body.cursor).toBe(vFirst.body.cursor);
  });

  it("S-END-1 / W-ROOM-4: after the end every role is readable and the host can play again (back to lobby, un-ready)", async () => {
    const t = await startedGame();
    await expectRefused(db(), () => t.host.call(resetRoute, { params: { code: t.code } }), 409, "GAME_NOT_ENDED");
    await playToEnd(db(), t);
    const game = (await t.host.call(gameRoute, { params: { id: t.gameId } })).body.game;
    expect(game.ended).toBe(true);
    const me = await t.players[3].call(meRoute, { params: { id: t.gameId } });
    expect(me.body.roles).toHaveLength(8);
    const seen = await signalsDuring(() => t.host.call(resetRoute, { params: { code: t.code } }));
    expect(seen).toContainEqual({ topic: `room:${t.roomId}`, kind: "room" });
    const room = await t.host.call(roomRoute, { params: { code: t.code } });
    expect(room.body.room.status).toBe("lobby");
    expect(room.body.members.every((m: { ready: boolean }) => !m.ready)).toBe(true);
  });
});
