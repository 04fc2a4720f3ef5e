// Embedded Postgres on its own thread: the same PGlite and the same SQL as lib/db/pglite.ts, run by
// a worker thread (lib/db/pglite-thread-worker.mjs) so that Postgres's work — most of the server's
// time under load (docs/performance.md, "Where the time goes") — runs beside the server's JavaScript on a
// second core instead of inside its one thread. Each call is one message each way; a transaction
// is begin, its statements, end, and PGlite still runs one transaction at a time.
import path from "node:path";
import { Worker } from "node:worker_threads";
import { asUserVia } from "./driver";
import type { Db, Row, Tx } from "./types";

/**
 * From the app's root directory. Next.js's build recognises `new Worker(<this path>)` and ships the
 * file as a worker-thread entry of the server bundle; elsewhere (tests, scripts) it runs as it is.
 */
const WORKER_FILE = path.join(process.cwd(), "lib", "db", "pglite-thread-worker.mjs");

export interface PgliteThreadOptions {
  /** A `dumpDataDir()` tarball to start from (test snapshots). */
  loadDataDir?: Blob;
}

interface Reply {
  id?: number;
  result?: unknown;
  error?: { message: string; name?: string; [field: string]: unknown };
  op?: "notify";
  lid?: number;
  payload?: string;
}

/** The worker's error as an Error with the same Postgres fields (`code` above all). */
function toError(e: NonNullable<Reply["error"]>): Error {
  return Object.assign(new Error(e.message), e);
}

/** `dataDir` undefined → in memory; otherwise a directory (one process at a time). */
export async function createPgliteThreadDb(dataDir: string | undefined, options: PgliteThreadOptions = {}): Promise<Db> {
  const dump = options.loadDataDir ? await options.loadDataDir.arrayBuffer() : undefined;
  const worker = new Worker(WORKER_FILE, { workerData: { dataDir, dump }, transferList: dump ? [dump] : [] });
  let nextId = 1;
  let closed: Error | null = null;
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  const listeners = new Map<number, (payload: string) => void>();

  // The thread keeps the process alive only while a call waits on it (a script that is done exits).
  worker.unref();
  const settled = () => {
    if (pending.size === 0) worker.unref();
  };
  const failAll = (e: Error) => {
    closed ??= e;
    for (const p of pending.values()) p.reject(e);
    pending.clear();
  };
  worker.on("message", (m: Reply) => {
    if (m.op === "notify") return listeners.get(m.lid!)?.(m.payload!);
    const p = pending.get(m.id!);
    if (!p) return;
    pending.delete(m.id!);
    settled();
    if (m.error) p.reject(toError(m.error));
    else p.resolve(m.result);
  });
  worker.on("error", (e) => failAll(e));
  worker.on("exit", () => failAll(new Error("PGlite is closed")));

  const call = <T>(message: Record<string, unknown>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      if (closed) return reject(closed);
      const id = nextId++;
      if (pending.size === 0) worker.ref();
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      worker.postMessage({ ...message, id });
    });

  try {
    await call({ op: "ready" });
  } catch (e) {
    await worker.terminate();
    throw e;
  }

  async function tx<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    const id = nextId++;
    // The transaction begins with its first statement (PGlite holds its one transaction slot from
    // then until the end, across every round trip: no round trip for `begin` alone).
    let begun: Promise<unknown> | null = null;
    const send = <R>(message: Record<string, unknown>): Promise<R> => {
      if (begun) return begun.then(() => call<R>(message), () => call<R>(message));
      const first = call<R>({ ...message, tx: id, begin: true });
      begun = first;
      return first;
    };
    const t: Tx = {
      query: <R>(text: string, params?: unknown[]) => send<R[]>({ op: "query", tx: id, text, params: params ?? [] }),
      exec: (script: string) => send<Row[][]>({ op: "texec", tx: id, script }),
    };
    let result: T;
    try {
      result = await fn(t);
    } catch (e) {
      if (begun) await call({ op: "end", tx: id, commit: false }).catch(() => undefined);
      throw e;
    }
    if (begun) await call({ op: "end", tx: id, commit: true });
    return result;
  }

  return {
    kind: "pglite",
    tx,
    exec: (script: string) => call<Row[][]>({ op: "exec", script }),
    asUser: asUserVia(tx),
    async listen(channel, onPayload, onListen) {
      const lid = nextId++;
      listeners.set(lid, onPayload);
      await call({ op: "listen", channel, lid });
      // In process: the session never drops, so the LISTEN becomes active exactly once.
      onListen?.();
      return async () => {
        listeners.delete(lid);
        await call({ op: "unlisten", lid }).catch(() => undefined);
      };
    },
    async close() {
      if (closed) return;
      await call({ op: "close" }).catch(() => undefined);
      closed = new Error("PGlite is closed");
      await worker.terminate();
    },
  };
}
