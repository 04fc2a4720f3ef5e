// Ceilings on the cheap-looking requests (issue 28 item 8): reads, ticks, stream opens, lobby
// moves. Token buckets kept in this process's memory: a bucket holds `count` requests and refills
// at `count` per window, so a burst of `count` passes and the sustained rate is count/window.
// [decision] Per process, even on Postgres: these protect the process's own CPU and database
// connections from one client, so a per-instance ceiling is the right unit, and a database hit
// per read would cost more than the read (docs/performance.md). Room creation, which writes, takes
// the shared database limit instead (`takeRateLimit`). Refused requests are not counted: a
// refusal costs nothing to serve.
import { AppError } from "./app-error";
import type { Limit } from "./rate-limit";

interface Bucket {
  tokens: number;
  at: number;
}

const buckets = new Map<string, Bucket>();
const SWEEP_EVERY_MS = 60_000;
let lastSweep = 0;

/** Buckets full again are forgotten (a full bucket and a missing one behave alike). */
function sweep(now: number, longestWindowMs: number): void {
  if (now - lastSweep < SWEEP_EVERY_MS) return;
  lastSweep = now;
  for (const [k, b] of buckets) if (now - b.at > longestWindowMs) buckets.delete(k);
}

/** Takes one request from `key`'s bucket: 0, or the ms until one is back. */
export function meterTake(limit: Limit, key: string, now = Date.now()): number {
  sweep(now, Math.max(limit.windowMs, 10 * 60_000));
  const fullKey = `${limit.name}:${key}`;
  const rate = limit.count / limit.windowMs;
  const b = buckets.get(fullKey);
  const tokens = b === undefined ? limit.count : Math.min(limit.count, b.tokens + (now - b.at) * rate);
  if (tokens < 1) {
    if (b) Object.assign(b, { tokens, at: now });
    return Math.ceil((1 - tokens) / rate);
  }
  if (b) Object.assign(b, { tokens: tokens - 1, at: now });
  else buckets.set(fullKey, { tokens: tokens - 1, at: now });
  return 0;
}

/** One request against `limit` for `key`, or 429 RATE_LIMITED with `Retry-After` (whole seconds, ≥ 1). */
export function meter(limit: Limit, key: string, message: string, now = Date.now()): void {
  const wait = meterTake(limit, key, now);
  if (wait === 0) return;
  const seconds = Math.max(1, Math.ceil(wait / 1000));
  throw new AppError(429, "RATE_LIMITED", `${message} Try again in ${seconds} s.`, { "Retry-After": String(seconds) });
}

/** Tests: forget every bucket. */
export const resetMeters = (): void => buckets.clear();
