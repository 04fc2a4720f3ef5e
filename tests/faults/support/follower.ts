// A client that follows a game from its cursor: an SSE stream on the room, and on `hello`
// (connected: refetch) and on every frame about the game — a delivered step (`events`, issue 23)
// or a data-free signal — `GET /events?cursor=` from where it left off (what the app's feed does on
// a gap). It can go offline (stream closed, steps missed) and come back with the cursor it had.
import { readSse, type SseReader } from "../../realtime/sse-reader";
import { eventsSince, type Player } from "./client";

export interface Follower {
  /** Every event received, in order. */
  events: unknown[];
  /** Delivered steps and signals received while connected. */
  signals: number;
  /** Resolves once connected and caught up (first refetch after `hello` done). */
  connect(): Promise<void>;
  disconnect(): Promise<void>;
}

export function follow(url: string, p: Player, roomId: string, gameId: string): Follower {
  let cursor: string | undefined;
  let sse: SseReader | null = null;
  let abort: AbortController | null = null;
  let fetching: Promise<void> = Promise.resolve();
  const f: Follower = {
    events: [],
    signals: 0,
    async connect() {
      abort = new AbortController();
      const res = await fetch(`${url}/api/realtime?room=${roomId}`, { headers: { cookie: p.cookie }, signal: abort.signal });
      if (res.status !== 200 || !res.body) throw new Error(`realtime: ${res.status}`);
      const reader = (sse = readSse(res.body));
      // Fetches are chained: one at a time, each from the cursor the previous one returned.
      const refetch = () =>
        (fetching = fetching.then(async () => {
          const got = await eventsSince(p, gameId, cursor);
          f.events.push(...got.events);
          cursor = got.cursor;
        }));
      await reader.next((x) => x.event === "hello", 20_000);
      await refetch();
      void (async () => {
        for (;;) {
          try {
            await reader.next((x) => x.event === "signal" || x.event === "events", 60 * 60_000);
          } catch {
            return; // disconnected
          }
          if (sse !== reader) return;
          f.signals++;
          void refetch();
        }
      })();
    },
    async disconnect() {
      const reader = sse;
      sse = null;
      abort?.abort();
      await reader?.cancel();
      await fetching;
    },
  };
  return f;
}
