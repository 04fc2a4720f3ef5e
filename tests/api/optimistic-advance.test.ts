// A phase advance is optimistic like an action (lib/server/advance-due.ts): one read of the due
// games and their states' revs (the states from the game cache at that rev, else read), then per
// game one all-or-nothing write that first checks nothing was
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

  it("S-FLOW-5: advancing a due game is a read of the due games, a read of their states and one write script, no transaction; the save bumps the private rev", async () => {
    const t = await startedGame();
    const due = await t.deadline();
    const before = await revOf(db(), t.gameId);
    const spy = spied(db(), t.gameId, 0);
    const report = await advanceDue(spy.db, due, { gameId: t.gameId });
    expect(report.advanced).toEqual([t.gameId]);
    expect(spy.txs).toBe(0);
    expect(spy.scripts).toHaveLength(3);
    expect(spy.scripts[1]).toContain("jsonb_each_text(");
    expect(spy.scripts[2]).toMatch(/^select app\.expect_game_rev/);
    expect(await revOf(db(), t.gameId)).toBe(before + 1);
    expect(await t.phase()).toBe("night.witch");
  });

  /** A game's first two phase ends by one spied process, `between` them; what the second did starts at `written`. */
  async function secondAdvance(between: (gameId: string) => Promise<unknown>) {
    const t = await startedGame();
    const spy = spied(db(), t.gameId, 0);
    expect((await advanceDue(spy.db, await t.deadline(), { gameId: t.gameId })).advanced).toEqual([t.gameId]);
    await between(t.gameId);
    const written = spy.scripts.length;
    const before = await revOf(db(), t.gameId);
    expect((await advanceDue(spy.db, await t.deadline(), { gameId: t.gameId })).advanced).toEqual([t.gameId]);
    return { t, spy, written, before };
  }

  it("S-FLOW-5, P-4: a game this process wrote last is advanced from the state it holds: a read of the due games, without their states, and the write", async () => {
    const { t, spy, written, before } = await secondAdvance(async () => undefined);
    expect(spy.scripts.slice(written)).toHaveLength(2);
    expect(spy.answers[written][0][0]).not.toHaveProperty("state");
    expect(spy.scripts[written + 1]).toMatch(/^select app\.expect_game_rev/);
    expect(await revOf(db(), t.gameId)).toBe(before + 1);
    expect(await t.phase()).toBe("day");
  });

  it("S-FLOW-5, P-4: the cache is a hint: a game written by someone else since this process wrote it is read at the rev the due read saw", async () => {
    const { t, spy, written } = await secondAdvance((gameId) => db().exec(`update game_states set rev = rev + 1 where game_id = '${gameId}'`));
    expect(spy.scripts.slice(written)).toHaveLength(3);
    expect(spy.scripts[written + 1]).toContain("jsonb_each_text(");
    expect(await t.phase()).toBe("day");
    expect(await phaseEvents(db(), t.gameId, "day")).toBe(1);
  });

  it.each([
    { moment: "its write (refused whole)", before: "app.expect_game_rev", scripts: 3 },
    { moment: "the read of its state (found moved: no write)", before: "jsonb_each_text(", scripts: 2 },
  ])("S-FLOW-5, P-4: an advance another writer got ahead of just before $moment writes nothing; the next pass advances the game once", async ({ before, scripts }) => {
    const t = await startedGame();
    const due = await t.deadline();
    const spy = spied(db(), t.gameId, 1, before);
    expect((await advanceDue(spy.db, due, { gameId: t.gameId })).advanced).toEqual([]);
    expect(spy.scripts).toHaveLength(scripts);
    // Still in the night, no phase event written, only the stand-in writer's bump.
    expect(await t.phase()).toBe("night.main");
    expect(await phaseEvents(db(), t.gameId, "night.witch")).toBe(0);
    expect((await advanceDue(db(), due, { gameId: t.gameId })).advanced).toEqual([t.gameId]);
    expect(await t.phase()).toBe("night.witch");
    expect(await phaseEvents(db(), t.gameId, "night.witch")).toBe(1);
  });
});
