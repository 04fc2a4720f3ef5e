// Realtime presence (embedded mode): which members have a live SSE stream on their room. Every
// member opens the same room stream whatever their role, so this says nothing about roles. Held
// on globalThis: Next.js may load this module in more than one bundle of the same process.
import { PRESENCE_GRACE_MS } from "../realtime/presence-grace";

const KEY = Symbol.for("masoi.presence");
interface Presence {
  /** Open streams per room, then per user. */
  open: Map<string, Map<string, number>>;
  /** When a user's last stream on a room ended (`room user` → ms), kept for the grace period only. */
  ended: Map<string, number>;
  /** When a user's last stream on a room ended, kept until they come back (host succession). */
  lastSeen: Map<string, number>;
  /** Process start: after a restart nobody has had the chance to reconnect yet. */
  since: number;
}
type GlobalWithPresence = typeof globalThis & { [KEY]?: Presence };

const presence = (): Presence => ((globalThis as GlobalWithPresence)[KEY] ??= { open: new Map(), ended: new Map(), lastSeen: new Map(), since: Date.now() });
presence(); // created at load: the grace after a start counts from the start, not the first stream
const endKey = (roomId: string, userId: string) => `${roomId} ${userId}`;
const count = (roomId: string, userId: string) => presence().open.get(roomId)?.get(userId) ?? 0;

/**
 * Counts one open stream of `userId` on `roomId`; the returned release is idempotent. `notify` is
 * called when what the room shows changes: the user comes back after being shown offline, or
 * their last stream ended and they did not come back within the grace period.
 */
export function markConnected(roomId: string, userId: string, notify?: () => void, now = Date.now()): () => void {
  const p = presence();
  let users = p.open.get(roomId);
  if (!users) p.open.set(roomId, (users = new Map()));
  const before = users.get(userId) ?? 0;
  const wasShownOffline = before === 0 && !withinGrace(p, roomId, userId, null, now);
  users.set(userId, before + 1);
  p.ended.delete(endKey(roomId, userId));
  p.lastSeen.delete(endKey(roomId, userId));
  if (wasShownOffline) notify?.();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const current = p.open.get(roomId);
    if (!current) return;
    const n = (current.get(userId) ?? 1) - 1;
    if (n > 0) return void current.set(userId, n);
    current.delete(userId);
    if (current.size === 0) p.open.delete(roomId);
    const key = endKey(roomId, userId);
    const endedAt = Date.now();
    p.ended.set(key, endedAt);
    p.lastSeen.set(key, endedAt);
    if (p.lastSeen.size > LAST_SEEN_KEPT) pruneLastSeen(p, endedAt);
    // A reload or a reopened stream comes back well within the grace: only a real departure signals.
    const timer = setTimeout(() => {
      if (p.ended.get(key) !== endedAt) return;
      p.ended.delete(key);
      if (count(roomId, userId) === 0) notify?.();
    }, PRESENCE_GRACE_MS + 250);
    timer.unref?.();
  };
}

/**
 * Last-seen times kept before old ones are dropped. Dropping one older than any absence limit
 * changes no answer of `offlineFor`: it then counts from the join or the start, earlier still.
 */
const LAST_SEEN_KEPT = 2_000;
const LAST_SEEN_MAX_AGE_MS = 10 * 60_000;

function pruneLastSeen(p: Presence, now: number): void {
  for (const [key, t] of p.lastSeen) if (now - t > LAST_SEEN_MAX_AGE_MS) p.lastSeen.delete(key);
}

function withinGrace(p: Presence, roomId: string, userId: string, joinedAt: number | null, now: number): boolean {
  const ended = p.ended.get(endKey(roomId, userId));
  return [ended, joinedAt, p.since].some((t) => t != null && now - t < PRESENCE_GRACE_MS);
}

/**
 * Present: a live stream, or still within the grace period of joining (`joinedAt`, ms), of the last
 * stream ending (a reload), or of this server starting — so nobody shows "offline" before their
 * page had a fair chance to connect.
 */
export function isConnected(roomId: string, userId: string, joinedAt: number | null = null, now = Date.now()): boolean {
  return count(roomId, userId) > 0 || withinGrace(presence(), roomId, userId, joinedAt, now);
}

/**
 * How long `userId` has had no live stream on `roomId` (0 while one is open): since their last
 * stream ended, or since they joined (`joinedAt`, ms) or this server started, whichever is later.
 */
export function offlineFor(roomId: string, userId: string, joinedAt: number, now = Date.now()): number {
  if (count(roomId, userId) > 0) return 0;
  const p = presence();
  return Math.max(0, now - Math.max(p.lastSeen.get(endKey(roomId, userId)) ?? 0, joinedAt, p.since));
}
