// Embedded realtime end to end: the real route handler, the real migrations and RLS policies,
// signals sent through the `realtime.send` shim exactly as the services send them.
import { beforeAll, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import type { Db } from "@/lib/db/types";
import { getHub } from "@/lib/realtime/hub";
import { openRoomStream } from "@/lib/realtime/room-stream";
import { roomTopic, teamTopic, userTopic } from "@/lib/realtime/topics";
import { forEachDb } from "../db/test-db";
import { claimsOf, seedRoomWithGame, type RoomFixture } from "./fixtures";
import { sseRouteSuite } from "./sse-route";
import { isSignal, readSse, type SseReader } from "./sse-reader";

forEachDb("GET /api/realtime", (currentDb) => {
  const route = sseRouteSuite(currentDb);
  const { open, request } = route;
  let db: Db;
  beforeAll(() => {
    db = route.db();
  });

  async function connect(userId: string, roomId: string): Promise<SseReader> {
    const res = await request(userId, `room=${roomId}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const reader = readSse(res.body!);
    open.push(reader);
    await reader.next((f) => f.event === "hello");
    return reader;
  }

  /** As the services do: one `realtime.send` per touched topic inside the writing transaction. */
  async function send(topic: string, kind: string, extra: Record<string, unknown> = {}) {
    await db.tx((tx) =>
      tx.query("select realtime.send($1::jsonb, $2, $3, true)", [{ kind, ...extra }, kind, topic]),
    );
  }

  const setAlive = (f: RoomFixture, userId: string, alive: boolean) =>
    db.tx((tx) => tx.query("update public.game_players set alive = $1 where game_id = $2 and user_id = $3", [alive, f.gameId, userId]));

  const setTeams = (f: RoomFixture, userId: string, teams: string[]) =>
    db.tx((tx) => tx.query("update public.game_roles set teams = $1 where game_id = $2 and user_id = $3", [teams, f.gameId, userId]));

  function seedEight() {
    return seedRoomWithGame(db, [
      { name: "Wolf A", teams: ["wolves"] },
      { name: "Wolf B", teams: ["wolves"] },
      { name: "Seer", teams: ["village"] },
      { name: "Guard", teams: ["village"] },
      { name: "Witch", teams: ["village"] },
      { name: "Hunter", teams: ["village"] },
      { name: "Villager 1", teams: ["village"] },
      { name: "Villager 2", teams: ["village"] },
    ]);
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

    it("S-CHAT-3 / S-WOLF-2: a wolf-team signal reaches the living wolves and nobody else", async () => {
      const f = await seedEight();
      const readers = await Promise.all(f.seats.map((s) => connect(s.id, f.roomId)));
      const wolves = teamTopic(f.roomId, "wolves");

      await send(wolves, "chat");
      await send(roomTopic(f.roomId), "room"); // barrier: notifications arrive in commit order
      for (const [i, r] of readers.entries()) {
        await r.next(isSignal(roomTopic(f.roomId)));
        if (i < 2) await r.next(isSignal(wolves));
      }
      for (const r of readers.slice(2)) {
        expect(r.seen.filter(isSignal(wolves))).toEqual([]);
      }
      // Private topics: only the owner.
      await send(userTopic(f.seats[2].id), "events");
      await send(roomTopic(f.roomId), "room");
      for (const [i, r] of readers.entries()) {
        await r.next(isSignal(roomTopic(f.roomId)));
        if (i === 2) await r.next(isSignal(userTopic(f.seats[2].id)));
        else expect(r.seen.filter(isSignal(userTopic(f.seats[2].id)))).toEqual([]);
      }
    });

    it("S-CHAT-3: a wolf who dies stops receiving team signals, even before any room signal", async () => {
      const f = await seedEight();
      const [a, b] = [await connect(f.seats[0].id, f.roomId), await connect(f.seats[1].id, f.roomId)];
      const wolves = teamTopic(f.roomId, "wolves");
      expect(getHub(db).listenerCount(wolves)).toBe(2);

      // Death committed, then a team signal: delivery-time authorization drops it for the dead wolf.
      await setAlive(f, f.seats[1].id, false);
      await send(wolves, "chat");
      await a.next(isSignal(wolves));
      await send(userTopic(f.seats[1].id), "events"); // barrier for B
      await b.next(isSignal(userTopic(f.seats[1].id)));
      expect(b.seen.filter(isSignal(wolves))).toEqual([]);
      await expect.poll(() => getHub(db).listenerCount(wolves)).toBe(1);

      // Later team traffic never reaches B, and B keeps its public stream.
      await send(wolves, "chat");
      await send(roomTopic(f.roomId), "events");
      await a.next(isSignal(wolves));
      await b.next(isSignal(roomTopic(f.roomId)));
      expect(b.seen.filter(isSignal(wolves))).toEqual([]);
    });

    it("C-THIEF-1 / S-START-3: a player who joins a team gets its signals after the next room signal", async () => {
      const f = await seedEight();
      const thief = await connect(f.seats[6].id, f.roomId);
      const wolves = teamTopic(f.roomId, "wolves");
      await setTeams(f, f.seats[6].id, ["wolves"]);
      await send(roomTopic(f.roomId), "events");
      await thief.next(isSignal(roomTopic(f.roomId)));
      await expect.poll(() => getHub(db).listenerCount(wolves)).toBe(1);
      await send(wolves, "chat");
      await thief.next(isSignal(wolves));
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
    // (a trigger, before its signals), so the checks below hold within one transaction and with
    // no room signal at all.
    it("S-CHAT-3: a wolf who dies in the very transaction that signals the wolves does not get that signal", async () => {
      const f = await seedEight();
      const [a, b] = [await connect(f.seats[0].id, f.roomId), await connect(f.seats[1].id, f.roomId)];
      const wolves = teamTopic(f.roomId, "wolves");
      await db.tx(async (tx) => {
        await tx.query("update public.game_players set alive = false where game_id = $1 and user_id = $2", [f.gameId, f.seats[1].id]);
        await tx.query("select realtime.send($1::jsonb, 'chat', $2, true)", [{ kind: "chat" }, wolves]);
      });
      await a.next(isSignal(wolves));
      await send(userTopic(f.seats[1].id), "events"); // barrier for B
      await b.next(isSignal(userTopic(f.seats[1].id)));
      expect(b.seen.filter(isSignal(wolves))).toEqual([]);
      await expect.poll(() => getHub(db).listenerCount(wolves)).toBe(1);
    });

    it("C-THIEF-1: a Thief who becomes a wolf gets the wolf signal of that very transaction, no room signal needed", async () => {
      const f = await seedEight();
      const thief = await connect(f.seats[6].id, f.roomId);
      const villager = await connect(f.seats[7].id, f.roomId);
      const wolves = teamTopic(f.roomId, "wolves");
      await db.tx(async (tx) => {
        await tx.query("update public.game_roles set teams = $1 where game_id = $2 and user_id = $3", [["wolves"], f.gameId, f.seats[6].id]);
        await tx.query("select realtime.send($1::jsonb, 'events', $2, true)", [{ kind: "events" }, wolves]);
      });
      await thief.next(isSignal(wolves));
      await send(roomTopic(f.roomId), "events"); // barrier
      await villager.next(isSignal(roomTopic(f.roomId)));
      expect(villager.seen.filter(isSignal(wolves))).toEqual([]);
    });

    it("W-ROOM-4: a kicked member's stream closes on the removal itself, with no signal", async () => {
      const f = await seedEight();
      const kicked = await connect(f.seats[5].id, f.roomId);
      const stays = await connect(f.seats[4].id, f.roomId);
      await db.tx((tx) =>
        tx.query("delete from public.room_members where room_id = $1 and user_id = $2", [f.roomId, f.seats[5].id]),
      );
      expect(await kicked.ended()).toBe(true);
      expect(getHub(db).listenerCount(userTopic(f.seats[5].id))).toBe(0);
      // P-2: the notice itself never reaches a browser; the others' streams stay open and quiet.
      await send(roomTopic(f.roomId), "room");
      await stays.next(isSignal(roomTopic(f.roomId)));
      expect(stays.seen.filter((x) => x.event === "signal")).toHaveLength(1);
    });

    it("S-CHAT-3: a wolf revived by a later write is re-admitted on that write's notice", async () => {
      const f = await seedEight();
      const b = await connect(f.seats[1].id, f.roomId);
      const wolves = teamTopic(f.roomId, "wolves");
      await setAlive(f, f.seats[1].id, false);
      await expect.poll(() => getHub(db).listenerCount(wolves)).toBe(0);
      await setAlive(f, f.seats[1].id, true);
      await expect.poll(() => getHub(db).listenerCount(wolves)).toBe(1);
      await send(wolves, "chat");
      await b.next(isSignal(wolves));
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
