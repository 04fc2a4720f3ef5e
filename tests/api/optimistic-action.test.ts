// An action is two scripts and no open transaction (lib/server/games/act.ts): read, judge, then an
// all-or-nothing write that first checks the state is still the one it read (0018). These tests
// make another writer land between an action's read and its write, and check the write is refused
// whole and the action judged again under the row lock, with one effect.
import { afterAll, beforeAll, expect, it } from "vitest";
import { forEachDb } from "../db/test-db";
import type { Claims } from "@/lib/db/types";
import { getClaims } from "@/lib/auth/session";
import { useDb } from "@/lib/server/db";
import { act } from "@/lib/server/games/act";
import { eventRows, startedGame } from "./game-setup";
import type { Client } from "./helpers";
import { revOf, spied } from "./spied-db";

const claimsOf = async (c: Client): Promise<Claims> => (await getClaims(new Request("http://x/", { headers: { cookie: c.cookie } })))!;

forEachDb("optimistic actions", (db) => {
  beforeAll(() => useDb(db()));
  afterAll(() => useDb(undefined));

  it("P-4: an accepted action is one read and one write script, no transaction; every save bumps the private rev", async () => {
    const t = await startedGame();
    const [w1] = t.byRole("wolf");
    const before = await revOf(db(), t.gameId);
    const spy = spied(db(), t.gameId, 0);
    await act(spy.db, await claimsOf(w1), t.gameId, { action: { type: "bite", target: t.byRole("villager")[0].id }, idempotencyKey: "one" });
    expect(spy.txs).toBe(0);
    expect(spy.scripts).toHaveLength(2);
    expect(spy.scripts[1]).toMatch(/^select app\.expect_game_rev/);
    expect(await revOf(db(), t.gameId)).toBe(before + 1);
  });

  it("P-4: a write that another writer got ahead of is refused whole and judged again under the row lock — one effect", async () => {
    const t = await startedGame();
    const [w1] = t.byRole("wolf");
    // Every optimistic write would collide: there is exactly one, then the locked transaction.
    const spy = spied(db(), t.gameId, 100);
    const claims = await claimsOf(w1);
    const body = { action: { type: "bite", target: t.byRole("villager")[0].id }, idempotencyKey: "two" };
    const picksBefore = (await eventRows(db(), t.gameId)).filter((e) => e.type === "pick").length;
    const reply = await act(spy.db, claims, t.gameId, body);
    expect(spy.scripts.filter((s) => s.includes("app.expect_game_rev"))).toHaveLength(1);
    expect(spy.txs).toBe(1);
    expect((await eventRows(db(), t.gameId)).filter((e) => e.type === "pick")).toHaveLength(picksBefore + 1);
    // The stored reply replays without writing (no optimistic write, no transaction).
    const again = spied(db(), t.gameId, 0);
    expect(await act(again.db, claims, t.gameId, body)).toEqual(reply);
    expect(again.scripts).toHaveLength(1);
    expect(again.txs).toBe(0);
  });
});
