// A phase advance is optimistic like an action (lib/server/advance-due.ts): one read of the due
// games with their state, then per game one all-or-nothing write that first checks nothing was
// saved since the read (0018). These tests make another writer land between the read and the
// write, and check the advance writes nothing then and is made by the next pass, exactly once.
import { afterAll, beforeAll, expect, it } from "vitest";
import { forEachDb } from "../db/test-db";
import type { Db } from "@/lib/db/types";
import { useDb } from "@/lib/server/db";
import { advanceDue } from "@/lib/server/advance-due";
import { eventRows, startedGame } from "./game-setup";
import { revOf, spied } from "./spied-db";

const phaseEvents = async (db: Db, gameId: string, phase: string) =>
  (await eventRows(db, gameId)).filter((e) => e.type === "phase" && e.payload.phase === phase).length;

forEachDb("optimistic phase advance", (db) => {
  beforeAll(() => useDb(db()));
  afterAll(() => useDb(undefined));

  it("S-FLOW-5: advancing a due game is one read and one write script, no transaction; the save bumps the private rev", async () => {
    const t = await startedGame();
    const due = await t.deadline();
    const before = await revOf(db(), t.gameId);
    const spy = spied(db(), t.gameId, 0);
    const report = await advanceDue(spy.db, due, { gameId: t.gameId });
    expect(report.advanced).toEqual([t.gameId]);
    expect(spy.txs).toBe(0);
    expect(spy.scripts).toHaveLength(2);
    expect(spy.scripts[1]).toMatch(/^select app\.expect_game_rev/);
    expect(await revOf(db(), t.gameId)).toBe(before + 1);
    expect(await t.phase()).toBe("night.witch");
  });

  it("S-FLOW-5, P-4: an advance another writer got ahead of writes nothing; the next pass advances the game once", async () => {
    const t = await startedGame();
    const due = await t.deadline();
    const spy = spied(db(), t.gameId, 1);
    expect((await advanceDue(spy.db, due, { gameId: t.gameId })).advanced).toEqual([]);
    // Refused whole: still in the night, no phase event written, only the stand-in writer's bump.
    expect(await t.phase()).toBe("night.main");
    expect(await phaseEvents(db(), t.gameId, "night.witch")).toBe(0);
    expect((await advanceDue(db(), due, { gameId: t.gameId })).advanced).toEqual([t.gameId]);
    expect(await t.phase()).toBe("night.witch");
    expect(await phaseEvents(db(), t.gameId, "night.witch")).toBe(1);
  });
});
