// Player reads that arrive together share one transaction, each under its own identity.
//
// Every member of a room reads after the same signal, at the same instant. One transaction per
// read costs a BEGIN/COMMIT round trip each (and on PGlite, where transactions run one at a time
// in the server's own thread, a turn of its queue each); sharing the transaction costs one identity
// switch per read. Each read still runs as the `authenticated` role with *its own caller's*
// `request.jwt.claims` (`becomeUserScript`, the same statement `asUser` runs), so RLS decides every read
// exactly as in a transaction of its own (design decision 3) — nothing read under one caller's
// claims is ever handed to another: each caller gets only the rows of its own statement.
//
// A read is one statement, so the whole batch is one script (simple query protocol): every
// identity switch and statement, in order, with its parameters as literals (`inlineParams`). On
// Postgres a batch of 9 reads cost 38 socket writes and 19 round trips (postgres.js describes an
// unprepared parameterized statement before binding it, and does not pipeline past a describe);
// the writes were the largest item of the server's CPU profile under load (docs/performance.md).
// Now it costs one round trip: a multi-statement script runs as one implicit transaction, which
// is what bounds each `set_config(..., true)` (is_local) — on PGlite, one turn of its queue.
import { becomeUserScript, inlineParams } from "./driver";
import type { Claims, Db } from "./types";

export interface SharedReads {
  /** Runs one statement as `claims` (like `db.asUser`), possibly in a transaction shared with other reads. */
  query<T>(claims: Claims, text: string, params: unknown[]): Promise<T[]>;
}

export interface SharedReadsOptions {
  /** Reads per transaction at most. */
  maxBatch?: number;
  /** Shared transactions in flight at once (PGlite runs one at a time whatever this says). */
  concurrency?: number;
}

interface Job {
  claims: Claims;
  text: string;
  params: unknown[];
  resolve: (rows: unknown[]) => void;
  reject: (error: unknown) => void;
}

/**
 * Only for reads: a statement error aborts the shared transaction, so every read in it fails (and
 * is reported to its own caller); nothing is written, so nothing half-applies.
 */
export function createSharedReads(db: Db, options: SharedReadsOptions = {}): SharedReads {
  const maxBatch = options.maxBatch ?? 64;
  const concurrency = options.concurrency ?? (db.kind === "pglite" ? 1 : 4);
  const waiting: Job[] = [];
  let running = 0;
  let scheduled = false;

  const runBatch = async (batch: Job[]) => {
    running++;
    try {
      // Results are handed out only after commit: a read never escapes a transaction that failed.
      // One script, one round trip: each read's identity switch, then its statement.
      const script = batch.map((job) => `${becomeUserScript(job.claims)};\n${inlineParams(job.text, job.params)};`).join("\n");
      const sets = await db.exec(script);
      const results = batch.map((_, i) => sets[2 * i + 1]);
      batch.forEach((job, i) => job.resolve(results[i]));
    } catch (error) {
      for (const job of batch) job.reject(error);
    } finally {
      running--;
      drain();
    }
  };

  function drain() {
    while (running < concurrency && waiting.length > 0) void runBatch(waiting.splice(0, maxBatch));
  }

  return {
    query<T>(claims: Claims, text: string, params: unknown[]): Promise<T[]> {
      return new Promise<T[]>((resolve, reject) => {
        waiting.push({ claims, text, params, resolve: resolve as (rows: unknown[]) => void, reject });
        // Wait one turn of the event loop: every connection woken by the same notification
        // queues its read first, and they go out together.
        if (!scheduled) {
          scheduled = true;
          setImmediate(() => {
            scheduled = false;
            drain();
          });
        }
      });
    },
  };
}

const SHARED = Symbol.for("masoi.db.sharedReads");
type GlobalWithShared = typeof globalThis & { [SHARED]?: WeakMap<Db, SharedReads> };

/** The process-wide shared reads for `db`. */
export function getSharedReads(db: Db): SharedReads {
  const g = globalThis as GlobalWithShared;
  const all = (g[SHARED] ??= new WeakMap());
  let shared = all.get(db);
  if (!shared) all.set(db, (shared = createSharedReads(db)));
  return shared;
}
