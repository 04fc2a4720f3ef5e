// Player reads that arrive together share one transaction, each under its own identity.
//
// Every member of a room reads after the same signal, at the same instant. One transaction per
// read costs a BEGIN/COMMIT round trip each (and on PGlite, where transactions run one at a time
// in the server's own thread, a turn of its queue each); sharing the transaction costs one identity
// switch per read. Each read still runs as the `authenticated` role with *its own caller's*
// `request.jwt.claims` (`becomeUser`, the same statement `asUser` runs), so RLS decides every read
// exactly as in a transaction of its own (design decision 3) — nothing read under one caller's
// claims is ever handed to another: each caller gets only the result of its own `fn`.
import { becomeUser, becomeUserScript, type DriverDb } from "./driver";
import type { Claims, Db, Tx } from "./types";

export interface SharedReads {
  /** Runs `fn` as `claims` (like `db.asUser`), possibly in a transaction shared with other reads. */
  asUser<T>(claims: Claims, fn: (tx: Tx) => Promise<T>): Promise<T>;
}

export interface SharedReadsOptions {
  /** Reads per transaction at most. */
  maxBatch?: number;
  /** Shared transactions in flight at once (PGlite runs one at a time whatever this says). */
  concurrency?: number;
}

interface Job {
  claims: Claims;
  fn: (tx: Tx) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * Only for reads: a statement error aborts the shared transaction, so every read in it fails (and
 * is reported to its own caller); nothing is written, so nothing half-applies.
 */
export function createSharedReads(db: DriverDb, options: SharedReadsOptions = {}): SharedReads {
  const maxBatch = options.maxBatch ?? 64;
  const concurrency = options.concurrency ?? (db.kind === "pglite" ? 1 : 4);
  const waiting: Job[] = [];
  let running = 0;
  let scheduled = false;

  const runBatch = async (batch: Job[]) => {
    running++;
    try {
      // Results are handed out only after commit: a read never escapes a transaction that failed.
      const results = await db.txScript(async (tx) => {
        const out: unknown[] = [];
        for (const job of batch) {
          // PGlite: the simple protocol is far cheaper than a parameterized statement (driver.ts).
          if (db.kind === "pglite") await tx.exec(becomeUserScript(job.claims));
          else await becomeUser(tx, job.claims);
          out.push(await job.fn({ query: tx.query }));
        }
        return out;
      });
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
    asUser<T>(claims: Claims, fn: (tx: Tx) => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        waiting.push({ claims, fn, resolve: resolve as (v: unknown) => void, reject });
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

const isDriverDb = (db: Db): db is DriverDb => typeof (db as Partial<DriverDb>).txScript === "function";

/** The process-wide shared reads for `db` (a Db without `txScript` gets one transaction per read). */
export function getSharedReads(db: Db): SharedReads {
  const g = globalThis as GlobalWithShared;
  const all = (g[SHARED] ??= new WeakMap());
  let shared = all.get(db);
  if (!shared) all.set(db, (shared = isDriverDb(db) ? createSharedReads(db) : { asUser: (claims, fn) => db.asUser(claims, fn) }));
  return shared;
}
