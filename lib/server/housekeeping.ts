// Supabase Cron's hourly retention job (migration 0101), run in process wherever the deadline
// scheduler is (scheduler.ts): the embedded server, and a self-hosted one with MASOI_SCHEDULER=1.
import type { Db } from "../db/types";

export interface HousekeepingOptions {
  db: Db;
  /** Between two passes (default an hour, as the cron job). */
  everyMs?: number;
  /** Before the first pass (default a minute: boot and the deadlines missed while down come first). */
  firstAfterMs?: number;
  /** Rows per statement: on PGlite's one thread, actions wait only for one batch at a time. */
  batch?: number;
  log?: Pick<Console, "error">;
}

export interface Housekeeping {
  /** Resolves when the pass under way, if any, is done; no pass starts after. */
  stop(): Promise<void>;
}

/** Forgets the stored action replies of games that ended over a day ago (0046), `batch` at a time; says how many. */
export async function forgetActionRequests(db: Db, batch = 1_000): Promise<number> {
  const limit = Math.max(1, Math.trunc(batch));
  let total = 0;
  for (;;) {
    const [rows] = await db.exec(`select app.forget_action_requests(${limit}) as n`);
    const n = Number(rows[0]?.n ?? 0);
    total += n;
    if (n < limit) return total;
  }
}

export function startHousekeeping(opts: HousekeepingOptions): Housekeeping {
  const log = opts.log ?? console;
  let running: Promise<void> | null = null;
  let stopped = false;
  const pass = () => {
    if (running || stopped) return;
    running = forgetActionRequests(opts.db, opts.batch)
      .then(() => undefined, (error) => log.error("[housekeeping] pass failed; the next pass tries again", error))
      .finally(() => {
        running = null;
      });
  };
  const first = setTimeout(pass, opts.firstAfterMs ?? 60_000);
  const every = setInterval(pass, opts.everyMs ?? 3_600_000);
  first.unref?.();
  every.unref?.();
  return {
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(every);
      await running;
    },
  };
}
