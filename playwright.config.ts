// Browser tests run against a production build (`next build` + `next start`) on a free port, with
// a fresh embedded database per run and phases scaled down so whole games take about a minute.
import { defineConfig, devices } from "@playwright/test";
import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

// Worker processes load this file again: the port and data dir are chosen once, in the runner,
// and handed down through the environment.
process.env.E2E_PORT ??= execFileSync(process.execPath, [
  "-e",
  "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
])
  .toString()
  .trim();
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), "masoi-e2e-"));
const port = Number(process.env.E2E_PORT);
/** Point the suite at an already running server (local iteration) instead of building one. */
const external = process.env.E2E_BASE_URL;
/** Phase durations × this (MASOI_TIME_SCALE, docs/api.md): night.main 30 s → 15 s. */
export const TIME_SCALE = "0.5";

const chromiumArgs = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
];

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 240_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: external ?? `http://127.0.0.1:${port}`,
    ...devices["Desktop Chrome"],
    viewport: { width: 390, height: 844 },
    // The first visit follows Accept-Language: the suite's browsers are Vietnamese, like the players.
    locale: "vi-VN",
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: chromiumArgs },
    // A step that cannot happen fails in seconds, not at the test's timeout.
    actionTimeout: 20_000,
    trace: "off",
    screenshot: "only-on-failure",
  },
  webServer: external
    ? undefined
    : {
    // The Node that runs this file (the project's Node 24, README) builds and serves the app too.
    command: `"${process.execPath}" node_modules/next/dist/bin/next build && "${process.execPath}" node_modules/next/dist/bin/next start -p ${port} -H 127.0.0.1`,
    url: `http://127.0.0.1:${port}/`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      NEXT_TELEMETRY_DISABLED: "1",
      MASOI_DATA_DIR: process.env.E2E_DATA_DIR,
      MASOI_TIME_SCALE: TIME_SCALE,
      // Every context signs in from 127.0.0.1: lift the per-address sign-in limit (docs/robustness.md).
      MASOI_RATE_SIGNIN: "100000/60",
      // The per-player request meters (issue 28 #8) keep their defaults: the suite proves a real
      // client never meets them. Every context sharing one address is the one thing here no real
      // party does (dozens of players from 127.0.0.1 within a minute), so the per-address ceilings
      // are lifted like the sign-in one.
      MASOI_RATE_ROOMS_ADDR: "100000/60",
      MASOI_RATE_READS_ADDR: "1000000/10",
      MASOI_RATE_TICKS_ADDR: "1000000/10",
      MASOI_RATE_STREAMS_ADDR: "1000000/60",
      MASOI_RATE_LOBBY_ADDR: "1000000/10",
      // The e2e database is always the embedded one, even where CI provides Postgres.
      DATABASE_URL: "",
    },
  },
});
