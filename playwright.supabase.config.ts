// Supabase mode in the browser (issue 27): the production build made with NEXT_PUBLIC_SUPABASE_URL
// pointing at the local Supabase services (tests/supabase-local), which front a fresh migrated
// database on TEST_DATABASE_URL's server; the app uses the same database as DATABASE_URL, and the
// `advance` edge function under Deno, called every second as Supabase Cron calls it, moves every
// game on (deadlines and bots), as in production. `npm test` runs it after the embedded suite;
// without TEST_DATABASE_URL (a real PostgreSQL) it is skipped with one line.
// NEXT_PUBLIC_* values are inlined at build time, so the services' port and key are fixed here.
// E2E_SUPABASE_PREBUILT=1 reuses the `.next-supabase` build (local iteration).
import { defineConfig } from "@playwright/test";
// The base config has chosen a free E2E_PORT (once, in the runner) by the time it is imported.
import base, { BOT_GAMES_TIME_SCALE, LIFTED_ADDRESS_LIMITS } from "./playwright.config";

const database = process.env.TEST_DATABASE_URL;
// Said once, by the runner (workers inherit the variable).
if (!database && !process.env.E2E_SUPABASE_SKIP_SAID) {
  process.env.E2E_SUPABASE_SKIP_SAID = "1";
  console.log("Supabase-mode e2e skipped: it needs a real PostgreSQL 15 (TEST_DATABASE_URL=postgres://…).");
}

const port = Number(process.env.E2E_PORT);
const supabasePort = process.env.SUPABASE_LOCAL_PORT ?? "54321";
const supabaseEnv = {
  NEXT_PUBLIC_SUPABASE_URL: `http://127.0.0.1:${supabasePort}`,
  NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY: "sb_publishable_masoi_local_e2e",
  SUPABASE_LOCAL_PORT: supabasePort,
  NEXT_DIST_DIR: ".next-supabase",
};
const build = process.env.E2E_SUPABASE_PREBUILT ? "" : "node_modules/.bin/next build && ";

export default defineConfig({
  ...base,
  testDir: "tests/e2e-supabase",
  // Nothing to run without the database (`npm test` passes --pass-with-no-tests).
  testIgnore: database ? undefined : "**",
  projects: undefined,
  use: { ...base.use, baseURL: `http://127.0.0.1:${port}` },
  webServer: !database
    ? undefined
    : {
        command: `${build}node_modules/.bin/tsx tests/supabase-local/serve.ts -- node_modules/.bin/node server.ts -p ${port} -H 127.0.0.1`,
        url: `http://127.0.0.1:${port}/`,
        timeout: 300_000,
        reuseExistingServer: false,
        stdout: "ignore",
        stderr: "pipe",
        env: {
          ...supabaseEnv,
          NEXT_TELEMETRY_DISABLED: "1",
          TEST_DATABASE_URL: database,
          // Whole games of people and bots at the embedded bot games' scale (playwright.config.ts).
          MASOI_TIME_SCALE: BOT_GAMES_TIME_SCALE,
          // As on Vercel: no timer and no bot runner in the app; the edge function does both.
          MASOI_SCHEDULER: "0",
          MASOI_BOTS: "0",
          // Access tokens live a minute, inside supabase-js's 90 s refresh margin, so sessions refresh
          // on every 30 s tick and whenever a tab comes back (Supabase's default is 1 h).
          SUPABASE_LOCAL_JWT_EXPIRY: "60",
          ...LIFTED_ADDRESS_LIMITS,
        },
      },
});
