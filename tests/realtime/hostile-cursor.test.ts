// Issue 28 item 1 (docs/security.md, "One caller's input fails only that caller"): a cursor past
// `audience_seq`'s int range is `400 BAD_CURSOR` on `GET /events` (the read a realtime client
// makes after a gap), never a 500; and reads that many callers share (lib/db/shared-reads.ts, as
// the realtime authorization checks do) survive one hostile read in their batch.
import { beforeAll, expect, it } from "vitest";
import { encodeCursorJson } from "@/lib/events-cursor";
import type { Db } from "@/lib/db/types";
import { createSharedReads } from "@/lib/db/shared-reads";
import { getEvents, roomEventsStatement } from "@/lib/server/games/reads";
import { forEachDb } from "../db/test-db";
import { startEightPlayerGame, type StartedGame } from "./started-game";

const TOO_BIG = 2 ** 31;

forEachDb("hostile cursors", (currentDb) => {
  let db: Db;
  beforeAll(() => {
    db = currentDb();
  });

  const roomIdOf = async (g: StartedGame) =>
    (await db.tx((tx) => tx.query<{ room_id: string }>("select room_id from games where id = $1", [g.gameId])))[0].room_id;

  it("a cursor past 2^31−1 (or negative, fractional, non-numeric) is 400 BAD_CURSOR on GET /events", async () => {
    const g = await startEightPlayerGame(db);
    for (const value of [TOO_BIG, 2 ** 53, -1, 1.5, "1", null]) {
      const cursor = encodeCursorJson({ public: value });
      await expect(getEvents(db, g.players[1], g.gameId, cursor)).rejects.toMatchObject({ status: 400, code: "BAD_CURSOR" });
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
});
