// S-FLOW-5: the server advances a phase at its deadline with nobody connected, and a deadline
// that passed while the server was down is advanced when it boots again.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { createPgliteDb, migrate } from "@/lib/db";
import type { Db } from "@/lib/db/types";
import { advanceDue } from "@/lib/server/advance-due";
import { act } from "@/lib/server/games/act";
import { createScheduler, earliestDeadline, schedulerEnabled, startProcessScheduler, type AdvanceFn } from "@/lib/server/scheduler";
import { useDb } from "@/lib/server/db";
import { gameWithReplies, repliesOf } from "../db/seed-replies";
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

  it("S-FLOW-5: re-reads the earliest deadline when a game starts or a deadline moves, not on every signal", async () => {
    const db = await createPgliteDb(undefined);
    await migrate(db);
    let reads = 0;
    const counted: Db = {
      ...db,
      exec: (script: string) => {
        if (script.includes("min(deadline)")) reads++;
        return db.exec(script);
      },
    };
    const scheduler = createScheduler({ db: counted, advance: advanceDue, safetyPollMs: 60_000 });
    await scheduler.start();
    await scheduler.idle();
    expect(scheduler.armedFor()).toBeNull();

    // A game starts (a row of games inserted): armed for its first deadline.
    const game = await startEightPlayerGame(db);
    const first = await gameFacts(db, game.gameId);
    await expect.poll(() => scheduler.armedFor(), { timeout: 5_000 }).toBe(first.deadline);

    // A wolf's bite signals the wolves' topic and moves no deadline: no pass reads it again.
    const [[wolf]] = await db.exec(`select user_id from game_roles where game_id = '${game.gameId}' and role = 'wolf' limit 1`);
    const [[villager]] = await db.exec(`select user_id from game_roles where game_id = '${game.gameId}' and role = 'villager' limit 1`);
    await scheduler.idle();
    const before = reads;
    const claims = game.players.find((p) => p.sub === wolf.user_id)!;
    await act(db, claims, game.gameId, { action: { type: "bite", target: villager.user_id as string }, idempotencyKey: "bite" });
    await new Promise((r) => setTimeout(r, 200));
    await scheduler.idle();
    expect(reads).toBe(before);

    // The phase moves on (its deadline changes): armed for the new one.
    await advanceDue(db, first.deadline!);
    const second = await gameFacts(db, game.gameId);
    expect(second.deadline).not.toBe(first.deadline);
    await expect.poll(() => scheduler.armedFor(), { timeout: 5_000 }).toBe(second.deadline);
    expect(reads).toBeGreaterThan(before);
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

  it("the process's scheduler also runs the housekeeping: a minute after boot, old games' stored replies go (0046)", async () => {
    const db = await createPgliteDb(undefined);
    await migrate(db);
    const old = await gameWithReplies(db, 30, 3);
    const recent = await gameWithReplies(db, 1, 3);
    useDb(db);
    // Only the timers the housekeeping arms are faked; PGlite answers meanwhile as it does.
    vi.useFakeTimers({ toFake: ["setTimeout", "setInterval", "clearTimeout", "clearInterval"] });
    try {
      const scheduler = await startProcessScheduler();
      expect(scheduler).not.toBeNull();
      await vi.advanceTimersByTimeAsync(59_000);
      expect(await repliesOf(db, old)).toBe(3);
      await vi.advanceTimersByTimeAsync(1_000);
      await vi.waitFor(async () => expect(await repliesOf(db, old)).toBe(0), { timeout: 5_000, interval: 50 });
      expect(await repliesOf(db, recent)).toBe(3);
      await scheduler!.stop();
    } finally {
      vi.useRealTimers();
      useDb(undefined);
    }
    await db.close();
  });

  it("runs in-process only in embedded mode unless asked", () => {
    expect(schedulerEnabled({})).toBe(true);
    expect(schedulerEnabled({ DATABASE_URL: "postgres://x" })).toBe(false);
    expect(schedulerEnabled({ DATABASE_URL: "postgres://x", MASOI_SCHEDULER: "1" })).toBe(true);
    expect(schedulerEnabled({ MASOI_SCHEDULER: "0" })).toBe(false);
  });
});
