// Supabase Cron + pg_net, locally: what migration 0100_supabase_cron.sql schedules on Supabase —
// every second `net.http_post(<project url>/functions/v1/advance, Authorization: Bearer <secret>,
// body {}, timeout 5 s)`. pg_net sends without waiting for the previous answer, so calls may overlap
// (the function is idempotent). The answers are tallied so a test can tell what the calls did.

export interface CronTally {
  calls: number;
  /** Answers other than 200 (and timeouts, network errors). */
  failed: number;
  /** Sums of the function's `advanced` and `botActions` counts. */
  advanced: number;
  botActions: number;
}

export interface Cron {
  tally(): CronTally;
  close(): Promise<void>;
}

export function startCron(opts: { url: string; secret: string; everyMs?: number }): Cron {
  const tally: CronTally = { calls: 0, failed: 0, advanced: 0, botActions: 0 };
  const inFlight = new Set<Promise<void>>();
  const call = async () => {
    tally.calls++;
    try {
      const res = await fetch(opts.url, {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${opts.secret}` },
        body: "{}",
        signal: AbortSignal.timeout(5_000),
      });
      const body = (await res.json()) as { advanced?: number; botActions?: number };
      if (res.status !== 200) tally.failed++;
      tally.advanced += body.advanced ?? 0;
      tally.botActions += body.botActions ?? 0;
    } catch {
      tally.failed++;
    }
  };
  const timer = setInterval(() => {
    const p = call().finally(() => inFlight.delete(p));
    inFlight.add(p);
  }, opts.everyMs ?? 1_000);
  return {
    tally: () => ({ ...tally }),
    async close() {
      clearInterval(timer);
      await Promise.all(inFlight);
    },
  };
}
