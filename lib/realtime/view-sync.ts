// Keeping a player's view current after a signal by reading only what is new: the events after the
// view's cursor (`GET /api/games/:id/events`), folded in by the mode's `applyEvent` — instead of
// re-reading and re-folding the whole game (`GET /api/games/:id/view`) on every signal, which
// cost the server a read of every event of the game per member per action.
//
// Folding in arrival order gives the server's fold (every event readable now, in event order) as
// long as what the reader may read only grows at the end of what it has read. It changes otherwise
// in three ways, each answered by one whole read:
// - an audience opens mid-game (a Thief who takes a Wolf card reads the pack's earlier events): a
//   page's cursor names an audience the old one did not. A wolf's first pack event (night 1) looks
//   the same, so each wolf pays one extra whole read per game;
// - the reader's own access changes (`access`: a wolf who dies can no longer read any pack event,
//   the earlier ones included — its whole view forgets the night's picks, like `viewFor`);
// - the game ends and every audience opens (S-END-1), a dead wolf's lost pack events too.
// tests/api/view-sync.test.ts checks the result against `GET /view` after every step of real games.
import { decodeCursorJson } from "@/lib/events-cursor";
import type { GameEvent } from "@/lib/game/core/types";

export interface Synced<V> {
  view: V;
  /** The server's events cursor (lib/server/games/cursor.ts) of the events folded into `view`. */
  cursor: string;
}

export interface EventsPage {
  events: GameEvent[];
  cursor: string;
  more: boolean;
}

export interface SyncDeps<V> {
  /** The whole view, folded by the server (`GET /view`). */
  full(): Promise<Synced<V>>;
  /** The events after a cursor (`GET /events?cursor=`). */
  page(cursor: string): Promise<EventsPage>;
  apply(view: V, e: GameEvent): V;
  /** What decides which audiences the reader may read (its role, life, the end): a change re-reads. */
  access(view: V): string;
}

/**
 * The audiences a cursor covers. The cursor is opaque to callers of the API; this client reads the
 * one thing it needs from it — which audiences it has read from — which it also received itself.
 */
export function cursorAudiences(cursor: string): Set<string> {
  if (!cursor) return new Set();
  try {
    const json = decodeCursorJson(cursor);
    return new Set(json !== null && typeof json === "object" ? Object.keys(json) : []);
  } catch {
    return new Set();
  }
}

function opensAudience(before: string, after: string): boolean {
  const known = cursorAudiences(before);
  for (const a of cursorAudiences(after)) if (!known.has(a)) return true;
  return false;
}

/**
 * One page of events folded into `at`, or null when folding it could differ from the server's
 * fold (an audience opens, or the reader's access changes): then the whole view is read instead.
 */
export function foldPage<V>(at: Synced<V>, page: EventsPage, deps: Pick<SyncDeps<V>, "apply" | "access">): Synced<V> | null {
  if (opensAudience(at.cursor, page.cursor)) return null;
  const access = deps.access(at.view);
  let view = at.view;
  for (const e of page.events) view = deps.apply(view, e);
  if (deps.access(view) !== access) return null;
  return { view, cursor: page.cursor };
}

/** `at` brought up to date (a full read when there is none yet or folding could differ). */
export async function syncView<V>(at: Synced<V> | null, deps: SyncDeps<V>): Promise<Synced<V>> {
  if (at === null) return deps.full();
  let current: Synced<V> = at;
  for (;;) {
    const page = await deps.page(current.cursor);
    const next = foldPage(current, page, deps);
    if (next === null) return deps.full();
    current = next;
    if (!page.more) return current;
  }
}
