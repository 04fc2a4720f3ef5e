// Supabase mode in the browser (issue 27): the production build made with NEXT_PUBLIC_SUPABASE_URL
// pointing at the local Supabase services (tests/supabase-local), which front a fresh migrated
// database on TEST_DATABASE_URL's server; the app uses the same database as DATABASE_URL.
// Not part of `npm test` yet: `TEST_DATABASE_URL=… npx playwright test -c playwright.supabase.config.ts`.
// NEXT_PUBLIC_* values are inlined at build time, so the services' port and key are fixed here.
// E2E_SUPABASE_PREBUILT=1 reuses the `.next-supabase` build (local iteration).
import { defineConfig } from "@playwright/test";
// The base config has chosen a free E2E_PORT (once, in the runner) by the time it is imported.
import base, { LIFTED_ADDRESS_LIMITS, TIME_SCALE } from "./playwright.config";

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
  projects: undefined,
  use: { ...base.use, baseURL: `http://127.0.0.1:${port}` },
  webServer: {
    command: `${build}node_modules/.bin/tsx tests/supabase-local/serve.ts -- node_modules/.bin/next start -p ${port} -H 127.0.0.1`,
    url: `http://127.0.0.1:${port}/`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      ...supabaseEnv,
      NEXT_TELEMETRY_DISABLED: "1",
      TEST_DATABASE_URL: process.env.TEST_DATABASE_URL ?? "",
      MASOI_TIME_SCALE: TIME_SCALE,
      // Deadlines and bots: the in-process scheduler and bot runner stand in for the cron-called
      // edge function (supabase/functions/advance) here.
      MASOI_SCHEDULER: "1",
      MASOI_BOTS: "1",
      // Access tokens live 2 minutes, so sessions refresh mid-game (Supabase's default is 1 h).
      SUPABASE_LOCAL_JWT_EXPIRY: "120",
      ...LIFTED_ADDRESS_LIMITS,
    },
  },
});
