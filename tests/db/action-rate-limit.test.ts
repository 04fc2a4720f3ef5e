// The per-player action ceiling taken inside the action's own transaction (lib/server/games/act.ts,
// Postgres) or in memory (PGlite): refused actions count, a 429 records nothing, and a refused
// action writes nothing but its hit. The database path runs on both drivers by presenting the
// database as a "postgres" one (as tests/db/rate-limit.test.ts does).
import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import type { Db } from "@/lib/db/types";
import { isAppError } from "@/lib/server/app-error";
import { act } from "@/lib/server/games/act";
import type { Limit } from "@/lib/server/rate-limit";
import { startEightPlayerGame } from "../realtime/started-game";
import { forEachDb } from "./test-db";

const LIMIT: Limit = { name: "acttest", count: 2, windowMs: 10_000 };

async function outcome(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return "ok";
  } catch (e) {
    if (!isAppError(e)) throw e;
    return `${e.status} ${e.code}`;
  }
}

const counts = (db: Db, gameId: string) =>
  db.tx(async (tx) => {
    const [row] = await tx.query<{ events: number; replies: number; state: string }>(
      `select (select count(*) from game_events where game_id = $1)::int as events,
              (select count(*) from action_requests where game_id = $1)::int as replies,
              (select rev from game_states where game_id = $1) || ':' || (select md5(state::text) from game_states where game_id = $1) as state`,
      [gameId],
    );
    return row;
  });

forEachDb("action rate limit", (db) => {
  const paths: [string, () => Db][] = [
    ["in the action's transaction", () => ({ ...db(), kind: "postgres" }) as Db],
    ["in memory (PGlite)", () => ({ ...db(), kind: "pglite" }) as Db],
  ];
  for (const [where, limited] of paths) {
    it(`${where}: a refused action counts and writes nothing else; past the ceiling 429 with Retry-After`, async () => {
      const d = limited();
      const now = Date.now();
      const g = await startEightPlayerGame(d, now);
      const player = g.players[3];
      const rateLimit = { limit: { ...LIMIT, name: `acttest${randomUUID().slice(0, 8)}` }, key: player.sub, message: "Too many actions." };
      const before = await counts(d, g.gameId);
      // Night 1: a day vote is refused by the engine (409 WRONG_PHASE) — and still counts.
      const vote = { action: { type: "vote", target: g.players[0].sub }, idempotencyKey: randomUUID() };
      expect(await outcome(act(d, player, g.gameId, vote, now + 10, rateLimit))).toBe("409 WRONG_PHASE");
      expect(await counts(d, g.gameId)).toEqual(before);
      // A game that does not exist is refused too (404), and counts.
      expect(await outcome(act(d, player, randomUUID(), vote, now + 20, rateLimit))).toBe("404 GAME_NOT_FOUND");
      // Third request in the window: 429, before the engine sees it.
      let retryAfter = "";
      try {
        await act(d, player, g.gameId, { ...vote, idempotencyKey: randomUUID() }, now + 30, rateLimit);
      } catch (e) {
        if (!isAppError(e) || e.status !== 429) throw e;
        retryAfter = e.headers?.["Retry-After"] ?? "";
      }
      expect(retryAfter).toBe("10");
      expect(await counts(d, g.gameId)).toEqual(before);
      // Once the first hit has left the window, one more is taken (the 429 recorded nothing).
      expect(await outcome(act(d, player, g.gameId, { ...vote, idempotencyKey: randomUUID() }, now + 10_011, rateLimit))).not.toBe("429 RATE_LIMITED");
    });
  }
});
