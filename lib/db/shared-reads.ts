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

/** One job's identity switch and statement, as script text (throws on claims or params it cannot inline). */
const jobScript = (job: Job) => `${becomeUserScript(job.claims)};\n${inlineParams(job.text, job.params)};`;

/** Runs `jobs` as one script and hands each its rows; throws, handing out nothing, if any statement fails. */
async function runTogether(db: Db, jobs: readonly Job[], scripts: readonly string[]) {
  // Results are handed out only after commit: a read never escapes a transaction that failed.
  // One script, one round trip: each read's identity switch, then its statement.
  const sets = await db.exec(scripts.join("\n"));
  jobs.forEach((job, i) => job.resolve(sets[2 * i + 1]));
}

/**
 * Only for reads. No caller's input may fail another caller's read: a statement error aborts the
 * whole script (the rest of a simple-protocol query is skipped, so a savepoint per job cannot
 * help), so when a shared script fails, each of its reads runs again alone and gets its own
 * rows or its own error (security.md, "One caller's input fails only that caller"). A job whose
 * script cannot even be written (bad claims, a value no literal can hold) fails alone, up front.
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
      const jobs: Job[] = [];
      const scripts: string[] = [];
      for (const job of batch) {
        try {
          scripts.push(jobScript(job));
          jobs.push(job);
        } catch (error) {
          job.reject(error);
        }
      }
      try {
        if (jobs.length > 0) await runTogether(db, jobs, scripts);
      } catch (error) {
        if (jobs.length === 1) jobs[0].reject(error);
        else await Promise.all(jobs.map((job, i) => runTogether(db, [job], [scripts[i]]).catch(job.reject)));
      }
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
