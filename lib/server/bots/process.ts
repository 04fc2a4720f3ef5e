// The process-wide bot runner. Embedded mode (no DATABASE_URL) runs it in the server process,
// started lazily with the database (lib/server/db.ts) so it is up right after boot and resumes
// rooms with bots after a restart. With an external database it is opt-in (`MASOI_BOTS=1`, one
// long-lived process per database; it needs `LISTEN`, see docs/api.md "Bots").
import type { Db } from "../../db/types";
import { createBotRunner, type BotRunner } from "./runner";

export function botsEnabled(env: Record<string, string | undefined> = process.env): boolean {
  if (env.MASOI_BOTS === "0") return false;
  if (env.MASOI_BOTS === "1") return true;
  return !env.DATABASE_URL;
}

const RUNNER = Symbol.for("masoi.bots.runner");
type GlobalWithRunner = typeof globalThis & { [RUNNER]?: Promise<BotRunner | null> };

/** Starts the runner once per process (held on globalThis across Next.js bundles); never throws. */
export function startProcessBotRunner(db: Db): Promise<BotRunner | null> {
  if (!botsEnabled()) return Promise.resolve(null);
  const g = globalThis as GlobalWithRunner;
  return (g[RUNNER] ??= (async () => {
    try {
      const runner = createBotRunner({ db });
      await runner.start();
      return runner;
    } catch (error) {
      console.error("[bots] runner not started", error);
      delete g[RUNNER]; // the next request retries
      return null;
    }
  })());
}
