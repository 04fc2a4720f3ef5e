// A private PostgreSQL 15 cluster for one test: initdb into a temp dir, its own port, started and
// restarted with pg_ctl. The shared server on 5432 is never touched (other suites use it). The
// server refuses to run as root, so as root the binaries run as the `postgres` OS user.
import { execFileSync, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./server";

export const PG_BIN = process.env.MASOI_PG_BIN ?? "/usr/lib/postgresql/15/bin";

/** Why the private cluster cannot run here, or null when it can. */
export function privatePostgresUnavailable(): string | null {
  for (const b of ["initdb", "pg_ctl", "postgres"]) {
    if (!existsSync(path.join(PG_BIN, b))) return `PostgreSQL 15 binaries not found in ${PG_BIN} (set MASOI_PG_BIN)`;
  }
  if (process.getuid?.() === 0 && spawnSync("id", ["postgres"]).status !== 0) return "running as root without a `postgres` OS user";
  if (process.getuid?.() === 0 && !existsSync("/usr/sbin/runuser") && !existsSync("/sbin/runuser")) return "runuser not found";
  return null;
}

export interface PrivatePostgres {
  url: string;
  stop(): void;
  start(): void;
  destroy(): void;
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(os.tmpdir(), "masoi-pg-"));
  if (asRoot) {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
    chownSync(dir, uid, gid);
  }
  const data = path.join(dir, "data");
  const port = await freePort();
  const run = (bin: string, args: string[]) => {
    const [cmd, argv] = asRoot ? ["runuser", ["-u", "postgres", "--", path.join(PG_BIN, bin), ...args]] : [path.join(PG_BIN, bin), args];
    const r = spawnSync(cmd, argv, { encoding: "utf8", cwd: dir, timeout: 60_000 });
    if (r.status !== 0) throw new Error(`${bin} ${args.join(" ")} failed: ${r.stdout}\n${r.stderr}`);
  };
  run("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"]);
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50`;
  const start = () => run("pg_ctl", ["-D", data, "-o", opts, "-l", path.join(dir, "log"), "-w", "-t", "30", "start"]);
  const stop = () => run("pg_ctl", ["-D", data, "-m", "fast", "-w", "-t", "30", "stop"]);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    destroy() {
      try {
        stop();
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
