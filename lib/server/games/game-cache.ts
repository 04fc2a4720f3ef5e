// The last state this process wrote or read for each game, with its `rev` (0018) and its room's
// host: what an action needs to be judged without a read. Only a hint — every write that uses it
// first checks `rev` and the host in the database (`app.expect_game`, migration 0038) and falls back
// to reading when they moved (another process, the scheduler, a host change) — so nothing depends
// on it being current. Bounded: the least recently used games are dropped first.
import type { Db } from "../../db/types";
import type { GameRow } from "./rows";
import type { StoredState } from "./stored-state";

export interface CachedGame {
  row: GameRow;
  stored: StoredState;
  hostId: string | null;
}

const LIMIT = 2_000;
const caches = new WeakMap<Db, Map<string, CachedGame>>();

function cacheOf(db: Db): Map<string, CachedGame> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  return cache;
}

export function cachedGame(db: Db, gameId: string): CachedGame | undefined {
  const cache = cacheOf(db);
  const hit = cache.get(gameId);
  if (hit) {
    // Most recently used last: Map iteration order is insertion order.
    cache.delete(gameId);
    cache.set(gameId, hit);
  }
  return hit;
}

export function rememberGame(db: Db, gameId: string, game: CachedGame): void {
  const cache = cacheOf(db);
  cache.delete(gameId);
  cache.set(gameId, game);
  if (cache.size > LIMIT) cache.delete(cache.keys().next().value!);
}

export function forgetGame(db: Db, gameId: string): void {
  cacheOf(db).delete(gameId);
}
