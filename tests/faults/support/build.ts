// One production build per test run, shared by every fault test and the fuzzer. Test files run
// in parallel worker processes, so the build is guarded by a lock directory (mkdir is atomic) and
// stamped with the run's id: the vitest main process (every worker's parent), or the fuzz CLI.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "../../..");
export const DIST_DIR = ".next-faults";
const STAMP = path.join(ROOT, DIST_DIR, "BUILT_FOR_RUN");
const LOCK = path.join(ROOT, `${DIST_DIR}.lock`);
const BUILD_TIMEOUT_MS = 6 * 60_000;

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const stampIs = (runId: string) => existsSync(STAMP) && readFileSync(STAMP, "utf8") === runId;

function build(runId: string): void {
  const r = spawnSync(path.join(ROOT, "node_modules/.bin/next"), ["build"], {
    cwd: ROOT,
    env: { ...process.env, NEXT_DIST_DIR: DIST_DIR, NEXT_TELEMETRY_DISABLED: "1", NODE_ENV: "production" },
    encoding: "utf8",
    timeout: BUILD_TIMEOUT_MS,
  });
  if (r.status !== 0) throw new Error(`next build failed (${r.status}):\n${r.stdout}\n${r.stderr}`);
  writeFileSync(STAMP, runId);
}

/** Builds into `.next-faults` unless this run already did; safe to call from parallel workers. */
export async function ensureBuild(runId = String(process.ppid)): Promise<void> {
  const started = Date.now();
  while (!stampIs(runId)) {
    if (Date.now() - started > BUILD_TIMEOUT_MS) throw new Error("timed out waiting for the shared build");
    try {
      mkdirSync(LOCK);
    } catch {
      // Someone else builds; a lock left by a dead process is taken over.
      const owner = Number(existsSync(path.join(LOCK, "pid")) ? readFileSync(path.join(LOCK, "pid"), "utf8") : NaN);
      if (Number.isFinite(owner) && !alive(owner)) rmSync(LOCK, { recursive: true, force: true });
      await new Promise((r) => setTimeout(r, 500));
      continue;
    }
    try {
      writeFileSync(path.join(LOCK, "pid"), String(process.pid));
      if (!stampIs(runId)) build(runId);
    } finally {
      rmSync(LOCK, { recursive: true, force: true });
    }
  }
}
