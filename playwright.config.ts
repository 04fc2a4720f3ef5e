// Browser tests run against a production build on a free port (`.next-test`, the build the unit
// suites' wire tests use, made unless fresh; then `server.ts`, as `npm start`), with a fresh embedded database
// per run and phases scaled down so whole games take about a minute.
import { defineConfig, devices } from "@playwright/test";
import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

// Worker processes load this file again: the port and data dir are chosen once, in the runner,
// and handed down through the environment.
const freePort = () =>
  execFileSync(process.execPath, [
    "-e",
    "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
  ])
    .toString()
    .trim();
process.env.E2E_PORT ??= freePort();
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), "masoi-e2e-"));
process.env.E2E_BOT_GAMES_PORT ??= freePort();
process.env.E2E_BOT_GAMES_DATA_DIR ??= mkdtempSync(join(tmpdir(), "masoi-e2e-bots-"));
const port = Number(process.env.E2E_PORT);
const botGamesPort = Number(process.env.E2E_BOT_GAMES_PORT);
/** Point the suite at an already running server (local iteration) instead of building one. */
const external = process.env.E2E_BASE_URL;
/** Phase durations × this (MASOI_TIME_SCALE, docs/api.md): night.main 30 s → 15 s. */
export const TIME_SCALE = "0.5";
/**
 * Whole games of one person and seven bots run against a second server of the same build with
 * phases scaled further: bots act at moments spread over each phase as people do (issue 22), so a
 * day lasts most of its length; at this scale such a game takes about as long as it did at 0.5
 * when bots answered within seconds (the history and spectator specs are such games, watched).
 * Specs with several people playing stay at TIME_SCALE.
 */
export const BOT_GAMES_TIME_SCALE = "0.2";
const BOT_GAME_SPECS = /\/(bots|bot-chat|history|spectator|witch-hunt-[a-z0-9-]+|card-werewolf-[a-z0-9-]+)\.spec\.ts$/;
/**
 * Tables of 8–12 browser contexts run first, one at a time and alone: beside another spec they
 * starve on a 2-core machine and miss 10–15 s night steps (moments' eight players flipping their cards
 * beside another spec once let the wolves' 15 s pass before they bit; so did the actions spec's eight seats,
 * before the second wolf's pick was confirmed). The other specs then run two at a time.
 */
const TABLE_SPECS = /\/(game-8|game-9|classic-12|smoke|moments|actions)\.spec\.ts$/;

/** The app's own server, as `npm start` runs it (server.ts). */
const serve = `"${process.execPath}" server.ts`;
/** The build the unit suites' wire tests use (`.next-test`), built unless fresh: one build a run. */
const ensureBuild = `"${process.execPath}" --import tsx tests/support/ensure-build-cli.ts`;

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

/**
 * Every context signs in from 127.0.0.1: the per-address sign-in limit is lifted (docs/robustness.md).
 * The per-player request meters (issue 28 #8) keep their defaults: the suite proves a real client
 * never meets them. Every context sharing one address is the one thing here no real party does
 * (dozens of players from 127.0.0.1 within a minute), so the per-address ceilings are lifted too.
 */
export const LIFTED_ADDRESS_LIMITS = {
  MASOI_RATE_SIGNIN: "100000/60",
  MASOI_RATE_ROOMS_ADDR: "100000/60",
  MASOI_RATE_READS_ADDR: "1000000/10",
  MASOI_RATE_TICKS_ADDR: "1000000/10",
  MASOI_RATE_STREAMS_ADDR: "1000000/60",
  MASOI_RATE_LOBBY_ADDR: "1000000/10",
};

function serverEnv(dataDir: string, timeScale: string): Record<string, string> {
  return {
    NEXT_TELEMETRY_DISABLED: "1",
    NEXT_DIST_DIR: ".next-test", // tests/support/server.ts TEST_DIST_DIR
    MASOI_DATA_DIR: dataDir,
    MASOI_TIME_SCALE: timeScale,
    ...LIFTED_ADDRESS_LIMITS,
    // The e2e database is always the embedded one, even where CI provides Postgres.
    DATABASE_URL: "",
  };
}

/** One app server of the e2e run: its own port, embedded database and time scale. */
function appServer(command: string, serverPort: number, timeout: number, dataDir: string, timeScale: string) {
  return {
    command,
    url: `http://127.0.0.1:${serverPort}/`,
    timeout,
    reuseExistingServer: false,
    stdout: "ignore" as const,
    stderr: "pipe" as const,
    env: serverEnv(dataDir, timeScale),
  };
}

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  // Two spec files at a time (after the tables, see TABLE_SPECS): a game spends most of its time
  // waiting for phases to run out. E2E_WORKERS=1 plays them one by one.
  workers: Number(process.env.E2E_WORKERS ?? 2),
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
  projects: [
    { name: "tables", testMatch: TABLE_SPECS, workers: 1 },
    { name: "main", testIgnore: [BOT_GAME_SPECS, TABLE_SPECS], dependencies: ["tables"] },
    {
      name: "bot-games",
      testMatch: BOT_GAME_SPECS,
      dependencies: ["tables"],
      use: { baseURL: external ?? `http://127.0.0.1:${botGamesPort}` },
    },
  ],
  webServer: external
    ? undefined
    : [
        // The Node that runs this file (the project's Node 24, README) builds and serves the app too.
        appServer(`${ensureBuild} && ${serve} -p ${port} -H 127.0.0.1`, port, 600_000, process.env.E2E_DATA_DIR!, TIME_SCALE),
        // Started after the first (Playwright sets servers up in order): the build is there.
        appServer(`${serve} -p ${botGamesPort} -H 127.0.0.1`, botGamesPort, 120_000, process.env.E2E_BOT_GAMES_DATA_DIR!, BOT_GAMES_TIME_SCALE),
      ],
});
