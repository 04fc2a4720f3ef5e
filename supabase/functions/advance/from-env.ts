// The function's wiring, from its environment. Kept apart from `Deno.serve` so the Deno tests run
// exactly this wiring behind a real HTTP server.
import { createPostgresDb } from "../../../lib/db/postgres.ts";
import type { Db } from "../../../lib/db/types.ts";
import { advanceDue } from "../../../lib/server/advance-due.ts";
import { playDueBots } from "../../../lib/server/bots/due.ts";
import { createHandler } from "./handler.ts";

export type Env = (name: string) => string | undefined;

export interface EnvHandler {
  (req: Request): Promise<Response>;
  /** Ends the pool (tests; an isolate just goes away). */
  close(): Promise<void>;
}

export function handlerFromEnv(env: Env, clock?: () => number): EnvHandler {
  let db: Db | undefined;
  // One small pool per isolate, reused across invocations. Supabase provides SUPABASE_DB_URL;
  // postgres.js runs with `prepare: false` (lib/db/postgres.ts), so the transaction pooler works.
  const openDb = () => {
    const url = env("SUPABASE_DB_URL");
    if (!url) throw new Error("SUPABASE_DB_URL is not set");
    return (db ??= createPostgresDb(url, { max: 2 }));
  };
  const botSecret = env("MASOI_BOT_SECRET") || env("MASOI_CRON_SECRET");
  const botKey = botSecret ? new TextEncoder().encode(botSecret) : undefined;
  const handler = createHandler({
    secrets: [env("MASOI_CRON_SECRET"), env("SUPABASE_SERVICE_ROLE_KEY")],
    db: openDb,
    advance: advanceDue,
    // Bots' seeds come from a secret of the server (lib/server/bots/pace.ts): MASOI_BOT_SECRET, else the cron secret.
    bots: (db, now) => playDueBots(db, now, console, botKey),
    clock,
  });
  return Object.assign(handler, { close: async () => db?.close() });
}
