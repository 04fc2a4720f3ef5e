// takeRateLimit (lib/server/rate-limit.ts): the same sliding window kept in the database (any
// Postgres: several instances share it) and in memory (PGlite: one process owns the data). The
// database path runs here on both drivers by presenting the database as a "postgres" one.
import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import type { Db } from "@/lib/db/types";
import { isAppError } from "@/lib/server/app-error";
import { takeRateLimit, type Limit } from "@/lib/server/rate-limit";
import { forEachDb } from "./test-db";

const LIMIT: Limit = { name: "test", count: 3, windowMs: 5_000 };

/** The refusal's Retry-After in seconds, or 0 when the hit was taken. */
async function retryAfter(db: Db, key: string, now: number): Promise<number> {
  try {
    await takeRateLimit(db, LIMIT, key, "Slow down.", now);
    return 0;
  } catch (e) {
    if (!isAppError(e) || e.status !== 429 || e.code !== "RATE_LIMITED") throw e;
    return Number(e.headers?.["Retry-After"]);
  }
}

forEachDb("rate limits", (db) => {
  const paths: [string, () => Db][] = [
    ["in the database", () => ({ ...db(), kind: "postgres" }) as Db],
    ["in memory (PGlite)", () => ({ ...db(), kind: "pglite" }) as Db],
  ];
  for (const [where, limited] of paths) {
    it(`${where}: takes ${LIMIT.count} hits in a window, refuses the next with 429 and Retry-After, and takes again once the oldest hit left`, async () => {
      const d = limited(); // one object: the in-memory windows are kept per Db
      const key = randomUUID();
      const t0 = Date.UTC(2026, 10, 30, 12);
      expect(await retryAfter(d, key, t0)).toBe(0);
      expect(await retryAfter(d, key, t0 + 1_000)).toBe(0);
      expect(await retryAfter(d, key, t0 + 2_000)).toBe(0);
      // The oldest hit (t0) leaves the window at t0 + 5 s: 2.5 s from now, rounded up.
      expect(await retryAfter(d, key, t0 + 2_500)).toBe(3);
      expect(await retryAfter(d, key, t0 + 4_999)).toBe(1);
      expect(await retryAfter(d, key, t0 + 5_000)).toBe(0);
      // Keys are independent.
      expect(await retryAfter(d, randomUUID(), t0 + 5_000)).toBe(0);
    });
  }
});
