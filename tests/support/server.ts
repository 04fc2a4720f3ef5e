// Runs the real production build for every suite that tests on the wire (integration, faults,
// fuzz): one build folder for the whole run. Test files run in parallel worker processes, so the
// first caller builds under a lock directory (mkdir is atomic) and the others wait; a build is
// reused until a source file is newer than it.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
/** Next.js's CLI, run by the Node that runs the tests (the project's Node 24, README), not whichever `node` is first on PATH. */
const NEXT_BIN = path.join(ROOT, "node_modules/next/dist/bin/next");
/** The self-hosted server `npm start` runs (Next.js plus its direct routes). */
const SERVER = path.join(ROOT, "server.ts");
export const TEST_DIST_DIR = ".next-test";
const DIST = path.join(ROOT, TEST_DIST_DIR);
const LOCK = path.join(ROOT, `${TEST_DIST_DIR}.lock`);
const BUILD_TIMEOUT_MS = 6 * 60_000;
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

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The lock's owner, if it wrote its pid; a lock left by a dead process may be taken over. */
function lockIsStale(): boolean {
  const pidFile = path.join(LOCK, "pid");
  const owner = Number(fs.existsSync(pidFile) ? fs.readFileSync(pidFile, "utf8") : NaN);
  if (Number.isFinite(owner)) return !alive(owner);
  // Between mkdir and writing the pid: only an old lock without a pid is abandoned.
  const age = Date.now() - (fs.statSync(LOCK, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
  return age > BUILD_TIMEOUT_MS;
}

/**
 * Builds `.next-test` unless a fresh one exists. Safe to call from many workers at once: the
 * freshness check runs under the lock too, so no one trusts a folder another worker is writing.
 */
export async function ensureBuild(): Promise<void> {
  const started = Date.now();
  for (;;) {
    if (Date.now() - started > 2 * BUILD_TIMEOUT_MS) throw new Error("timed out waiting for the shared build");
    try {
      fs.mkdirSync(LOCK);
    } catch {
      // Another worker is building or checking.
      if (lockIsStale()) fs.rmSync(LOCK, { recursive: true, force: true });
      await sleep(500);
      continue;
    }
    try {
      fs.writeFileSync(path.join(LOCK, "pid"), String(process.pid));
      if (buildIsFresh()) return;
      const res = spawnSync(process.execPath, [NEXT_BIN, "build"], {
        cwd: ROOT,
        env: { ...process.env, NEXT_DIST_DIR: TEST_DIST_DIR, NEXT_TELEMETRY_DISABLED: "1", NODE_ENV: "production" },
        encoding: "utf8",
        maxBuffer: 64 * 1024 * 1024,
        timeout: BUILD_TIMEOUT_MS,
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
  /** The server's MASOI_DATA_DIR (left in place by `stop`, so a test can read the database after). */
  dataDir: string;
  /** The current server process (a new one after `restart`). */
  readonly process: ChildProcess;
  /** Output so far (stdout + stderr) of every launch, for diagnosing a failed test. */
  log(): string;
  /** Graceful stop (SIGTERM, SIGKILL after 5 s), waits for exit. */
  stop(): Promise<void>;
  /** `kill -9`: no shutdown hook runs, like a crash or an OOM kill. */
  kill9(): Promise<void>;
  /** Starts it again on the same port and data directory (after `stop` or `kill9`). */
  restart(): Promise<void>;
}

export interface StartOptions {
  /** Reuse a data folder (restarts); a fresh temporary one otherwise. */
  dataDir?: string;
  port?: number;
  env?: Record<string, string>;
  timeoutMs?: number;
}

async function waitReady(url: string, child: ChildProcess, log: () => string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${log()}`);
    try {
      // /api/me touches no database: it answers as soon as the server listens.
      const res = await fetch(`${url}/api/me`, { signal: AbortSignal.timeout(2000) });
      if (res.status < 500) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server did not answer within the timeout:\n${log()}`);
    }
    await sleep(150);
  }
}

/** Starts the app's server (`server.ts`, as `npm start`) on the shared build and waits until it answers. */
export async function startServer(opts: StartOptions = {}): Promise<RunningServer> {
  await ensureBuild();
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "masoi-srv-"));
  const port = opts.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  let child!: ChildProcess;
  let exited!: Promise<void>;
  let output = "";

  const launch = async () => {
    child = spawn(process.execPath, [SERVER, "-p", String(port), "-H", "127.0.0.1"], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: "production",
        NEXT_DIST_DIR: TEST_DIST_DIR,
        NEXT_TELEMETRY_DISABLED: "1",
        MASOI_DATA_DIR: dataDir,
        ...opts.env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const launched = child;
    exited = new Promise<void>((resolve) => launched.once("exit", () => resolve()));
    child.stdout!.on("data", (b) => (output += b));
    child.stderr!.on("data", (b) => (output += b));
    await waitReady(url, child, () => output, opts.timeoutMs ?? 60_000);
  };

  const running = () => child.exitCode === null && child.signalCode === null;
  await launch();
  return {
    url,
    port,
    dataDir,
    get process() {
      return child;
    },
    log: () => output,
    async stop() {
      if (running()) {
        child.kill("SIGTERM");
        const t = setTimeout(() => child.kill("SIGKILL"), 5000);
        await exited;
        clearTimeout(t);
      }
    },
    async kill9() {
      if (running()) child.kill("SIGKILL");
      await exited;
    },
    restart: launch,
  };
}
