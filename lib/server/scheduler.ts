// Embedded deadline keeper (design §5, S-FLOW-5): the server advances a phase at its deadline even
// when no client is connected. Deadlines live in `games`, so the timer is only a cache of
// "the earliest pending deadline": on boot anything that passed while the server was down is
// advanced at once, and every change re-reads the database instead of trusting memory.
import type { Db } from "../db/types";

export type AdvanceFn = (db: Db, now: number) => Promise<unknown>;

export interface SchedulerOptions {
  db: Db;
  advance: AdvanceFn;
  clock?: () => number;
  /** Re-read the earliest deadline this often even without any notification. */
  safetyPollMs?: number;
  /** Retry delay after an error, or while a due game stays due (locked by another worker). */
  retryMs?: number;
  /**
   * Least time between the starts of two passes. Under load every action notifies, and without a
   * gap the loop re-read the earliest deadline back to back, a transaction each (hundreds per
   * second at 100 busy rooms: the scheduler alone was a large share of the database work). A
   * deadline is at most this late; a phase lasts seconds.
   */
  minGapMs?: number;
  log?: Pick<Console, "error">;
}

export interface Scheduler {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Re-read deadlines now (a game changed). Coalesces bursts; never runs two passes at once. */
  poke(): void;
  /** ms epoch the single timer is armed for, or null. */
  armedFor(): number | null;
  /** Resolves when the current pass (if any) and the passes it triggered are done. */
  idle(): Promise<void>;
}

/** Longest single setTimeout we arm; a farther deadline is re-read when this one fires. */
const MAX_TIMER_MS = 60 * 60 * 1000;
/**
 * Channels whose notifications mean "a deadline may have changed": a trigger on `games` sends them
 * (migration 0019), not every realtime signal — a chat line or a vote moves no deadline.
 */
const CHANGE_CHANNELS = ["games_changed"];

export async function earliestDeadline(db: Db): Promise<number | null> {
  // A script: one round trip, no BEGIN/COMMIT around a single read.
  const [rows] = await db.exec(
    `select (extract(epoch from min(deadline)) * 1000)::float8 as at
       from public.games where not ended and deadline is not null`,
  );
  const at = rows[0]?.at as number | string | null | undefined;
  return at === null || at === undefined ? null : Number(at);
}

export function createScheduler(opts: SchedulerOptions): Scheduler {
  const { db, advance } = opts;
  const clock = opts.clock ?? Date.now;
  const retryMs = opts.retryMs ?? 1_000;
  const minGapMs = opts.minGapMs ?? 25;
  let lastPassAt = Number.NEGATIVE_INFINITY;
  const log = opts.log ?? console;

  let timer: ReturnType<typeof setTimeout> | null = null;
  let armedAt: number | null = null;
  let poll: ReturnType<typeof setInterval> | null = null;
  let unlisteners: (() => Promise<void>)[] = [];
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = true;

  const arm = (at: number | null) => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    armedAt = at;
    if (at === null || stopped) return;
    const delay = Math.min(Math.max(at - clock(), 0), MAX_TIMER_MS);
    timer = setTimeout(poke, delay);
    timer.unref?.();
  };

  async function pass() {
    const now = clock();
    const next = await earliestDeadline(db);
    if (next === null || next > now) return arm(next);
    await advance(db, now);
    const after = await earliestDeadline(db);
    // Still due after advancing: another writer got in between this pass's read and its write
    // (advance-due.ts), or the pass stopped at its limit. Come back shortly instead of spinning.
    arm(after !== null && after <= now ? now + retryMs : after);
  }

  async function loop() {
    do {
      const wait = lastPassAt + minGapMs - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      if (stopped) break;
      // Pokes that arrived while waiting are covered by this pass.
      again = false;
      lastPassAt = performance.now();
      try {
        await pass();
      } catch (error) {
        log.error("[scheduler] pass failed; retrying", error);
        arm(clock() + retryMs);
      }
    } while (again && !stopped);
    running = null;
  }

  function poke() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = loop();
  }

  return {
    async start() {
      if (!stopped) return;
      stopped = false;
      for (const channel of CHANGE_CHANNELS) {
        try {
          unlisteners.push(await db.listen(channel, poke));
        } catch (error) {
          // The safety poll still keeps deadlines; a listen failure must not stop the process.
          log.error(`[scheduler] cannot listen on ${channel}`, error);
        }
      }
      poll = setInterval(poke, opts.safetyPollMs ?? 30_000);
      poll.unref?.();
      poke();
    },
    async stop() {
      stopped = true;
      if (poll !== null) clearInterval(poll);
      poll = null;
      arm(null);
      await running;
      const pending = unlisteners;
      unlisteners = [];
      await Promise.all(pending.map((unlisten) => unlisten().catch(() => undefined)));
    },
    poke,
    armedFor: () => armedAt,
    async idle() {
      while (running) await running;
    },
  };
}

const SCHEDULER = Symbol.for("masoi.scheduler");
type GlobalWithScheduler = typeof globalThis & { [SCHEDULER]?: Promise<Scheduler | null> };

/**
 * Embedded mode (no DATABASE_URL) runs the scheduler and the housekeeping in-process; with an
 * external database it is opt-in (`MASOI_SCHEDULER=1`) because production relies on Supabase Cron
 * (+ the edge function).
 * `MASOI_SCHEDULER=0` turns it off everywhere.
 */
export function schedulerEnabled(env: Record<string, string | undefined> = process.env): boolean {
  if (env.MASOI_SCHEDULER === "0") return false;
  if (env.MASOI_SCHEDULER === "1") return true;
  return !env.DATABASE_URL;
}

async function boot(): Promise<Scheduler | null> {
  try {
    const [{ serverDb }, { advanceDue }, { startHousekeeping }] = await Promise.all([
      import("./db"),
      import("./advance-due"),
      import("./housekeeping"),
    ]);
    const db = await serverDb();
    const scheduler = createScheduler({ db, advance: advanceDue });
    await scheduler.start();
    // Supabase Cron's other job (0101), where this process stands in for Cron; stopped with it.
    const housekeeping = startHousekeeping({ db });
    return { ...scheduler, stop: async () => void (await Promise.all([scheduler.stop(), housekeeping.stop()])) };
  } catch (error) {
    console.error("[scheduler] not started", error);
    return null;
  }
}

/** Starts the process-wide scheduler once (instrumentation hook); never throws. */
export function startProcessScheduler(): Promise<Scheduler | null> {
  if (!schedulerEnabled()) return Promise.resolve(null);
  const g = globalThis as GlobalWithScheduler;
  // Held on globalThis: a second register() (dev reloads, several bundles) must not arm a second timer.
  return (g[SCHEDULER] ??= boot());
}
