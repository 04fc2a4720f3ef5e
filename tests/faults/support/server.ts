// The real production server for fault tests and the fuzzer: the shared harness
// (tests/support/server.ts) with time-scaled phases and a fixed signing secret. Its own port and
// data directory, restartable on both; killed with SIGKILL to simulate a crash.
import { rmSync } from "node:fs";
import { startServer, type RunningServer } from "../../support/server";

export { freePort } from "../../support/server";

export type AppServer = RunningServer;

export interface StartOptions {
  timeScale?: number;
  env?: Record<string, string>;
  /** Keep an existing data directory (default: a fresh temporary one, removed by `stop`). */
  dataDir?: string;
}

export async function startApp(opts: StartOptions = {}): Promise<AppServer> {
  const server = await startServer({
    dataDir: opts.dataDir,
    env: {
      MASOI_JWT_SECRET: "faults-secret-faults-secret-faults-secret-0123",
      MASOI_TIME_SCALE: String(opts.timeScale ?? 1),
      ...opts.env,
    },
  });
  const stop = server.stop;
  return Object.assign(server, {
    async stop() {
      await stop();
      if (!opts.dataDir) rmSync(server.dataDir, { recursive: true, force: true });
    },
  });
}
