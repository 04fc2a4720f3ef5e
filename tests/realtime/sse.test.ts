// Embedded realtime end to end: the real route handler, the real migrations and RLS policies,
// signals and deliveries sent through the `realtime.send` shim exactly as the services send them
// (a step's events by `app.deliver_events`, migration 0036).
import { afterEach, beforeAll, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import type { Db } from "@/lib/db/types";
import { getHub } from "@/lib/realtime/hub";
import { openRoomStream } from "@/lib/realtime/room-stream";
import { roomTopic, userTopic } from "@/lib/realtime/topics";
import type { Signal } from "@/lib/realtime/signal";
import type { GameEvent } from "@/lib/game/core/types";
import type { Delivery } from "@/lib/realtime/delivery";
import { saveStepStatement } from "@/lib/server/games/persist";

/** A step's events and their deliveries, as `app.save_step` writes them (the fixture has no state row to save). */
const eventsStatement = (gameId: string, events: Parameters<typeof saveStepStatement>[2]["events"], day: number) => saveStepStatement(gameId, {}, { events, day });
import { markConnected } from "@/lib/server/presence";
import { signal } from "@/lib/server/signal";
import { forEachDb } from "../db/test-db";
import { claimsOf, seedRoomWithGame, type RoomFixture } from "./fixtures";
import { sseRouteSuite } from "./sse-route";
import { isSignal, passBarrier, readSse, type SseFrame, type SseReader } from "./sse-reader";

const isEvents = (f: SseFrame) => f.event === "events";

forEachDb("GET /api/realtime", (currentDb) => {
  const route = sseRouteSuite(currentDb);
  const { open, request, connect } = route;
  let db: Db;
  beforeAll(() => {
    db = route.db();
  });

  /** As the services do: one `realtime.send` per touched topic inside the writing transaction. */
  async function send(topic: string, kind: string, extra: Record<string, unknown> = {}) {
    await db.tx((tx) =>
      tx.query("select realtime.send($1::jsonb, $2, $3, true)", [{ kind, ...extra }, kind, topic]),
    );
  }

  const setAlive = (f: RoomFixture, userId: string, alive: boolean) =>
    db.tx((tx) => tx.query("update public.game_players set alive = $1 where game_id = $2 and user_id = $3", [alive, f.gameId, userId]));

  const packEvent = (type: string): GameEvent => ({ type, audience: { kind: "team", team: "wolves" }, at: 0 });

  /** A step's events, inserted and delivered exactly as the services do (lib/server/games/persist.ts), after `write`. */
  const step = (f: RoomFixture, events: GameEvent[], write?: string) =>
    db.tx(async (tx) => {
      if (write) await tx.query(write, [f.gameId]);
      await tx.exec(eventsStatement(f.gameId, events, 1));
    });

  /** What a modified client still joined to the old shared team topic would receive. */
  function lingerOnTeamTopic(f: RoomFixture): Signal[] {
    const got: Signal[] = [];
    const stop = getHub(db).subscribe(`room:${f.roomId}:team:wolves`, (s) => got.push(s));
    cleanups.push(stop);
    return got;
  }
  const cleanups: (() => void)[] = [];
  afterEach(() => cleanups.splice(0).forEach((stop) => stop()));

  const signalsOf = (r: SseReader) => r.seen.filter((x) => x.event === "signal").map((x) => JSON.parse(x.data!));
  /** The deliveries a stream wrote: topic, then each event's audience, seq and type. */
  const deliveriesOf = (r: SseReader) =>
    r.seen
      .filter(isEvents)
      .map((x) => JSON.parse(x.data!) as Delivery & { topic: string })
      .map((d) => ({ topic: d.topic, events: d.events.map((e) => `${e.a}#${e.s}:${e.e.type}`) }));
  const barrier = (f: RoomFixture, readers: SseReader[]) => passBarrier(db, roomTopic(f.roomId), readers);

  async function seedEight() {
    const f = await seedRoomWithGame(db, [
      { name: "Wolf A", teams: ["wolves"] },
      { name: "Wolf B", teams: ["wolves"] },
      { name: "Seer", teams: ["village"] },
      { name: "Guard", teams: ["village"] },
      { name: "Witch", teams: ["village"] },
      { name: "Hunter", teams: ["village"] },
      { name: "Villager 1", teams: ["village"] },
      { name: "Villager 2", teams: ["village"] },
    ]);
    // Everyone already online (another tab): once this process is older than the presence grace,
    // opening a stream would otherwise signal `room` ("back online") among the signals under test.
    for (const s of f.seats) markConnected(f.roomId, s.id);
    return f;
  }

    it("refuses the signed-out (401), a malformed room (400) and a non-member exactly like a missing room (404)", async () => {
      const f = await seedEight();
      const signedOut = await request(null, `room=${f.roomId}`);
      expect(signedOut.status).toBe(401);
      expect((await signedOut.json()).error.code).toBe("UNAUTHENTICATED");

      const malformed = await request(f.seats[0].id, "room=not-a-uuid");
      expect(malformed.status).toBe(400);
      expect((await malformed.json()).error.code).toBe("BAD_REQUEST");

      const outsider = await request(randomUUID(), `room=${f.roomId}`);
      const missing = await request(randomUUID(), `room=${randomUUID()}`);
      expect(outsider.status).toBe(404);
      expect(missing.status).toBe(404);
      expect(await outsider.json()).toEqual(await missing.json());
    });

    it("P-2: a member gets retry + an empty hello, then room signals carrying only { topic, kind }", async () => {
      const f = await seedEight();
      const seer = await connect(f.seats[2].id, f.roomId);
      expect(seer.seen[0].retry).toBeGreaterThan(0);
      expect(JSON.parse(seer.seen.find((x) => x.event === "hello")!.data!)).toEqual({});

      // Whatever a sender puts in the payload, only the kind crosses to the browser.
      await send(roomTopic(f.roomId), "events", { role: "wolf", target: f.seats[2].id, count: 3 });
      const frame = await seer.next(isSignal(roomTopic(f.roomId)));
      expect(JSON.parse(frame.data!)).toEqual({ topic: roomTopic(f.roomId), kind: "events" });
      expect(frame.data).not.toContain(f.seats[2].id);

      await send(roomTopic(f.roomId), "<script>", {});
      expect(JSON.parse((await seer.next(isSignal())).data!).kind).toBe("signal");
    });

    it("P-2: a delivery crosses with its known fields only: stray fields of the message never reach a browser", async () => {
      const f = await seedEight();
      const seer = await connect(f.seats[2].id, f.roomId);
      const e = { type: "phase", audience: { kind: "public" }, at: 0, day: 1 };
      const payload = { game: f.gameId, step: "s", events: [{ a: "public", s: 1, e, extra: f.seats[0].id }], secret: f.seats[0].id };
      await db.tx((tx) => tx.query("select realtime.send($1::jsonb, 'events', $2, true)", [payload, roomTopic(f.roomId)]));
      const frame = JSON.parse((await seer.next(isEvents)).data!) as Record<string, unknown>;
      expect(frame).toEqual({ topic: roomTopic(f.roomId), game: f.gameId, step: "s", events: [{ a: "public", s: 1, e }], serverNow: expect.any(Number) });
      expect(JSON.stringify(frame)).not.toContain(f.seats[0].id);
    });

    it("S-CHAT-3, S-WOLF-2, design §4: a wolf-team event is delivered on each living wolf's user topic and nobody else's (not a dead wolf, not a villager, nothing on the team topic)", async () => {
      const f = await seedEight();
      await setAlive(f, f.seats[1].id, false); // Wolf B died in an earlier step
      const readers = await Promise.all(f.seats.map((s) => connect(s.id, f.roomId)));
      const lingering = lingerOnTeamTopic(f);

      await step(f, [packEvent("chat")]);
      await barrier(f, readers);
      expect(deliveriesOf(readers[0])).toEqual([{ topic: userTopic(f.seats[0].id), events: ["team:wolves#1:chat"] }]);
      for (const r of readers.slice(1)) expect(deliveriesOf(r)).toEqual([]);
      expect(lingering).toEqual([]);
    });

    it("P-2: a user topic's messages reach its owner's stream only", async () => {
      const f = await seedEight();
      const readers = await Promise.all(f.seats.slice(0, 4).map((s) => connect(s.id, f.roomId)));
      const e = { type: "seen", audience: { kind: "player", player: f.seats[2].id }, at: 0, day: 1 };
      const payload = { game: f.gameId, step: "s", public: 0, events: [{ a: `player:${f.seats[2].id}`, s: 1, e, at: 0 }] };
      await db.tx((tx) => tx.query("select realtime.send($1::jsonb, 'events', $2, true)", [payload, userTopic(f.seats[2].id)]));
      await send(userTopic(f.seats[2].id), "room");
      await barrier(f, readers);
      for (const [i, r] of readers.entries()) {
        if (i === 2) {
          expect(deliveriesOf(r)).toEqual([{ topic: userTopic(f.seats[2].id), events: [`player:${f.seats[2].id}#1:seen`] }]);
          expect(signalsOf(r)[0]).toEqual({ topic: userTopic(f.seats[2].id), kind: "room" });
        } else {
          expect(r.seen.filter((x) => x.data?.includes(userTopic(f.seats[2].id)))).toEqual([]);
        }
      }
    });

    it("S-CHAT-3: a wolf who dies in a step gets none of that step's pack events nor any later, and a dead wolf still joined to the old team topic receives nothing", async () => {
      const f = await seedEight();
      const [a, b] = [await connect(f.seats[0].id, f.roomId), await connect(f.seats[1].id, f.roomId)];
      const lingering = lingerOnTeamTopic(f);
      const phase: GameEvent = { type: "phase", audience: { kind: "public" }, at: 0 };
      await step(f, [packEvent("pick"), phase], `update public.game_players set alive = false where game_id = $1 and user_id = '${f.seats[1].id}'`);
      await step(f, [packEvent("chat")]);
      await barrier(f, [a, b]);
      expect(deliveriesOf(a)).toEqual([
        { topic: roomTopic(f.roomId), events: ["public#1:phase"] },
        { topic: userTopic(f.seats[0].id), events: ["team:wolves#1:pick"] },
        { topic: userTopic(f.seats[0].id), events: ["team:wolves#2:chat"] },
      ]);
      // B keeps its public stream, nothing more.
      expect(deliveriesOf(b)).toEqual([{ topic: roomTopic(f.roomId), events: ["public#1:phase"] }]);
      expect(lingering).toEqual([]);
    });

    it("C-THIEF-1: a Thief who takes a Wolf card is sent the pack's events from that very step on", async () => {
      const f = await seedEight();
      const thief = await connect(f.seats[6].id, f.roomId);
      const villager = await connect(f.seats[7].id, f.roomId);
      await step(f, [packEvent("wolves")], `update public.game_roles set teams = '{wolves}' where game_id = $1 and user_id = '${f.seats[6].id}'`);
      await step(f, [packEvent("chat")]);
      await barrier(f, [thief, villager]);
      expect(deliveriesOf(thief)).toEqual([
        { topic: userTopic(f.seats[6].id), events: ["team:wolves#1:wolves"] },
        { topic: userTopic(f.seats[6].id), events: ["team:wolves#2:chat"] },
      ]);
      expect(deliveriesOf(villager)).toEqual([]);
    });

    it("a delivery larger than a notification (7,900 bytes) is stored and relayed intact through its `ref`, in commit order with what follows it", async () => {
      const f = await seedEight();
      const seer = await connect(f.seats[2].id, f.roomId);
      const long = (n: number): GameEvent => ({ type: "chat", audience: { kind: "public" }, at: 0, text: `${n}:${"é".repeat(3_000)}` }) as GameEvent;
      const stored = async () =>
        Number((await db.tx((tx) => tx.query<{ n: number }>("select count(*)::int as n from realtime.messages where extension = 'masoi-large'")))[0].n);
      const before = await stored();
      // One step of three long lines (≈ 18 KB), then in the same transaction a small signal, then
      // a small step: the hub reads the stored message back before relaying the two behind it.
      await db.tx(async (tx) => {
        await tx.exec(eventsStatement(f.gameId, [long(1), long(2), long(3)], 1));
        await signal(tx, roomTopic(f.roomId), "room");
      });
      await step(f, [{ type: "phase", audience: { kind: "public" }, at: 0 }]);
      expect(await stored()).toBe(before + 1);
      await seer.next((x) => isEvents(x) && (JSON.parse(x.data!) as Delivery).events[0].s === 4);
      const after = seer.seen.filter((x) => x.event === "events" || x.event === "signal");
      expect(after.map((x) => x.event)).toEqual(["events", "signal", "events"]);
      const big = JSON.parse(after[0].data!) as Delivery;
      expect(after[0].data!.length).toBeGreaterThan(7_900);
      expect(big.events.map((e) => [e.a, e.s, (e.e as unknown as { text: string }).text])).toEqual(
        [1, 2, 3].map((n) => ["public", n, `${n}:${"é".repeat(3_000)}`]),
      );
      expect(JSON.parse(after[1].data!)).toEqual({ topic: roomTopic(f.roomId), kind: "room" });
    });

    it("W-ROOM-4: a kicked member's stream is closed at the next signal", async () => {
      const f = await seedEight();
      const kicked = await connect(f.seats[7].id, f.roomId);
      await db.tx((tx) =>
        tx.query("delete from public.room_members where room_id = $1 and user_id = $2", [f.roomId, f.seats[7].id]),
      );
      await send(userTopic(f.seats[7].id), "room");
      expect(await kicked.ended()).toBe(true);
      expect(getHub(db).listenerCount(roomTopic(f.roomId))).toBe(0);
    });

    // The invalidation path (docs/realtime.md, "Membership changes"): each connection caches its
    // authorization and re-checks it on the membership notice that the writing transaction raises
    // (a trigger), so a removal closes the stream with no signal at all.
    it("W-ROOM-4: a kicked member's stream closes on the removal itself, with no signal", async () => {
      const f = await seedEight();
      const kicked = await connect(f.seats[5].id, f.roomId);
      const stays = await connect(f.seats[4].id, f.roomId);
      await db.tx((tx) =>
        tx.query("delete from public.room_members where room_id = $1 and user_id = $2", [f.roomId, f.seats[5].id]),
      );
      expect(await kicked.ended()).toBe(true);
      expect(getHub(db).listenerCount(userTopic(f.seats[5].id))).toBe(0);
      // P-2: the notice itself never reaches a browser; the others' streams stay open. The removal
      // moved the room topic to its next epoch (migration 0025): the one who stays is told to read
      // again on the old topic (the removal's own signal) and on the new one, when its stream moved.
      await stays.next(isSignal(roomTopic(f.roomId, 1)));
      await send(roomTopic(f.roomId, 1), "room");
      await stays.next(isSignal(roomTopic(f.roomId, 1)));
      expect(signalsOf(stays)).toEqual([
        { topic: roomTopic(f.roomId), kind: "room" },
        { topic: roomTopic(f.roomId, 1), kind: "room" },
        { topic: roomTopic(f.roomId, 1), kind: "room" },
      ]);
    });

    it("closes and unsubscribes when the client goes away", async () => {
      const f = await seedEight();
      const abort = new AbortController();
      const res = await request(f.seats[3].id, `room=${f.roomId}`, { signal: abort.signal });
      const r = readSse(res.body!);
      await r.next((x) => x.event === "hello");
      expect(getHub(db).listenerCount(roomTopic(f.roomId))).toBe(1);
      abort.abort();
      expect(await r.ended()).toBe(true);
      expect(getHub(db).listenerCount(roomTopic(f.roomId))).toBe(0);
      expect(getHub(db).listenerCount(userTopic(f.seats[3].id))).toBe(0);
    });

    it("sends a heartbeat comment on schedule", async () => {
      const f = await seedEight();
      const opened = await openRoomStream({
        db,
        hub: getHub(db),
        claims: claimsOf(f.seats[4].id),
        roomId: f.roomId,
        heartbeatMs: 30,
      });
      if (!opened.ok) throw new Error("expected a stream");
      const r = readSse(opened.stream);
      open.push(r);
      expect((await r.next((x) => x.comment !== undefined, 2_000)).comment).toBe("ping");
    });
});
