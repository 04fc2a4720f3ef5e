// Supabase's Edge Runtime, locally: one function (supabase/functions/<name>/index.ts) run unmodified
// under Deno (the `deno` devDependency) with the environment Supabase gives a deployed function
// (SUPABASE_DB_URL) plus the project's secrets (`supabase secrets set …`), on a free port.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";

export interface EdgeFunction {
  /** Where the function listens; the gateway proxies `/functions/v1/<name>` here. */
  url: string;
  close(): Promise<void>;
}

const root = path.resolve(import.meta.dirname, "../..");

export async function startEdgeFunction(name: string, env: Record<string, string>): Promise<EdgeFunction> {
  const deno = path.join(root, "node_modules", ".bin", "deno");
  // The permissions a deployed function has: network, environment, its own files.
  const child: ChildProcess = spawn(deno, ["run", "--allow-net", "--allow-env", "--allow-read", `supabase/functions/${name}/index.ts`], {
    cwd: root,
    // Deno.serve says where it listens on stderr, where the function's own logs go too.
    stdio: ["ignore", "inherit", "pipe"],
    // Deno.serve() without options listens where DENO_SERVE_ADDRESS says: here a free port.
    env: { ...process.env, NO_COLOR: "1", DENO_NO_UPDATE_CHECK: "1", DENO_SERVE_ADDRESS: "tcp:127.0.0.1:0", ...env },
  });
  const url = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stderr! });
    lines.on("line", (line) => {
      const m = /Listening on (http:\/\/\S+?)\/?$/.exec(line);
      if (m) resolve(m[1]);
      else process.stderr.write(`[${name}] ${line}\n`);
    });
    child.on("exit", (code) => reject(new Error(`edge function ${name} exited (${code}) before listening`)));
  });
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.on("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
