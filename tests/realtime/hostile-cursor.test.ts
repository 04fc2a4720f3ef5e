// Issue 28 item 1 (docs/security.md, "One caller's input fails only that caller"): a cursor past
// `audience_seq`'s int range is `400 BAD_CURSOR`, never a 500; and the pushed-event reads that
// many streams share (lib/db/shared-reads.ts) survive one hostile read in their batch — nine
// streams of another room keep their frames while the hostile stream alone closes.
import { beforeAll, expect, it } from "vitest";
import { encodeCursorJson } from "@/lib/events-cursor";
import type { Db } from "@/lib/db/types";
import { createSharedReads } from "@/lib/db/shared-reads";
import { getHub } from "@/lib/realtime/hub";
import { openRoomStream } from "@/lib/realtime/room-stream";
import { act } from "@/lib/server/games/act";
import { createEventPull } from "@/lib/server/games/event-push";
import { getEvents, roomEventsStatement } from "@/lib/server/games/reads";
import { forEachDb } from "../db/test-db";
import { sseRouteSuite } from "./sse-route";
import { readSse, type SseFrame, type SseReader } from "./sse-reader";
import { startEightPlayerGame, type StartedGame } from "./started-game";

const TOO_BIG = 2 ** 31;
const isEvents = (f: SseFrame) => f.event === "events";

forEachDb("hostile cursors", (currentDb) => {
  const route = sseRouteSuite(currentDb);
  const { open, request } = route;
  let db: Db;
  beforeAll(() => {
    db = route.db();
  });

  const roomIdOf = async (g: StartedGame) =>
    (await db.tx((tx) => tx.query<{ room_id: string }>("select room_id from games where id = $1", [g.gameId])))[0].room_id;

  it("a cursor past 2^31−1 (or negative, fractional, non-numeric) is 400 BAD_CURSOR on GET /events and /api/realtime", async () => {
    const g = await startEightPlayerGame(db);
    const roomId = await roomIdOf(g);
    for (const value of [TOO_BIG, 2 ** 53, -1, 1.5, "1", null]) {
      const cursor = encodeCursorJson({ public: value });
      await expect(getEvents(db, g.players[1], g.gameId, cursor)).rejects.toMatchObject({ status: 400, code: "BAD_CURSOR" });
      const res = await request(g.players[1].sub, `room=${roomId}&events=1&game=${g.gameId}&cursor=${cursor}`);
      expect([res.status, (await res.json()).error.code]).toEqual([400, "BAD_CURSOR"]);
    }
    // The largest position is still a position: no public event after it.
    const edge = await getEvents(db, g.players[1], g.gameId, encodeCursorJson({ public: TOO_BIG - 1 }));
    expect(edge.events.filter((e) => e.audience.kind === "public")).toEqual([]);
  });

  it("one failing read in a shared batch fails only itself: every other caller gets its own rows", async () => {
    const g = await startEightPlayerGame(db);
    const roomId = await roomIdOf(g);
    const shared = createSharedReads(db);
    const honest = roomEventsStatement(roomId, null);
    // A forged position no decoder would let through: the statement itself fails (int overflow).
    const hostile = roomEventsStatement(roomId, { game: g.gameId, cursor: { public: TOO_BIG } });
    const own = await Promise.all(g.players.map((p) => db.asUser(p, (tx) => tx.query(honest.text, honest.params))));
    const together = await Promise.allSettled([
      ...g.players.map((p) => shared.query(p, honest.text, honest.params)),
      shared.query(g.players[0], hostile.text, hostile.params),
      shared.query(g.players[1], "select 1 / 0 as boom", []),
    ]);
    expect(together.map((r) => r.status)).toEqual([...g.players.map(() => "fulfilled"), "rejected", "rejected"]);
    expect(together.slice(0, 8).map((r) => (r as PromiseFulfilledResult<unknown>).value)).toEqual(own);
  });

  it("a hostile stream in another room closes alone: the nine streams sharing its reads keep theirs", async () => {
    const a = await startEightPlayerGame(db);
    const b = await startEightPlayerGame(db);
    const [roomA, roomB] = await Promise.all([roomIdOf(a), roomIdOf(b)]);
    const attacker = b.players[0];
    // Nine honest streams (the host twice: two tabs) and one whose position was forged past the
    // decoder, opened together so that their reads share scripts.
    const honest = [...a.players, a.players[0]];
    const opened = await Promise.all([
      ...honest.map((p) => request(p.sub, `room=${roomA}&events=1`)),
      openRoomStream({
        db,
        hub: getHub(db),
        claims: attacker,
        roomId: roomB,
        pull: createEventPull(db, attacker, roomB, { game: b.gameId, cursor: { public: TOO_BIG } }),
      }),
    ]);
    const last = opened.pop() as Awaited<ReturnType<typeof openRoomStream>>;
    if (!last.ok) throw new Error("the attacker is a member of room B");
    const hostile = readSse(last.stream);
    const readers: SseReader[] = (opened as Response[]).map((res) => readSse(res.body!));
    open.push(hostile, ...readers);
    expect(await hostile.ended()).toBe(true);
    for (const r of readers) await r.next(isEvents);
    // Still open and still served: a public chat line reaches all nine.
    await act(db, a.players[2], a.gameId, { action: { type: "chat", channel: "day", text: "still here?" }, idempotencyKey: "k1" }).catch(() => undefined);
    await db.tx((tx) => tx.query(`select realtime.send('{"kind":"events"}'::jsonb, 'events', $1, true)`, [`room:${roomA}`]));
    for (const r of readers) {
      await r.next((f) => f.event === "signal");
      expect(await r.ended(50)).toBe(false);
    }
  });
});
