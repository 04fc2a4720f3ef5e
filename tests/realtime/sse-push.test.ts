// Opt-in pushed events on the embedded stream (`GET /api/realtime?room=..&events=1`): each frame
// holds exactly what RLS lets that user read — compared with `GET /events` as the same user — and
// a player's frames are triggered only by their own signals: wolf traffic never makes a frame for
// anyone else (P-2, P-3, S-CHAT-3).
import { beforeAll, expect, it } from "vitest";
import type { Claims, Db } from "@/lib/db/types";
import { act } from "@/lib/server/games/act";
import { getEvents } from "@/lib/server/games/reads";
import { forEachDb } from "../db/test-db";
import { sseRouteSuite } from "./sse-route";
import { readSse, type SseFrame, type SseReader } from "./sse-reader";
import { startEightPlayerGame, type StartedGame } from "./started-game";

interface Frame {
  game: string | null;
  from: string | null;
  events: { type: string }[];
  cursor: string | null;
  more: boolean;
}

const isEvents = (f: SseFrame) => f.event === "events";
const frames = (r: SseReader): Frame[] => r.seen.filter(isEvents).map((f) => JSON.parse(f.data!) as Frame);
const pushed = (r: SseReader) => frames(r).flatMap((f) => f.events);

forEachDb("GET /api/realtime?events=1", (currentDb) => {
  const route = sseRouteSuite(currentDb);
  const { open, request } = route;
  let db: Db;
  beforeAll(() => {
    db = route.db();
  });

  async function roomIdOf(g: StartedGame): Promise<string> {
    const [r] = await db.tx((tx) => tx.query<{ room_id: string }>("select room_id from games where id = $1", [g.gameId]));
    return r.room_id;
  }

  async function rolesOf(g: StartedGame): Promise<Map<string, string>> {
    const rows = await db.tx((tx) => tx.query<{ user_id: string; role: string }>("select user_id, role from game_roles where game_id = $1", [g.gameId]));
    return new Map(rows.map((r) => [r.user_id, r.role]));
  }

  async function connectAll(g: StartedGame, roomId: string): Promise<SseReader[]> {
    const readers = await Promise.all(
      g.players.map(async (p) => {
        const res = await request(p.sub, `room=${roomId}&events=1`);
        expect(res.status).toBe(200);
        const r = readSse(res.body!);
        open.push(r);
        return r;
      }),
    );
    // The first frame after hello: everything of the current game so far.
    for (const r of readers) await r.next(isEvents);
    return readers;
  }

  let key = 0;
  const play = (g: StartedGame, who: Claims, action: Record<string, unknown> & { type: string }) =>
    act(db, who, g.gameId, { action, idempotencyKey: `k${key++}` });

  /** Everything RLS lets `who` read, as `GET /events` returns it. */
  const readable = async (g: StartedGame, who: Claims) => (await getEvents(db, who, g.gameId, null)).events;

  it("P-2 / S-CHAT-3: every player's pushed events are exactly what RLS lets them read, wolf chat to living wolves only", async () => {
    const g = await startEightPlayerGame(db);
    const roomId = await roomIdOf(g);
    const roles = await rolesOf(g);
    const readers = await connectAll(g, roomId);
    const wolves = g.players.filter((p) => roles.get(p.sub) === "wolf");
    const seer = g.players.find((p) => roles.get(p.sub) === "seer")!;
    const villager = g.players.find((p) => roles.get(p.sub) === "villager")!;
    expect(frames(readers[0])[0].game).toBe(g.gameId);

    await play(g, wolves[0], { type: "chat", channel: "wolves", text: "the seer?" });
    await play(g, wolves[1], { type: "bite", target: villager.sub });
    await play(g, seer, { type: "inspect", target: wolves[0].sub }).catch(() => undefined); // phase may not allow it: fine
    for (const [i, p] of g.players.entries()) {
      const want = await readable(g, p);
      await expect.poll(() => pushed(readers[i]).length, { timeout: 5_000 }).toBe(want.length);
      expect(pushed(readers[i])).toEqual(want);
      // Each frame says where it starts: the start of the game, then the previous frame's cursor
      // (lib/client/game-feed.ts folds a frame only when it starts where the view stands).
      const chain = frames(readers[i]);
      expect(chain.map((f) => f.from)).toEqual([null, ...chain.slice(0, -1).map((f) => f.cursor)]);
    }
    // The secrets went where they belong and nowhere else.
    const text = (r: SseReader) => r.seen.map((f) => f.data ?? "").join("\n");
    for (const [i, p] of g.players.entries()) {
      expect(text(readers[i]).includes("the seer?")).toBe(roles.get(p.sub) === "wolf");
    }
  });

  it("P-3: wolf actions make no frame for anyone else — a villager's frames are the same with or without them", async () => {
    const g = await startEightPlayerGame(db);
    const roomId = await roomIdOf(g);
    const roles = await rolesOf(g);
    const readers = await connectAll(g, roomId);
    const wolves = g.players.filter((p) => roles.get(p.sub) === "wolf");
    const others = g.players.map((p, i) => ({ p, r: readers[i] })).filter(({ p }) => roles.get(p.sub) !== "wolf");
    const before = others.map(({ r }) => r.seen.length);

    for (let i = 0; i < 3; i++) await play(g, wolves[i % 2], { type: "chat", channel: "wolves", text: `psst ${i}` });
    // Wait until both wolves have their frames: every signal of those commits has been handled.
    for (const [i, p] of g.players.entries()) {
      if (roles.get(p.sub) === "wolf") await expect.poll(() => pushed(readers[i]).filter((e) => e.type === "chat").length).toBe(3);
    }
    await new Promise((res) => setTimeout(res, 100));
    expect(others.map(({ r }) => r.seen.length)).toEqual(before);

    // A public signal with nothing new behind it: each gets the signal, and no events frame (an
    // empty read writes nothing), so there is nothing to count either.
    const eventFrames = others.map(({ r }) => frames(r).length);
    await db.tx((tx) => tx.query(`select realtime.send('{"kind":"events"}'::jsonb, 'events', $1, true)`, [`room:${roomId}`]));
    for (const { r } of others) await r.next((f) => f.event === "signal");
    await new Promise((res) => setTimeout(res, 100));
    expect(others.map(({ r }) => frames(r).length)).toEqual(eventFrames);
    for (const { p, r } of others) expect(pushed(r)).toEqual(await readable(g, p));
  });

  it("a client resumes from its own game + cursor: nothing repeated, nothing missed", async () => {
    const g = await startEightPlayerGame(db);
    const roomId = await roomIdOf(g);
    const roles = await rolesOf(g);
    const wolf = g.players.find((p) => roles.get(p.sub) === "wolf")!;
    const first = await getEvents(db, wolf, g.gameId, null);
    await play(g, wolf, { type: "chat", channel: "wolves", text: "after the cursor" });
    const res = await request(wolf.sub, `room=${roomId}&events=1&game=${g.gameId}&cursor=${first.cursor}`);
    const r = readSse(res.body!);
    open.push(r);
    const frame = JSON.parse((await r.next(isEvents)).data!) as Frame;
    expect(frame.from).toBe(first.cursor);
    expect(frame.events).toEqual((await getEvents(db, wolf, g.gameId, first.cursor)).events);
    expect(frame.events.map((e) => e.type)).toEqual(["chat"]);

    const bad = await request(wolf.sub, `room=${roomId}&events=1&game=${g.gameId}&cursor=not-a-cursor`);
    expect([bad.status, (await bad.json()).error.code]).toEqual([400, "BAD_CURSOR"]);
  });
});
