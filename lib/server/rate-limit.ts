// Abuse ceilings shared by every server instance: sliding windows kept in the database
// (`app.rate_limit_take`, docs/database.md), so a deployment with several instances (Vercel)
// enforces one limit, not one per instance. A hit is taken in its own short transaction *before*
// the guarded work: refused and failing requests count too, which is the point against floods.
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

/**
 * Records one hit for `key` under `limit`, or throws `429 RATE_LIMITED` with `Retry-After`: the
 * whole seconds until the oldest hit in the window leaves it (at least 1).
 */
export async function takeRateLimit(db: Db, limit: Limit, key: string, message: string, now = Date.now()): Promise<void> {
  const fullKey = `${limit.name}:${key}`;
  const retryMs = await db.tx(async (tx) => {
    const [r] = await tx.query<{ ok: boolean }>(
      "select app.rate_limit_take($1, $2, $3, timestamptz 'epoch' + $4::bigint * interval '1 millisecond') as ok",
      [fullKey, limit.count, limit.windowMs, Math.floor(now)],
    );
    if (r.ok) return 0;
    const [o] = await tx.query<{ oldest: number | string | null }>(
      `select (extract(epoch from min(h.at)) * 1000)::float8 as oldest from app.rate_limit_hits h
        where h.key = $1 and h.at > timestamptz 'epoch' + ($2::bigint - $3::int) * interval '1 millisecond'`,
      [fullKey, Math.floor(now), limit.windowMs],
    );
    const oldest = o?.oldest === null || o?.oldest === undefined ? now : Number(o.oldest);
    return Math.max(oldest + limit.windowMs - now, 1);
  });
  pruneSometimes(db, now);
  if (retryMs > 0) {
    const seconds = Math.max(1, Math.ceil(retryMs / 1000));
    throw new AppError(429, "RATE_LIMITED", `${message} Try again in ${seconds} s.`, { "Retry-After": String(seconds) });
  }
}
