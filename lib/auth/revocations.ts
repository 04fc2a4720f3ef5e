// Signed-out users (issue 28 item 7): a sign-out records the user in app.revoked_users, and every
// later verification of any of that user's tokens fails, in both auth modes. Checked per request,
// so it is kept in memory: PGlite has exactly one process, which loads the table once and then
// sees every sign-out itself (exact). On Postgres other instances may have served the sign-out,
// so each process reads the rows added since its last read at most every REFRESH_MS: a token
// signed out elsewhere is refused here within that bound (immediately on the instance that
// served the sign-out).
import type { Db } from "../db/types";
import { serverDb } from "../server/db";

export const REFRESH_MS = 5_000;
/** A revocation outlives every token it could refuse: the embedded TTL is 30 days, Supabase's 1 h. */
const KEEP_MS = 31 * 24 * 60 * 60 * 1000;

interface Cache {
  revoked: Set<string>;
  /** Newest `revoked_at` read (ms), and when the table was last read. */
  seenUpTo: number;
  readAt: number;
  loading: Promise<void> | null;
}

const caches = new WeakMap<Db, Cache>();

async function refresh(db: Db, c: Cache, now: number): Promise<void> {
  // Overlap by a refresh period: rows committed late by another instance carry an earlier time.
  const since = c.seenUpTo - REFRESH_MS;
  const rows = await db.tx((tx) =>
    tx.query<{ user_id: string; at: number }>(
      `select user_id::text, (extract(epoch from revoked_at) * 1000)::float8 as at from app.revoked_users
        where revoked_at > timestamptz 'epoch' + $1::bigint * interval '1 millisecond'`,
      [Math.floor(since)],
    ),
  );
  for (const r of rows) {
    c.revoked.add(r.user_id);
    c.seenUpTo = Math.max(c.seenUpTo, Number(r.at));
  }
  c.readAt = now;
}

async function cacheOf(db: Db, now: number): Promise<Cache> {
  let c = caches.get(db);
  if (!c) caches.set(db, (c = { revoked: new Set(), seenUpTo: now - KEEP_MS, readAt: -Infinity, loading: null }));
  const stale = c.readAt === -Infinity || (db.kind === "postgres" && now - c.readAt >= REFRESH_MS);
  if (stale) {
    const cache = c;
    cache.loading ??= refresh(db, cache, now).finally(() => (cache.loading = null));
    await cache.loading;
  }
  return c;
}

/** Whether `userId` signed out (its tokens are refused). */
export async function isRevoked(userId: string, now = Date.now()): Promise<boolean> {
  const c = await cacheOf(await serverDb(), now);
  return c.revoked.has(userId);
}

/** Records a sign-out: this process refuses the user at once, others within REFRESH_MS. */
export async function revokeUser(userId: string, now = Date.now()): Promise<void> {
  const db = await serverDb();
  await db.tx(async (tx) => {
    await tx.query("insert into app.revoked_users (user_id) values ($1) on conflict (user_id) do nothing", [userId]);
    await tx.query("delete from app.revoked_users where revoked_at < now() - $1::bigint * interval '1 millisecond'", [KEEP_MS]);
  });
  (await cacheOf(db, now)).revoked.add(userId);
}
