// The real production server (`next start` on the shared build) as a child process: its own port,
// its own data directory, time-scaled phases; killed with SIGKILL to simulate a crash.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { DIST_DIR, ROOT } from "./build";

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.unref();
    s.on("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

export interface AppServer {
  url: string;
  port: number;
  dataDir: string;
  /** Everything the process printed (for failure messages). */
  log(): string;
  /** SIGKILL: no shutdown hook runs, like a crash or an OOM kill. */
  kill9(): Promise<void>;
  /** Starts it again on the same port and data directory. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

export interface StartOptions {
  timeScale?: number;
  env?: Record<string, string>;
  /** Keep an existing data directory (default: a fresh temporary one). */
  dataDir?: string;
}

async function waitReady(url: string, child: ChildProcess, log: () => string, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${log()}`);
    try {
      // /api/me touches no database: answers as soon as the server listens.
      const res = await fetch(`${url}/api/me`, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`server did not become ready:\n${log()}`);
}

export async function startApp(opts: StartOptions = {}): Promise<AppServer> {
  const port = await freePort();
  const ownsDir = !opts.dataDir;
  const dataDir = opts.dataDir ?? mkdtempSync(path.join(os.tmpdir(), "masoi-faults-"));
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess;
  let output = "";

  const launch = async () => {
    child = spawn(path.join(ROOT, "node_modules/.bin/next"), ["start", "-p", String(port), "-H", "127.0.0.1"], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: "production",
        NEXT_TELEMETRY_DISABLED: "1",
        NEXT_DIST_DIR: DIST_DIR,
        MASOI_DATA_DIR: path.join(dataDir, "pglite"),
        MASOI_JWT_SECRET: "faults-secret-faults-secret-faults-secret-0123",
        MASOI_TIME_SCALE: String(opts.timeScale ?? 1),
        ...opts.env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout?.on("data", (d) => (output += d));
    child.stderr?.on("data", (d) => (output += d));
    await waitReady(url, child, () => output);
  };

  const exited = () =>
    new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once("exit", () => resolve())));

  await launch();
  return {
    url,
    port,
    dataDir,
    log: () => output,
    async kill9() {
      child.kill("SIGKILL");
      await exited();
    },
    restart: launch,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        const t = setTimeout(() => child.kill("SIGKILL"), 5000);
        await exited();
        clearTimeout(t);
      }
      if (ownsDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
