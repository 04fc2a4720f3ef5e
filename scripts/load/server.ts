// Builds (once) and starts the production server for the load benchmark, in its own process,
// on a fresh embedded database (temp MASOI_DATA_DIR) or on DATABASE_URL.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { request } from "./http";

export const DIST_DIR = ".next-load";

export function ensureBuild(root: string, rebuild: boolean): void {
  if (!rebuild && existsSync(path.join(root, DIST_DIR, "BUILD_ID"))) return;
  console.error(`[bench] building into ${DIST_DIR} ...`);
  const r = spawnSync(process.execPath, [path.join(root, "node_modules/next/dist/bin/next"), "build"], {
    cwd: root,
    env: { ...process.env, NEXT_DIST_DIR: DIST_DIR, NEXT_TELEMETRY_DISABLED: "1" },
    stdio: ["ignore", "inherit", "inherit"],
  });
  if (r.status !== 0) throw new Error(`next build failed (${r.status})`);
}

export interface Server {
  child: ChildProcess;
  base: URL;
  stop(): Promise<void>;
}

export interface ServerOptions {
  root: string;
  port: number;
  timeScale: number;
  databaseUrl?: string;
  cpuProfDir?: string;
  /** Preload scripts/load/alloc-sampler.mjs, writing its profile here. */
  allocProfDir?: string;
  /** Preload scripts/load/gc-observer.mjs, writing the window's collector pauses here. */
  gcFile?: string;
  env?: Record<string, string>;
}

export async function startServer(o: ServerOptions): Promise<Server> {
  const dataDir = o.databaseUrl ? undefined : mkdtempSync(path.join(os.tmpdir(), "masoi-load-"));
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    NEXT_DIST_DIR: DIST_DIR,
    NEXT_TELEMETRY_DISABLED: "1",
    NODE_ENV: "production",
    MASOI_TIME_SCALE: String(o.timeScale),
    MASOI_JWT_SECRET: process.env.MASOI_JWT_SECRET ?? "load-bench-secret-load-bench-secret-0123456789",
    // The load client plays every seat itself: no server-side bots.
    MASOI_BOTS: "0",
    // 4,500 players sign in from one address, and each sends far more than a person would.
    MASOI_RATE_SIGNIN: "1000000/600",
    MASOI_RATE_ACTIONS: "1000000/10",
    // Reads, stream opens and room creations too, per player and per address (docs/robustness.md).
    ...Object.fromEntries(
      ["READS", "TICKS", "STREAMS", "LOBBY", "ROOMS"].flatMap((k) => [
        [`MASOI_RATE_${k}`, "1000000/10"],
        [`MASOI_RATE_${k}_ADDR`, "1000000/10"],
      ]),
    ),
    ...(o.env ?? {}),
  };
  delete env.DATABASE_URL;
  if (o.databaseUrl) {
    env.DATABASE_URL = o.databaseUrl;
    env.MASOI_SCHEDULER = "1"; // no Supabase Cron here: this process keeps the deadlines
  } else env.MASOI_DATA_DIR = dataDir!;
  if (o.allocProfDir) env.MASOI_ALLOC_PROF_DIR = o.allocProfDir;
  if (o.gcFile) env.MASOI_GC_FILE = o.gcFile;
  const preload = (script: string) => ["--import", pathToFileURL(path.join(o.root, "scripts/load", script)).href];
  const args = [
    "--max-old-space-size=4096",
    ...(o.cpuProfDir ? ["--cpu-prof", `--cpu-prof-dir=${o.cpuProfDir}`] : []),
    ...(o.allocProfDir ? preload("alloc-sampler.mjs") : []),
    ...(o.gcFile ? preload("gc-observer.mjs") : []),
    path.join(o.root, "server.ts"),
    "-p",
    String(o.port),
    "-H",
    "127.0.0.1",
  ];
  const child: ChildProcess = spawn(process.execPath, args, { cwd: o.root, env: env as NodeJS.ProcessEnv, stdio: ["ignore", "ignore", "pipe"] });
  child.stderr?.on("data", (d: Buffer) => process.stderr.write(`[server] ${d}`));
  const base = new URL(`http://127.0.0.1:${o.port}`);
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode})`);
    try {
      // A sign-in touches the database: the embedded one opens (and migrates) on first use.
      const r = await request(base, "POST", "/api/auth/anonymous", undefined, { displayName: "warm-up" });
      if (r.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      // Not left running: a server stuck retrying its database kept a core busy through later runs.
      child.kill("SIGKILL");
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
      throw new Error("server did not come up in 120 s");
    }
    await new Promise((res) => setTimeout(res, 200));
  }
  return {
    child,
    base,
    async stop() {
      if (child.exitCode === null) {
        // SIGINT lets Node write the --cpu-prof profile on the way out.
        const exited = new Promise((res) => child.once("exit", res));
        child.kill("SIGINT");
        const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
        await exited;
        clearTimeout(timer);
      }
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
