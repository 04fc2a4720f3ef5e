// S-FLOW-5: the server advances a phase at its deadline with nobody connected, and a deadline
// that passed while the server was down is advanced when it boots again.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { createPgliteDb, migrate } from "@/lib/db";
import type { Db } from "@/lib/db/types";
import { advanceDue } from "@/lib/server/advance-due";
import { createScheduler, earliestDeadline, schedulerEnabled, type AdvanceFn } from "@/lib/server/scheduler";
import { gameFacts, startEightPlayerGame } from "./started-game";

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

/** Wraps advanceDue to record how many passes overlap (there must never be two at once). */
function tracked(advance: AdvanceFn) {
  const stats = { calls: 0, running: 0, maxRunning: 0 };
  const fn: AdvanceFn = async (db, now) => {
    stats.calls++;
    stats.running++;
    stats.maxRunning = Math.max(stats.maxRunning, stats.running);
    try {
      return await advance(db, now);
    } finally {
      stats.running--;
    }
  };
  return { fn, stats };
}

describe("scheduler", () => {
  it("S-FLOW-5: advances a due game when its timer fires, and after a restart advances what became due while down", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "masoi-scheduler-"));
    dirs.push(dir);
    let offset = 0;
    const clock = () => Date.now() + offset;

    // First server process.
    let db: Db = await createPgliteDb(dir);
    await migrate(db as Awaited<ReturnType<typeof createPgliteDb>>);
    const game = await startEightPlayerGame(db);
    const first = await gameFacts(db, game.gameId);
    const a = tracked(advanceDue);
    let scheduler = createScheduler({ db, advance: a.fn, clock, safetyPollMs: 60_000 });
    await scheduler.start();
    await scheduler.idle();
    expect(scheduler.armedFor()).toBe(first.deadline); // armed from the database
    expect(a.stats.calls).toBe(0);

    // Move the clock to 80 ms before the deadline and re-arm: the real timer fires and advances.
    offset = first.deadline! - Date.now() - 80;
    scheduler.poke();
    await expect.poll(async () => (await gameFacts(db, game.gameId)).version, { timeout: 5_000 }).toBeGreaterThan(first.version);
    const second = await gameFacts(db, game.gameId);
    expect(second.phase).not.toBe(first.phase);
    await scheduler.idle();
    expect(scheduler.armedFor()).toBe(second.deadline);

    // Many change notifications at once never overlap two passes.
    for (let i = 0; i < 20; i++) scheduler.poke();
    await scheduler.idle();
    expect(a.stats.maxRunning).toBe(1);

    // The process stops; the next deadline passes while nothing runs.
    await scheduler.stop();
    expect(scheduler.armedFor()).toBeNull();
    await db.close();
    offset = second.deadline! - Date.now() + 1_000;

    // A new process over the same data directory advances at boot, then re-arms from the database.
    db = await createPgliteDb(dir);
    const b = tracked(advanceDue);
    scheduler = createScheduler({ db, advance: b.fn, clock, safetyPollMs: 60_000 });
    await scheduler.start();
    await scheduler.idle();
    const third = await gameFacts(db, game.gameId);
    expect(b.stats.calls).toBeGreaterThanOrEqual(1);
    expect(third.version).toBeGreaterThan(second.version);
    expect(scheduler.armedFor()).toBe(await earliestDeadline(db));
    expect(scheduler.armedFor()).toBe(third.deadline);
    await scheduler.stop();
    await db.close();
  });

  it("logs a failing pass and retries instead of crashing", async () => {
    const db = await createPgliteDb(undefined);
    await migrate(db);
    const game = await startEightPlayerGame(db);
    const { deadline } = await gameFacts(db, game.gameId);
    const log = { error: vi.fn() };
    let failures = 1;
    const advance: AdvanceFn = async (d, now) => {
      if (failures-- > 0) throw new Error("database hiccup");
      return advanceDue(d, now);
    };
    const scheduler = createScheduler({ db, advance, clock: () => deadline! + 1, retryMs: 20, log, safetyPollMs: 60_000 });
    await scheduler.start();
    await expect.poll(async () => (await gameFacts(db, game.gameId)).version, { timeout: 5_000 }).toBeGreaterThan(1);
    expect(log.error).toHaveBeenCalledWith("[scheduler] pass failed; retrying", expect.any(Error));
    await scheduler.stop();
    await db.close();
  });

  it("runs in-process only in embedded mode unless asked", () => {
    expect(schedulerEnabled({})).toBe(true);
    expect(schedulerEnabled({ DATABASE_URL: "postgres://x" })).toBe(false);
    expect(schedulerEnabled({ DATABASE_URL: "postgres://x", MASOI_SCHEDULER: "1" })).toBe(true);
    expect(schedulerEnabled({ MASOI_SCHEDULER: "0" })).toBe(false);
  });
});
