// Topic authorization (lib/realtime/authorize.ts). The hot path evaluates the predicate of the
// `realtime.messages` select policy, `app.can_join_topic(realtime.topic())`, for all topics in one
// statement; Supabase evaluates the policy itself by probing rows. These tests pin the policy to
// that predicate, so the shortcut cannot drift from it, and check both give the same answers.
// The matrix keeps `room:<id>:team:<t>` topics: team events signal each living member's user
// topic, so the policy refuses every team topic (migration 0023), a living member's included, and
// both forms must agree on that too.
import { randomUUID } from "node:crypto";
import { beforeAll, expect, it } from "vitest";
import { authorizeRoom, probeReadableTopics, readableTopics } from "@/lib/realtime/authorize";
import { roomTopic, userTopic } from "@/lib/realtime/topics";
import type { Db } from "@/lib/db/types";
import { forEachDb } from "../db/test-db";
import { claimsOf, seedRoomWithGame, type RoomFixture } from "./fixtures";

const teamTopic = (roomId: string, team: string) => `room:${roomId}:team:${team}`;

forEachDb("topic authorization", (currentDb) => {
  let db: Db;
  let f: RoomFixture;
  let other: RoomFixture;

  beforeAll(async () => {
    db = currentDb();
    f = await seedRoomWithGame(db, [
      { name: "Wolf", teams: ["wolves"] },
      { name: "Dead wolf", teams: ["wolves"], alive: false },
      { name: "Lover", teams: ["village", "lovers"] },
      { name: "Villager", teams: ["village"] },
    ]);
    other = await seedRoomWithGame(db, [{ name: "Elsewhere", teams: ["wolves"] }]);
  });

  it("the realtime.messages select policy is exactly app.can_join_topic(realtime.topic())", async () => {
    const policies = await db.tx((tx) =>
      tx.query<{ cmd: string; roles: string[] | string; qual: string }>(
        `select cmd, roles::text[] as roles, qual from pg_policies where schemaname = 'realtime' and tablename = 'messages'`,
      ),
    );
    expect(policies).toHaveLength(1);
    expect(policies[0].cmd).toBe("SELECT");
    expect(policies[0].qual.replace(/\s+/g, " ")).toBe("app.can_join_topic(( SELECT realtime.topic() AS topic))");
  });

  it("S-CHAT-3 / S-WOLF-2: the one-statement check agrees with Supabase's probe for every viewer and topic", async () => {
    const topics = [
      roomTopic(f.roomId),
      roomTopic(other.roomId),
      teamTopic(f.roomId, "wolves"),
      teamTopic(f.roomId, "village"),
      teamTopic(f.roomId, "lovers"),
      teamTopic(other.roomId, "wolves"),
      ...f.seats.map((s) => userTopic(s.id)),
      "room:not-a-uuid",
    ];
    const viewers = [...f.seats.map((s) => s.id), other.seats[0].id, randomUUID()];
    for (const viewer of viewers) {
      const fast = await readableTopics(db, claimsOf(viewer), topics);
      const probed = await probeReadableTopics(db, claimsOf(viewer), topics);
      expect([...fast].sort(), viewer).toEqual([...probed].sort());
    }
    // Spot checks of the matrix itself. A living wolf: its room and its own topic, no team topic.
    const wolf = await readableTopics(db, claimsOf(f.seats[0].id), topics);
    expect([...wolf].sort()).toEqual([roomTopic(f.roomId), userTopic(f.seats[0].id)].sort());
    const dead = await readableTopics(db, claimsOf(f.seats[1].id), topics);
    expect(dead.has(teamTopic(f.roomId, "wolves"))).toBe(false);
    expect(dead.has(roomTopic(f.roomId))).toBe(true);
    expect(await readableTopics(db, null, topics)).toEqual(new Set());
  });

  it("authorizeRoom: the room and the caller's own user topic, alive or dead; an outsider gets neither room nor anyone else's topic", async () => {
    // The room topic at its current epoch (0 here: nobody was removed; migration 0025).
    expect(await authorizeRoom(db, claimsOf(f.seats[0].id), f.roomId)).toEqual({ room: roomTopic(f.roomId), user: true });
    expect(await authorizeRoom(db, claimsOf(f.seats[1].id), f.roomId)).toEqual({ room: roomTopic(f.roomId), user: true });
    expect(await authorizeRoom(db, claimsOf(other.seats[0].id), f.roomId)).toEqual({ room: null, user: true });
  });
});
