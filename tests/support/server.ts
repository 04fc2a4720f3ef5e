// Runs the real production build for suites that test on the wire (integration, faults, fuzz).
// One build is shared by every suite and worker: the first caller builds under a lock, the others
// wait; a build is reused until a source file is newer than it.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const TEST_DIST_DIR = ".next-test";
const DIST = path.join(ROOT, TEST_DIST_DIR);
const LOCK = path.join(ROOT, `${TEST_DIST_DIR}.lock`);
const SOURCES = ["app", "lib", "components", "messages", "supabase", "public", "next.config.ts", "package-lock.json", "proxy.ts", "instrumentation.ts"];

function newestMtime(p: string): number {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of fs.readdirSync(p)) {
    if (entry === "node_modules" || entry.startsWith(".")) continue;
    newest = Math.max(newest, newestMtime(path.join(p, entry)));
  }
  return newest;
}

function buildIsFresh(): boolean {
  const stamp = path.join(DIST, "BUILD_ID");
  if (!fs.existsSync(stamp)) return false;
  const built = fs.statSync(stamp).mtimeMs;
  return SOURCES.every((s) => newestMtime(path.join(ROOT, s)) <= built);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Builds `.next-test` unless a fresh one exists. Safe to call from many workers at once. */
export async function ensureBuild(): Promise<void> {
  for (;;) {
    if (buildIsFresh()) return;
    try {
      fs.mkdirSync(LOCK);
    } catch {
      // Another worker is building; a lock older than 15 minutes belongs to a dead process.
      const age = Date.now() - fs.statSync(LOCK, { throwIfNoEntry: false })!.mtimeMs;
      if (Number.isFinite(age) && age > 15 * 60_000) fs.rmSync(LOCK, { recursive: true, force: true });
      await sleep(1000);
      continue;
    }
    try {
      if (buildIsFresh()) return;
      const res = spawnSync(path.join(ROOT, "node_modules/.bin/next"), ["build"], {
        cwd: ROOT,
        env: { ...process.env, NEXT_DIST_DIR: TEST_DIST_DIR, NEXT_TELEMETRY_DISABLED: "1" },
        encoding: "utf8",
        maxBuffer: 64 * 1024 * 1024,
      });
      if (res.status !== 0) throw new Error(`next build failed (${res.error ?? res.status}):\n${res.stdout}\n${res.stderr}`);
      return;
    } finally {
      fs.rmSync(LOCK, { recursive: true, force: true });
    }
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  process: ChildProcess;
  /** Output so far (stdout + stderr), for diagnosing a failed test. */
  log(): string;
  /** Graceful stop (SIGTERM), waits for exit. */
  stop(): Promise<void>;
  /** `kill -9`: no chance to flush anything. */
  kill9(): Promise<void>;
}

export interface StartOptions {
  /** Reuse a data folder (restarts); a fresh temporary one otherwise. */
  dataDir?: string;
  port?: number;
  env?: Record<string, string>;
  timeoutMs?: number;
}

/** Starts `next start` on the shared build and waits until it answers. */
export async function startServer(opts: StartOptions = {}): Promise<RunningServer> {
  await ensureBuild();
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "masoi-srv-"));
  const port = opts.port ?? (await freePort());
  const child = spawn(path.join(ROOT, "node_modules/.bin/next"), ["start", "-p", String(port), "-H", "127.0.0.1"], {
    cwd: ROOT,
    env: {
      ...process.env,
      NEXT_DIST_DIR: TEST_DIST_DIR,
      NEXT_TELEMETRY_DISABLED: "1",
      MASOI_DATA_DIR: dataDir,
      ...opts.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (b) => (output += b));
  child.stderr!.on("data", (b) => (output += b));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (opts.timeoutMs ?? 60_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${output}`);
    try {
      const res = await fetch(`${url}/api/me`);
      if (res.status < 500) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server did not answer within the timeout:\n${output}`);
    }
    await sleep(200);
  }
  const stopWith = async (sig: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(sig);
    await exited;
  };
  return {
    url,
    port,
    dataDir,
    process: child,
    log: () => output,
    stop: () => stopWith("SIGTERM"),
    kill9: () => stopWith("SIGKILL"),
  };
}
