// Issue 28 item 10 (docs/security.md, "A removed member stops hearing the room"; docs/realtime.md,
// "Topic epochs"): Supabase Realtime authorizes a channel only when it is joined, so a kicked
// member whose client stays joined to the room topic would keep hearing it. The room topic moves to
// a new epoch on every removal (migration 0025): after the removal commits, the old topic carries
// exactly one data-free `room` signal and then nothing (no step's events either: they go to
// `app.signal_topic`, the current epoch's topic, migration 0036), whatever the room does; the members who
// stay are moved to the new topic (embedded: by their stream; Supabase: the policy admits them to
// the new topic only, and the room read names it).
import { beforeAll, expect, it } from "vitest";
import type { Db } from "@/lib/db/types";
import type { GameEvent } from "@/lib/game/core/types";
import { getHub } from "@/lib/realtime/hub";
import { probeReadableTopics } from "@/lib/realtime/authorize";
import type { Signal } from "@/lib/realtime/signal";
import { roomTopic, userTopic } from "@/lib/realtime/topics";
import { saveStepStatement } from "@/lib/server/games/persist";

/** A step's events and their deliveries, as `app.save_step` writes them (the fixture has no state row to save). */
const eventsStatement = (gameId: string, events: Parameters<typeof saveStepStatement>[2]["events"], day: number) => saveStepStatement(gameId, {}, { events, day });
import { markConnected } from "@/lib/server/presence";
import { signal } from "@/lib/server/signal";
import { forEachDb } from "../db/test-db";
import { claimsOf, seedRoomWithGame, type RoomFixture } from "./fixtures";
import { sseRouteSuite } from "./sse-route";
import { isSignal } from "./sse-reader";

forEachDb("room topic epochs", (currentDb) => {
  const route = sseRouteSuite(currentDb);
  const { connect } = route;
  let db: Db;
  beforeAll(() => {
    db = route.db();
  });

  const seedFour = () =>
    seedRoomWithGame(db, [
      { name: "Wolf", teams: ["wolves"] },
      { name: "Seer", teams: ["village"] },
      { name: "Villager", teams: ["village"] },
      { name: "Leaver", teams: ["village"] },
    ]);

  const publicEvent: GameEvent = { type: "phase", audience: { kind: "public" }, at: 0 };

  /**
   * A public step (delivered by `app.deliver_events` to `app.signal_topic`, the room's current
   * epoch) and a lobby change, exactly as the services send them.
   */
  const roomActivity = (f: RoomFixture) =>
    db.tx(async (tx) => {
      await tx.exec(eventsStatement(f.gameId, [publicEvent], 1));
      await signal(tx, roomTopic(f.roomId), "room");
    });

  const remove = (f: RoomFixture, userId: string) =>
    db.tx((tx) => tx.query("delete from public.room_members where room_id = $1 and user_id = $2", [f.roomId, userId]));

  it("W-ROOM-4: a removed member's channel, still joined to the room topic, hears one `room` signal and then nothing", async () => {
    const f = await seedFour();
    const leaver = f.seats[3].id;
    // What a Supabase channel joined before the kick keeps receiving: everything sent on its topic.
    const lingering: Signal[] = [];
    // The member who stays is already online (another tab): opening the stream sends no presence
    // signal, which could otherwise reach the old topic late, before the removal, under load.
    const online = markConnected(f.roomId, f.seats[1].id);
    const stop = getHub(db).subscribe(roomTopic(f.roomId), (s) => lingering.push(s));
    try {
      const stays = await connect(f.seats[1].id, f.roomId);
      // Before the removal a step's events go to the first epoch's topic.
      await db.tx((tx) => tx.exec(eventsStatement(f.gameId, [publicEvent], 1)));
      const first = await stays.next((x) => x.event === "events");
      expect(JSON.parse(first.data!)).toMatchObject({ topic: roomTopic(f.roomId), game: f.gameId, events: [{ a: "public", s: 1 }] });
      await remove(f, leaver);
      // The member who stays is told to read again, on the old topic (the removal's signal, for a
      // Supabase client to rejoin) and on the new one its stream moved to (signals sent there
      // before the move are not replayed).
      const next = roomTopic(f.roomId, 1);
      await stays.next(isSignal(roomTopic(f.roomId)));
      await stays.next(isSignal(next));
      for (let i = 0; i < 3; i++) await roomActivity(f);
      // Then hears all of the room's activity on the new topic: each step's events, in order.
      for (let s = 2; s <= 4; s++) {
        const d = JSON.parse((await stays.next((x) => x.event === "events")).data!) as { topic: string; events: { s: number }[] };
        expect([d.topic, d.events.map((e) => e.s)]).toEqual([next, [s]]);
        await stays.next((x) => isSignal(next)(x) && JSON.parse(x.data!).kind === "room");
      }
      // The old topic: the step before the removal, the removal's `room` signal, then nothing.
      expect(lingering.map((x) => [x.topic, x.kind, x.delivery?.events.map((e) => e.s)])).toEqual([
        [roomTopic(f.roomId), "events", [1]],
        [roomTopic(f.roomId), "room", undefined],
      ]);
      expect(getHub(db).listenerCount(roomTopic(f.roomId))).toBe(1); // the lingering channel alone
    } finally {
      stop();
      online();
    }
  });

  it("the policy (Supabase's join-time check) admits members to the current epoch's topic only; the room read names it", async () => {
    const f = await seedFour();
    const [stays, leaver] = [f.seats[1].id, f.seats[3].id];
    const topics = [roomTopic(f.roomId), roomTopic(f.roomId, 1), roomTopic(f.roomId, 2)];
    expect(await probeReadableTopics(db, claimsOf(stays), topics)).toEqual(new Set([topics[0]]));
    await remove(f, leaver);
    expect(await probeReadableTopics(db, claimsOf(stays), topics)).toEqual(new Set([topics[1]]));
    expect(await probeReadableTopics(db, claimsOf(leaver), [...topics, userTopic(leaver)])).toEqual(new Set([userTopic(leaver)]));
    const [row] = await db.asUser(claimsOf(stays), (tx) =>
      tx.query<{ topic: string }>("select app.room_topic(id, topic_epoch) as topic from rooms where id = $1", [f.roomId]),
    );
    expect(row.topic).toBe(topics[1]);
    // A join does not move it: nobody new can be on an old topic.
    await db.tx((tx) => tx.query("insert into public.room_members (room_id, user_id, display_name) values ($1, $2, 'Back')", [f.roomId, leaver]));
    expect(await probeReadableTopics(db, claimsOf(leaver), topics)).toEqual(new Set([topics[1]]));
  });
});
