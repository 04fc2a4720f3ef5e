// One SSE connection of one player to one room (embedded mode). Joins exactly the topics
// `app.can_join_topic` (the `realtime.messages` policy) authorizes — the room topic at its current
// epoch and the caller's own user topic, on which the server also signals the events of the teams
// the caller is a living member of (lib/server/games/persist.ts) — and closes the stream when
// either is lost: a kicked member's stream closes at once (W-ROOM-4). When another member is
// removed, the room topic's epoch moves (migration 0025): the stream moves to the new topic.
//
// The authorization is cached per connection and re-checked only when it can have changed: on a
// membership notice for the room (migrations 0012_membership_notices and 0023_no_team_topics,
// raised by a trigger on every write to room_members, the only table the check reads, before the
// writing transaction's signals). Work runs one item at a time per connection in arrival order.
import type { Claims, Db } from "@/lib/db/types";
import { pushBody, type PushSink } from "@/lib/server/http/push-body";
import type { Hub } from "./hub";
import { authorizeRoom } from "./authorize";
import type { Signal } from "./signal";
import { sseComment, sseEvent, sseRetry } from "./sse";
import { userTopic } from "./topics";

export const HEARTBEAT_MS = 15_000;

/**
 * The `events` frame of a delivery, encoded once for every stream it goes to (the hub hands each
 * subscriber the same signal object). `serverNow` feeds the client's countdown clock.
 */
const frames = new WeakMap<Signal, Uint8Array>();
function deliveryFrame(signal: Signal): Uint8Array {
  let bytes = frames.get(signal);
  if (!bytes) {
    bytes = sseEvent("events", { topic: signal.topic, ...signal.delivery, serverNow: Date.now() });
    frames.set(signal, bytes);
  }
  return bytes;
}

export interface RoomStreamOptions {
  db: Db;
  hub: Hub;
  claims: Claims;
  roomId: string;
  /** Aborted when the client goes away (the request's signal). */
  abort?: AbortSignal;
  heartbeatMs?: number;
  /** Called once when the stream ends, however it ends (the client left, kicked, an error). */
  onEnd?: () => void;
}

export type RoomStreamResult =
  | { ok: true; stream: ReadableStream<Uint8Array> }
  | { ok: false; reason: "NOT_A_MEMBER" };

export async function openRoomStream(opts: RoomStreamOptions): Promise<RoomStreamResult> {
  const { db, hub, claims, roomId } = opts;
  const user = userTopic(claims.sub);

  await hub.ready;
  // Notices that arrive from the first check until the stream starts (its reader's first read)
  // must not be lost: listen before checking, and re-check once the stream starts if one came.
  let noticeDuringOpen = false;
  const stopOpenWatch = hub.watchRoom(roomId, () => (noticeDuringOpen = true));
  const auth = await authorizeRoom(db, claims, roomId).catch((error: unknown) => {
    stopOpenWatch();
    throw error;
  });
  if (!auth.room) {
    stopOpenWatch();
    return { ok: false, reason: "NOT_A_MEMBER" };
  }
  let room = auth.room;

  let sink: PushSink | undefined;
  let closed = false;
  let stopWatch: (() => void) | undefined;
  const unsubscribers = new Map<string, () => void>();
  const cleanups: (() => void)[] = [];
  let queue: Promise<void> = Promise.resolve();
  let reauthQueued = false;

  const write = (bytes: Uint8Array) => {
    if (!closed) sink?.write(bytes);
  };
  // A delivery (a step's events, addressed by the writing transaction: migration 0036) is written
  // as an `events` frame; any other signal as a `signal` frame.
  const send = (signal: Signal) => {
    write(signal.delivery ? deliveryFrame(signal) : sseEvent("signal", { topic: signal.topic, kind: signal.kind }));
  };

  function close() {
    if (closed) return;
    closed = true;
    stopOpenWatch();
    stopWatch?.();
    for (const cleanup of cleanups) cleanup();
    for (const unsubscribe of unsubscribers.values()) unsubscribe();
    unsubscribers.clear();
    opts.abort?.removeEventListener("abort", close);
    sink?.close();
    opts.onEnd?.();
  }

  const enqueue = (work: () => Promise<void> | void) => {
    queue = queue.then(async () => {
      if (closed) return;
      try {
        await work();
      } catch (error) {
        // Fail closed: without a working authorization check (or read) nothing private may be
        // written. The client reconnects with backoff and refetches. A read that fails because the
        // client left meanwhile (or the server is shutting down) is not worth a log line.
        if (!closed) console.error("[realtime] authorization or read failed, closing stream", error);
        close();
      }
    });
  };

  const join = (topic: string, onSignal: (s: Signal) => void) => {
    if (!unsubscribers.has(topic)) unsubscribers.set(topic, hub.subscribe(topic, onSignal));
  };

  // A check already queued but not started will read every commit whose notice arrived so far, so
  // bursts of notices cost one check; one that has started may predate the notice: queue another.
  const reauthorize = () => {
    if (reauthQueued) return;
    reauthQueued = true;
    enqueue(async () => {
      reauthQueued = false;
      // Losing the room or the user topic (kicked, left) ends the stream: nothing more is owed.
      const next = await authorizeRoom(db, claims, roomId);
      if (!next.room || !next.user) return close();
      if (next.room === room) return;
      // Someone was removed: the room's signals go to the new epoch's topic from that commit on.
      // Those sent there before this join are not replayed, so the client is told to read again.
      unsubscribers.get(room)?.();
      unsubscribers.delete(room);
      room = next.room;
      join(room, send);
      send({ topic: room, kind: "room" });
    });
  };

  // Started by its reader: the direct route writing to Node's response, or a web stream's first read.
  const stream = pushBody({
    start(s) {
      sink = s;
      stopWatch = hub.watchRoom(roomId, reauthorize);
      stopOpenWatch();
      join(room, send);
      if (auth.user) join(user, send);
      write(sseRetry(2_000));
      // Sent only once subscribed: a client that refetches on `hello` can't miss a signal.
      write(sseEvent("hello", {}));
      const heartbeat = setInterval(() => write(sseComment("ping")), opts.heartbeatMs ?? HEARTBEAT_MS);
      cleanups.push(() => clearInterval(heartbeat));
      if (noticeDuringOpen) reauthorize();
      if (opts.abort?.aborted) close();
      else opts.abort?.addEventListener("abort", close);
    },
    cancel() {
      close();
    },
  });
  return { ok: true, stream };
}
