// Shared player reads (lib/db/shared-reads.ts): many callers' reads in one script, each under its
// own claims. What each caller gets must be exactly what its own `asUser` transaction reads.
import { describe, expect, it } from "vitest";
import { inlineParams } from "@/lib/db/driver";
import { createSharedReads } from "@/lib/db/shared-reads";
import { roomEventsStatement } from "@/lib/server/games/reads";
import { forEachDb } from "./test-db";
import { seedWorld, type Viewer } from "./seed-world";

const EVERYONE: Viewer[] = ["host", "wolfAlive", "wolfDead", "seer", "witch", "villagerDead", "spectator", "outsider"];

describe("inlineParams", () => {
  it("turns parameters into literals a hostile string cannot break out of", () => {
    const text = inlineParams("select $1::text as a, $2::int as b, $3 as c, $4::jsonb as d, $10::text as e", [
      "x$c$'); drop table t; --",
      7,
      null,
      { k: "$c$" },
      0,
      0,
      0,
      0,
      0,
      true,
    ]);
    expect(text).toBe("select 'x$c$''); drop table t; --'::text as a, 7::int as b, null as c, '{\"k\":\"$c$\"}'::jsonb as d, true::text as e");
  });

  it("refuses a statement that uses `$` other than for parameters, and a missing value", () => {
    expect(() => inlineParams("select $$x$$, $1", [1])).toThrow();
    expect(() => inlineParams("select $2", [1])).toThrow();
    expect(() => inlineParams("select $0", [1])).toThrow();
  });

  it("reads a statement's text once, and inlines each call's own values", () => {
    const text = "select $2::int, $1::text, $2::int";
    expect(inlineParams(text, ["a", 1])).toBe("select 1::int, 'a'::text, 1::int");
    expect(inlineParams(text, ["it's", -2])).toBe("select (-2)::int, 'it''s'::text, (-2)::int");
    expect(() => inlineParams(text, ["only one"])).toThrow();
  });
});

forEachDb("shared reads", (db) => {
  it("P-2: each caller of a shared batch reads exactly what its own RLS transaction reads", async () => {
    const world = await seedWorld(db(), { ended: false });
    const shared = createSharedReads(db());
    const { text, params } = roomEventsStatement(world.roomId, null);
    const own = await Promise.all(EVERYONE.map((v) => db().asUser(world.claims(v), (tx) => tx.query(text, params))));
    // Queued in the same turn of the event loop: one batch, one script.
    const together = await Promise.all(EVERYONE.map((v) => shared.query(world.claims(v), text, params)));
    expect(together).toEqual(own);
    // The batch is not trivially equal: viewers differ (wolf chat, own role events, outsiders).
    const labels = together.map((rows) => rows.map((r) => (r as { payload: { label?: string } | null }).payload?.label ?? null).join(","));
    expect(new Set(labels).size).toBeGreaterThan(4);
  });

  it("a failing statement fails only its own read: the others of its batch get their rows (issue 28)", async () => {
    const world = await seedWorld(db(), { ended: false });
    const shared = createSharedReads(db());
    const { text, params } = roomEventsStatement(world.roomId, null);
    const results = await Promise.allSettled([
      shared.query(world.claims("host"), text, params),
      shared.query(world.claims("seer"), "select 1 / 0 as boom", []),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected"]);
    expect((results[0] as PromiseFulfilledResult<unknown>).value).toEqual(await db().asUser(world.claims("host"), (tx) => tx.query(text, params)));
  });
}, { thread: true });
