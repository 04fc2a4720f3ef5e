// Abuse ceilings shared by every server instance: sliding windows kept in the database
// (`app.rate_limit_take`, docs/database.md), so a deployment with several instances (Vercel)
// enforces one limit, not one per instance. A hit is taken *before* the guarded work, in its own
// short transaction — or, for actions, first thing in the action's read script, which commits
// whatever the action then comes to (lib/server/games/act.ts): refused requests count too, which
// is the point against floods.
// Embedded (PGlite) there is exactly one process — a PGlite data directory opens in one process
// only — so the same sliding window is kept in memory: the same limit, enforced exactly, without
// a transaction per action on the database thread (docs/performance.md, "Load"). It does not
// survive a restart, which for an abuse ceiling of tens per seconds is harmless.
import { inlineParams } from "../db/driver";
import type { Db } from "../db/types";
import { AppError } from "./app-error";

export interface Limit {
  /** Names the limit in messages and in the env override (`MASOI_RATE_<NAME>`). */
  name: string;
  count: number;
  windowMs: number;
}

/**
 * A limit with an optional env override `count/seconds` (e.g. `MASOI_RATE_SIGNIN=30/600`). Tests and
 * load benchmarks that sign hundreds of clients in from one address raise it there.
 */
export function limitFromEnv(name: string, count: number, windowMs: number, env = process.env): Limit {
  const raw = env[`MASOI_RATE_${name.toUpperCase()}`];
  const m = raw?.match(/^\s*(\d{1,9})\s*\/\s*(\d{1,7})\s*$/);
  if (m && Number(m[1]) > 0 && Number(m[2]) > 0) return { name, count: Number(m[1]), windowMs: Number(m[2]) * 1000 };
  return { name, count, windowMs };
}

/** Hits older than the longest window we use are dead weight; dropped once a minute per process. */
const PRUNE_EVERY_MS = 60_000;
const PRUNE_OLDER_THAN_MS = 60 * 60 * 1000;
let lastPrune = 0;

function pruneSometimes(db: Db, now: number): void {
  if (now - lastPrune < PRUNE_EVERY_MS) return;
  lastPrune = now;
  void db
    .tx((tx) => tx.query("select app.rate_limit_prune(timestamptz 'epoch' + $1::bigint * interval '1 millisecond')", [now - PRUNE_OLDER_THAN_MS]))
    .catch(() => undefined); // best effort: the next prune retries
}

const windows = new WeakMap<Db, Map<string, number[]>>();
let lastSweep = 0;

/** The in-process sliding window: the retry delay in ms, or 0 when the hit was taken. */
function takeInMemory(db: Db, limit: Limit, fullKey: string, now: number): number {
  let hits = windows.get(db);
  if (!hits) windows.set(db, (hits = new Map()));
  if (now - lastSweep >= PRUNE_EVERY_MS) {
    lastSweep = now;
    for (const [k, times] of hits) if (times[times.length - 1] <= now - PRUNE_OLDER_THAN_MS) hits.delete(k);
  }
  const times = (hits.get(fullKey) ?? []).filter((t) => t > now - limit.windowMs);
  if (times.length >= limit.count) {
    hits.set(fullKey, times);
    return Math.max(times[0] + limit.windowMs - now, 1);
  }
  times.push(now);
  hits.set(fullKey, times);
  return 0;
}

/**
 * Takes a hit and reads the window's oldest hit: two statements, run in one round trip. The
 * advisory lock `rate_limit_take` holds lasts until the end of the transaction they run in, so it
 * covers the read.
 */
const TAKE = `select app.rate_limit_take($1, $2, $3, timestamptz 'epoch' + $4::bigint * interval '1 millisecond') as ok;
  select (extract(epoch from min(h.at)) * 1000)::float8 as oldest from app.rate_limit_hits h
   where h.key = $1 and h.at > timestamptz 'epoch' + ($4::bigint - $3::int) * interval '1 millisecond'`;

/**
 * A database hit as script statements, for `takeRateLimit` or the start of a caller's script that
 * writes nothing else (an action's read): the hit commits without waiting for the WAL flush
 * (`synchronous_commit` off for that transaction only). Every action took this commit's fsync
 * before its own, ≈ 3.7 ms of its round trip at 30 rooms (docs/performance.md, "Load"). A crash
 * can lose the last fraction of a second of hits — an abuse ceiling forgetting a few of them is
 * harmless — and never leaves anything half-written.
 */
export interface RateLimitTake {
  /** `TAKE_SETS` statements, values inlined: run them first in a script and pass their result sets to `judge`. */
  script: string;
  /** Throws `429 RATE_LIMITED` when the hit was refused (nothing was recorded then). */
  judge(sets: readonly unknown[][]): void;
}

/** Statements in a take's script: the flush setting, the hit, the window's oldest hit. */
export const TAKE_SETS = 3;
const NO_FLUSH = "select set_config('synchronous_commit', 'off', true)";

export function rateLimitTake(db: Db, limit: Limit, key: string, message: string, now = Date.now()): RateLimitTake {
  const fullKey = `${limit.name}:${key}`;
  return {
    script: `${NO_FLUSH};\n${inlineParams(TAKE, [fullKey, limit.count, limit.windowMs, Math.floor(now)])}`,
    judge([, [taken], [window]]) {
      const { ok } = taken as { ok: unknown };
      const { oldest } = (window ?? {}) as { oldest?: unknown };
      const first = oldest === null || oldest === undefined ? now : Number(oldest);
      pruneSometimes(db, now);
      refuseAfter(ok === true ? 0 : Math.max(first + limit.windowMs - now, 1), message);
    },
  };
}

/** A hit in its own transaction (actions take theirs in their read script instead: `act`). */
async function takeInDb(db: Db, limit: Limit, key: string, message: string, now: number): Promise<void> {
  const take = rateLimitTake(db, limit, key, message, now);
  take.judge(await db.exec(take.script));
}

function refuseAfter(retryMs: number, message: string): void {
  if (retryMs > 0) {
    const seconds = Math.max(1, Math.ceil(retryMs / 1000));
    throw new AppError(429, "RATE_LIMITED", `${message} Try again in ${seconds} s.`, { "Retry-After": String(seconds) });
  }
}

/**
 * Whether hits are kept in this process's memory (PGlite: one process owns the data) rather than
 * in the database, where `rateLimitTake` can join a caller's transaction.
 */
export const rateLimitInMemory = (db: Db): boolean => db.kind === "pglite";

/**
 * Records one hit for `key` under `limit`, or throws `429 RATE_LIMITED` with `Retry-After`: the
 * whole seconds until the oldest hit in the window leaves it (at least 1).
 */
export async function takeRateLimit(db: Db, limit: Limit, key: string, message: string, now = Date.now()): Promise<void> {
  if (rateLimitInMemory(db)) refuseAfter(takeInMemory(db, limit, `${limit.name}:${key}`, now), message);
  else await takeInDb(db, limit, key, message, now);
}
