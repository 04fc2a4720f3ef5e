// Deliveries on the embedded stream (`GET /api/realtime`, migration 0036_event_deliveries): the
// transaction that writes a step's events sends them, the public ones once on the room topic and the
// others on the user topic of each reader the `game_events` policy admits. A player's deliveries,
// paired by step and merged in the step's order, are exactly what `GET /events` returns them —
// nothing more (P-2, P-3, S-CHAT-3), nothing less, in the server's order.
import { beforeAll, expect, it } from "vitest";
import type { Claims, Db } from "@/lib/db/types";
import type { GameEvent } from "@/lib/game/core/types";
import { mergeStep, type Delivery } from "@/lib/realtime/delivery";
import { getHub } from "@/lib/realtime/hub";
import type { Signal } from "@/lib/realtime/signal";
import { roomTopic, userTopic } from "@/lib/realtime/topics";
import { advanceDue } from "@/lib/server/advance-due";
import { act } from "@/lib/server/games/act";
import { getEvents } from "@/lib/server/games/reads";
import { forEachDb } from "../db/test-db";
import { sseRouteSuite } from "./sse-route";
import { passBarrier, type SseReader } from "./sse-reader";
import { gameFacts, startEightPlayerGame, type StartedGame } from "./started-game";

type Frame = Delivery & { topic: string };
const deliveries = (r: SseReader): Frame[] => r.seen.filter((f) => f.event === "events").map((f) => JSON.parse(f.data!) as Frame);

/** A stream's deliveries folded as the browser folds them: each step's room and user messages merged. */
function merged(r: SseReader): GameEvent[] {
  const steps = new Map<string, { room?: Frame; user?: Frame }>();
  for (const d of deliveries(r)) {
    const s = steps.get(d.step) ?? {};
    if (d.public === undefined) s.room = d;
    else s.user = d;
    steps.set(d.step, s);
  }
  return [...steps.values()].flatMap(({ room, user }) => {
    // The user message says how many public events its step has: the room message has that many.
    if (user) expect(room?.events.length ?? 0).toBe(user.public);
    return mergeStep(room?.events ?? [], user?.events ?? []).map((e) => e.e);
  });
}

forEachDb("deliveries on GET /api/realtime", (currentDb) => {
  const route = sseRouteSuite(currentDb);
  let db: Db;
  beforeAll(() => {
    db = route.db();
  });

  async function setUp() {
    const g = await startEightPlayerGame(db);
    const [{ room_id: roomId }] = await db.tx((tx) => tx.query<{ room_id: string }>("select room_id from games where id = $1", [g.gameId]));
    const rows = await db.tx((tx) => tx.query<{ user_id: string; role: string }>("select user_id, role from game_roles where game_id = $1", [g.gameId]));
    const roles = new Map(rows.map((r) => [r.user_id, r.role]));
    const readers = await Promise.all(g.players.map((p) => route.connect(p.sub, roomId)));
    // Where each player stood when its stream opened (the stream replays nothing).
    const cursors = await Promise.all(g.players.map(async (p) => (await getEvents(db, p, g.gameId, null)).cursor));
    const team: Signal[] = [];
    const stop = getHub(db).subscribe(`room:${roomId}:team:wolves`, (s) => team.push(s));
    return { g, roomId, roles, readers, cursors, team, stop };
  }

  let key = 0;
  const play = (g: StartedGame, who: Claims, action: Record<string, unknown> & { type: string }) =>
    act(db, who, g.gameId, { action, idempotencyKey: `d${key++}` });

  const barrier = (roomId: string, readers: SseReader[]) => passBarrier(db, roomTopic(roomId), readers);

  it("P-2, P-3, S-CHAT-3: each player's deliveries, merged by step, are exactly GET /events after where its stream opened, in order", async () => {
    const { g, roomId, roles, readers, cursors, team, stop } = await setUp();
    try {
      const wolves = g.players.filter((p) => roles.get(p.sub) === "wolf");
      const seer = g.players.find((p) => roles.get(p.sub) === "seer");
      const villager = g.players.find((p) => roles.get(p.sub) === "villager")!;
      await play(g, wolves[0], { type: "chat", channel: "wolves", text: "the seer?" });
      await play(g, wolves[1], { type: "bite", target: villager.sub }).catch(() => undefined);
      if (seer) await play(g, seer, { type: "inspect", target: wolves[0].sub }).catch(() => undefined); // phase may not allow it: fine
      // The night ends: one step with public events (the dawn) and private ones (its results).
      const { deadline } = await gameFacts(db, g.gameId);
      await advanceDue(db, deadline!, { gameId: g.gameId });
      await play(g, villager, { type: "chat", channel: "day", text: "good morning" }).catch(() => undefined);
      await barrier(roomId, readers);

      for (const [i, p] of g.players.entries()) {
        const want = (await getEvents(db, p, g.gameId, cursors[i])).events;
        expect(want.length).toBeGreaterThan(0);
        expect(merged(readers[i])).toEqual(want);
        // Every message is on the room topic (public events only) or on the player's own topic.
        for (const d of deliveries(readers[i])) {
          expect(d.game).toBe(g.gameId);
          if (d.topic === roomTopic(roomId)) expect(d.events.every((e) => e.a === "public")).toBe(true);
          else expect(d.topic).toBe(userTopic(p.sub));
        }
      }
      // The dawn was a step with both kinds: some player was sent a user message paired with a room one.
      expect(readers.some((r) => deliveries(r).some((d) => (d.public ?? 0) > 0))).toBe(true);
      // The pack's line went to the wolves and nowhere else; nothing ever on a team topic.
      for (const [i, p] of g.players.entries()) {
        const text = readers[i].seen.map((f) => f.data ?? "").join("\n");
        expect(text.includes("the seer?")).toBe(roles.get(p.sub) === "wolf");
      }
      expect(team).toEqual([]);
    } finally {
      stop();
    }
  });

  it("P-3: wolf actions send nothing to anyone else — a villager's stream is the same with or without them", async () => {
    const { g, roomId, roles, readers, stop } = await setUp();
    try {
      const wolves = g.players.filter((p) => roles.get(p.sub) === "wolf");
      const others = g.players.map((p, i) => ({ p, r: readers[i] })).filter(({ p }) => roles.get(p.sub) !== "wolf");
      await barrier(roomId, readers); // whatever the set-up sent has arrived
      const before = others.map(({ r }) => r.seen.length);
      for (let i = 0; i < 3; i++) await play(g, wolves[i % 2], { type: "chat", channel: "wolves", text: `psst ${i}` });
      await barrier(roomId, readers);
      // The others' streams hold the barrier and nothing else; each wolf has the three lines.
      expect(others.map(({ r }) => r.seen.length)).toEqual(before.map((n) => n + 1));
      for (const [i, p] of g.players.entries()) {
        if (roles.get(p.sub) !== "wolf") continue;
        expect(deliveries(readers[i]).map((d) => [d.topic, d.events.map((e) => e.e.type)])).toEqual(
          [0, 1, 2].map(() => [userTopic(p.sub), ["chat"]]),
        );
      }
    } finally {
      stop();
    }
  });
});
