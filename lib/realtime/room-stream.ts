// One SSE connection of one player to one room (embedded mode). Joins exactly the topics RLS on
// `realtime.messages` authorizes, and keeps the team topics honest as membership changes: a wolf
// who dies stops receiving wolf signals, a Thief who becomes a wolf starts (S-CHAT-3).
import type { Claims, Db } from "@/lib/db/types";
import type { Hub } from "./hub";
import { readableTopics } from "./authorize";
import type { Signal } from "./signal";
import { sseComment, sseEvent, sseRetry } from "./sse";
import { KNOWN_TEAMS, isTeamName, roomTopic, teamTopic, userTopic } from "./topics";

export const HEARTBEAT_MS = 15_000;
/** Safety net for membership changes that send no room signal. */
export const REAUTH_MS = 30_000;

export interface RoomStreamOptions {
  db: Db;
  hub: Hub;
  claims: Claims;
  roomId: string;
  /** Aborted when the client goes away (the request's signal). */
  abort?: AbortSignal;
  heartbeatMs?: number;
  reauthMs?: number;
}

export type RoomStreamResult =
  | { ok: true; stream: ReadableStream<Uint8Array> }
  | { ok: false; reason: "NOT_A_MEMBER" };

/** The teams the caller currently belongs to in the room's game, read under RLS (own row only). */
async function ownTeams(db: Db, claims: Claims, roomId: string): Promise<string[]> {
  const rows = await db.asUser(claims, (tx) =>
    tx.query<{ teams: string[] | null }>(
      `select r.teams from public.rooms ro
         join public.game_roles r on r.game_id = ro.game_id
        where ro.id = $1 and r.user_id = $2`,
      [roomId, claims.sub],
    ),
  );
  return rows.flatMap((r) => r.teams ?? []).filter(isTeamName);
}

async function candidateTeamTopics(db: Db, claims: Claims, roomId: string) {
  const teams = new Set<string>([...KNOWN_TEAMS, ...(await ownTeams(db, claims, roomId))]);
  return [...teams].map((team) => teamTopic(roomId, team));
}

export async function openRoomStream(opts: RoomStreamOptions): Promise<RoomStreamResult> {
  const { db, hub, claims, roomId } = opts;
  const room = roomTopic(roomId);
  const user = userTopic(claims.sub);

  const authorize = async () => {
    const teams = await candidateTeamTopics(db, claims, roomId);
    const allowed = await readableTopics(db, claims, [room, user, ...teams]);
    return { room: allowed.has(room), user: allowed.has(user), teams: teams.filter((t) => allowed.has(t)) };
  };

  await hub.ready;
  const first = await authorize();
  if (!first.room) return { ok: false, reason: "NOT_A_MEMBER" };

  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let closed = false;
  const unsubscribers = new Map<string, () => void>();
  const timers: ReturnType<typeof setInterval>[] = [];
  // Authorization work runs one at a time, in arrival order, so a revoke can't be overtaken.
  let queue: Promise<void> = Promise.resolve();
  let reauthQueued = false;

  const write = (bytes: Uint8Array) => {
    if (closed) return;
    try {
      controller.enqueue(bytes);
    } catch {
      close();
    }
  };
  const send = (signal: Signal) => write(sseEvent("signal", { topic: signal.topic, kind: signal.kind }));

  function close() {
    if (closed) return;
    closed = true;
    for (const t of timers) clearInterval(t);
    for (const unsubscribe of unsubscribers.values()) unsubscribe();
    unsubscribers.clear();
    opts.abort?.removeEventListener("abort", close);
    try {
      controller.close();
    } catch {
      // already closed or cancelled by the client
    }
  }

  const enqueue = (work: () => Promise<void>) => {
    queue = queue.then(async () => {
      if (closed) return;
      try {
        await work();
      } catch (error) {
        // Fail closed: without a working authorization check nothing private may be written.
        // The client reconnects with backoff and refetches.
        console.error("[realtime] authorization failed, closing stream", error);
        close();
      }
    });
  };

  const join = (topic: string, onSignal: (s: Signal) => void) => {
    if (!unsubscribers.has(topic)) unsubscribers.set(topic, hub.subscribe(topic, onSignal));
  };
  const leave = (topic: string) => {
    unsubscribers.get(topic)?.();
    unsubscribers.delete(topic);
  };

  // A team signal is written only after the caller is re-authorized for that topic at delivery
  // time: membership may have changed in the very transaction that sent it.
  const onTeamSignal = (signal: Signal) =>
    enqueue(async () => {
      const allowed = await readableTopics(db, claims, [signal.topic]);
      if (!allowed.has(signal.topic)) return leave(signal.topic);
      if (unsubscribers.has(signal.topic)) send(signal);
    });

  const reauthorize = () => {
    if (reauthQueued) return;
    reauthQueued = true;
    enqueue(async () => {
      reauthQueued = false;
      const now = await authorize();
      if (!now.room || !now.user) return close();
      const keep = new Set(now.teams);
      for (const topic of [...unsubscribers.keys()]) {
        if (topic !== room && topic !== user && !keep.has(topic)) leave(topic);
      }
      for (const topic of now.teams) join(topic, onTeamSignal);
    });
  };

  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
      join(room, (signal) => {
        send(signal);
        // A chat line never changes who belongs to the room or a team; re-checking on each one
        // cost two transactions per connection per line (docs/performance.md, "Load").
        if (signal.kind !== "chat") reauthorize();
      });
      // A kick is signalled on the user topic: re-checking then closes the stream at once.
      if (first.user)
        join(user, (signal) => {
          send(signal);
          reauthorize();
        });
      for (const topic of first.teams) join(topic, onTeamSignal);
      write(sseRetry(2_000));
      // Sent only once subscribed: a client that refetches on `hello` can't miss a signal.
      write(sseEvent("hello", {}));
      timers.push(setInterval(() => write(sseComment("ping")), opts.heartbeatMs ?? HEARTBEAT_MS));
      timers.push(setInterval(reauthorize, opts.reauthMs ?? REAUTH_MS));
      if (opts.abort?.aborted) close();
      else opts.abort?.addEventListener("abort", close);
    },
    cancel() {
      close();
    },
  });
  return { ok: true, stream };
}
