// Races on real Postgres (several connections): each race has exactly one outcome. PGlite runs
// transactions one after another, so these only mean something on a server; skipped without one.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshPostgres } from "@/lib/db/testing";
import type { Db } from "@/lib/db/types";
import { useDb } from "@/lib/server/db";
import { advanceDue } from "@/lib/server/advance-due";
import { act } from "@/lib/server/games/act";
import { getClaims } from "@/lib/auth/session";
import type { Claims } from "@/lib/db/types";
import { eventRows, startedGame } from "./game-setup";
import type { Client } from "./helpers";

const claimsOf = async (c: Client): Promise<Claims> => (await getClaims(new Request("http://x/", { headers: { cookie: c.cookie } })))!;

describe.skipIf(!process.env.TEST_DATABASE_URL)("concurrency [postgres]", () => {
  let db: Db;
  beforeAll(async () => {
    db = await freshPostgres();
    useDb(db);
  });
  afterAll(async () => {
    useDb(undefined);
    await db?.close();
  });

  it("P-4: two different inspections from the same Seer racing — exactly one is accepted", async () => {
    const t = await startedGame();
    const [seer] = t.byRole("seer");
    const [v1, v2] = t.byRole("villager");
    const replies = await Promise.all([
      t.act(seer, { type: "inspect", target: v1.id }, "race-a"),
      t.act(seer, { type: "inspect", target: v2.id }, "race-b"),
    ]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(replies.find((r) => r.status === 409)?.body.error.code).toBe("ALREADY_ACTED");
    expect((await eventRows(db, t.gameId)).filter((e) => e.type === "seer_result")).toHaveLength(1);
  });

  it("S-WOLF-3, P-4: two different bites from the same wolf racing — both land, one after the other", async () => {
    const t = await startedGame();
    const [w1] = t.byRole("wolf");
    const [v1, v2] = t.byRole("villager");
    const replies = await Promise.all([
      t.act(w1, { type: "bite", target: v1.id }, "race-a"),
      t.act(w1, { type: "bite", target: v2.id }, "race-b"),
    ]);
    expect(replies.map((r) => r.status)).toEqual([200, 200]);
    const picks = (await eventRows(db, t.gameId)).filter((e) => e.type === "pick");
    expect(picks).toHaveLength(2);
    expect(new Set(picks.map((e) => e.payload.target))).toEqual(new Set([v1.id, v2.id]));
  });

  it("S-VOTE-2: many voters racing — every vote counted once", async () => {
    const t = await startedGame();
    const [w1, w2] = t.byRole("wolf");
    const claims = await Promise.all([w1, w2].map(claimsOf));
    const target = t.byRole("villager")[0].id;
    const res = await Promise.allSettled(
      claims.map((c, i) => act(db, c, t.gameId, { action: { type: "bite", target }, idempotencyKey: `v${i}` })),
    );
    expect(res.every((r) => r.status === "fulfilled")).toBe(true);
    expect((await eventRows(db, t.gameId)).filter((e) => e.type === "pick")).toHaveLength(2);
  });

  it("S-FLOW-5: an action racing the deadline — either it lands before the phase ends or it is refused, never both", async () => {
    for (let i = 0; i < 3; i++) {
      const t = await startedGame();
      const [w1] = t.byRole("wolf");
      const deadline = await t.deadline();
      const [reply, adv] = await Promise.all([
        act(db, await claimsOf(w1), t.gameId, { action: { type: "bite", target: t.byRole("villager")[0].id }, idempotencyKey: "d" }, deadline - 1).then(
          () => 200,
          (e: { status?: number; code?: string }) => e.code,
        ),
        advanceDue(db, deadline),
      ]);
      // `skip locked`: a worker that finds the action holding the row leaves the game to the next tick.
      if (!adv.advanced.includes(t.gameId)) expect((await advanceDue(db, deadline)).advanced).toContain(t.gameId);
      const rows = await eventRows(db, t.gameId);
      const picks = rows.filter((e) => e.type === "pick").length;
      const witchPhases = rows.filter((e) => e.type === "phase" && e.payload.phase === "night.witch").length;
      expect(witchPhases).toBe(1);
      if (reply === 200) expect(picks).toBe(1);
      else expect([reply, picks]).toEqual(["WRONG_PHASE", 0]);
    }
  });

  it("the same request twice at once with one idempotency key — one effect, the same reply", async () => {
    const t = await startedGame();
    const [w1] = t.byRole("wolf");
    const target = t.byRole("villager")[0].id;
    const [a, b] = await Promise.all([
      t.act(w1, { type: "bite", target }, "twice"),
      t.act(w1, { type: "bite", target }, "twice"),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body).toEqual(b.body);
    expect((await eventRows(db, t.gameId)).filter((e) => e.type === "pick")).toHaveLength(1);
  });

  it("advanceDue from two workers at once advances each game once", async () => {
    const t = await startedGame();
    const deadline = await t.deadline();
    const [a, b] = await Promise.all([advanceDue(db, deadline), advanceDue(db, deadline)]);
    expect([...a.advanced, ...b.advanced].filter((id) => id === t.gameId)).toHaveLength(1);
    const rows = await eventRows(db, t.gameId);
    expect(rows.filter((e) => e.type === "phase" && e.payload.phase === "night.witch")).toHaveLength(1);
  });
});
