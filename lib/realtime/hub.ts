// In-process fan-out of realtime signals (embedded mode). One LISTEN per process and database,
// held on globalThis so Next.js module reloads and separate bundles (route handlers,
// instrumentation) share it instead of stacking listeners.
import { inlineParams } from "@/lib/db/driver";
import type { Db } from "@/lib/db/types";
import { parseRealtimeNotification, signalOf, type Signal } from "./signal";

export type SignalListener = (signal: Signal) => void;

/** Called when the topic authorization of a room's members may have changed: re-check. */
export type MembershipListener = () => void;

export interface Hub {
  /** Resolves once the LISTEN is active: signals committed after this reach subscribers. */
  ready: Promise<void>;
  subscribe(topic: string, listener: SignalListener): () => void;
  /**
   * Membership notices of `roomId` (a member joined or left: migrations 0012_membership_notices,
   * 0023_no_team_topics), in commit order with every other signal: a notice raised before a signal
   * in one transaction reaches the listener before that signal does. Also called for every
   * listener when the LISTEN connection was re-established, since notices may have been missed
   * meanwhile. Returns the unsubscribe function.
   */
  watchRoom(roomId: string, onMembership: MembershipListener): () => void;
  /** Number of listeners on a topic (tests, diagnostics). */
  listenerCount(topic: string): number;
  close(): Promise<void>;
}

export const REALTIME_CHANNEL = "realtime";

function addTo<K, V>(map: Map<K, Set<V>>, key: K, value: V): () => void {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(value);
  return () => {
    set.delete(value);
    if (set.size === 0 && map.get(key) === set) map.delete(key);
  };
}

function callEach<A extends unknown[]>(listeners: Iterable<(...args: A) => void> | undefined, ...args: A) {
  for (const listener of [...(listeners ?? [])]) {
    try {
      listener(...args);
    } catch (error) {
      console.error("[realtime] listener failed", error);
    }
  }
}

export function createHub(db: Db): Hub {
  const byTopic = new Map<string, Set<SignalListener>>();
  const byRoom = new Map<string, Set<MembershipListener>>();
  let listening = false;
  // While a stored message is being read, later notifications wait behind it: commit order holds.
  let behind: Promise<void> | null = null;
  const track = (p: Promise<void>) => {
    const mine = (behind = p);
    void p.then(() => {
      if (behind === mine) behind = null;
    });
  };

  const handle = (raw: string): Promise<void> | undefined => {
    const n = parseRealtimeNotification(raw);
    if (!n) return;
    if ("membership" in n) return void callEach(byRoom.get(n.membership));
    if ("signal" in n) return void callEach(byTopic.get(n.signal.topic), n.signal);
    const { topic, id } = n.stored;
    return db
      .exec(inlineParams("select event, payload from realtime.messages where id = $1::uuid", [id]))
      .then(([rows]) => {
        const row = rows?.[0] as { event: string | null; payload: unknown } | undefined;
        if (row) callEach(byTopic.get(topic), signalOf(topic, row.event, row.payload));
      })
      .catch((error: unknown) => console.error("[realtime] a stored message could not be read", error));
  };
  const deliver = (raw: string) => {
    if (behind !== null) return track(behind.then(() => handle(raw)));
    const reading = handle(raw);
    if (reading) track(reading);
  };

  const unlisten = db.listen(REALTIME_CHANNEL, deliver, () => {
    // The first call is the LISTEN itself; later ones are reconnections after which anything
    // sent meanwhile is lost: every connection re-checks its authorization.
    if (listening) for (const set of [...byRoom.values()]) callEach(set);
    listening = true;
  });
  const ready = unlisten.then(() => undefined);

  return {
    ready,
    subscribe: (topic, listener) => addTo(byTopic, topic, listener),
    watchRoom: (roomId, onMembership) => addTo(byRoom, roomId.toLowerCase(), onMembership),
    listenerCount: (topic) => byTopic.get(topic)?.size ?? 0,
    async close() {
      byTopic.clear();
      byRoom.clear();
      await (await unlisten)();
    },
  };
}

const HUBS = Symbol.for("masoi.realtime.hubs");
type GlobalWithHubs = typeof globalThis & { [HUBS]?: WeakMap<Db, Hub> };

/** The process-wide hub for `db`, created on first use. */
export function getHub(db: Db): Hub {
  const g = globalThis as GlobalWithHubs;
  const hubs = (g[HUBS] ??= new WeakMap());
  let hub = hubs.get(db);
  if (!hub) {
    hub = createHub(db);
    hubs.set(db, hub);
    // A failed LISTEN must not poison the process forever: the next request retries.
    hub.ready.catch(() => hubs.get(db) === hub && hubs.delete(db));
  }
  return hub;
}
