// Runs the local Supabase services for a Supabase-mode app (tests/e2e-supabase, by hand):
// a fresh migrated database on TEST_DATABASE_URL's server (dropped on exit), the `advance` edge
// function under Deno, the gateway on SUPABASE_LOCAL_PORT (default 54321, the Supabase CLI's API
// port), and the Cron job of 0100_supabase_cron.sql calling the function through the gateway every
// second (its tally at `GET /__local/cron`). Prints the values to give the app, then serves until
// SIGINT/SIGTERM. Arguments after `--` are a command run with those values
// in its environment (the app: `-- node server.ts -p 3000`); the services stop when it exits.
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx tests/supabase-local/serve.ts
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { freshPostgres } from "../../lib/db/testing";
import { startCron } from "./cron";
import { startEdgeFunction } from "./edge-function";
import { startLocalSupabase } from "./services";

/** The key the Supabase-mode build is made with (NEXT_PUBLIC_* is inlined into the bundle). */
export const LOCAL_PUBLISHABLE_KEY = "sb_publishable_masoi_local_e2e";

async function main() {
  const db = await freshPostgres();
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${db.database}`;
  // As `supabase secrets set MASOI_CRON_SECRET=…` and the vault secret the Cron job reads.
  const cronSecret = process.env.MASOI_CRON_SECRET || randomBytes(32).toString("base64url");
  const advance = await startEdgeFunction("advance", { SUPABASE_DB_URL: url.toString(), MASOI_CRON_SECRET: cronSecret });
  // The app's own pool is separate; this one only served the migration.
  const supabase = await startLocalSupabase({
    functions: { advance: advance.url },
    // Asked only once requests come, after the schedule below has started.
    controls: { cron: () => cron.tally() },
    databaseUrl: url.toString(),
    port: Number(process.env.SUPABASE_LOCAL_PORT ?? 54321),
    publishableKey: process.env.NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY ?? LOCAL_PUBLISHABLE_KEY,
    jwtExpiry: Number(process.env.SUPABASE_LOCAL_JWT_EXPIRY ?? 3600),
  });
  const cron = startCron({ url: `${supabase.url}/functions/v1/advance`, secret: cronSecret });
  const env = { NEXT_PUBLIC_SUPABASE_URL: supabase.url, NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY: supabase.publishableKey, DATABASE_URL: url.toString() };
  process.stdout.write(`${JSON.stringify(env)}\n`);
  const stop = async (code = 0) => {
    await cron.close();
    await advance.close();
    await supabase.close();
    await db.close();
    process.exit(code);
  };
  const command = process.argv.indexOf("--");
  if (command >= 0) {
    const [bin, ...args] = process.argv.slice(command + 1);
    const child = spawn(bin, args, { stdio: "inherit", env: { ...process.env, ...env } });
    child.on("exit", (code) => void stop(code ?? 1));
    const forward = (signal: NodeJS.Signals) => () => child.kill(signal);
    process.on("SIGINT", forward("SIGINT"));
    process.on("SIGTERM", forward("SIGTERM"));
    return;
  }
  process.on("SIGINT", () => void stop());
  process.on("SIGTERM", () => void stop());
}

void main();
