// In-process fan-out of realtime signals (embedded mode). One LISTEN per process and database,
// held on globalThis so Next.js module reloads and separate bundles (route handlers,
// instrumentation) share it instead of stacking listeners.
import type { Db } from "@/lib/db/types";
import { parseRealtimeNotification, type Signal } from "./signal";

export type SignalListener = (signal: Signal) => void;

/** One connection's view of a room's membership-dependent traffic. */
export interface RoomWatcher {
  /** The topic authorization of the room's members may have changed: re-check. */
  onMembership(): void;
  /**
   * A signal on any team topic of the room, whether or not this connection may read it now: the
   * connection judges it after the re-checks queued by earlier notices (a Thief who became a wolf
   * in the signal's own transaction must get it; a wolf who died in it must not).
   */
  onTeamSignal(signal: Signal): void;
}

export interface RoomWatch {
  /** The team topics this connection currently delivers (for listenerCount). */
  setTeams(topics: ReadonlySet<string>): void;
  stop(): void;
}

export interface Hub {
  /** Resolves once the LISTEN is active: signals committed after this reach subscribers. */
  ready: Promise<void>;
  subscribe(topic: string, listener: SignalListener): () => void;
  /**
   * Membership notices (migration 0012_membership_notices) and team signals of `roomId`, in commit
   * order with every other signal: a notice raised before a signal in one transaction reaches the
   * watcher before that signal does. `onMembership` is also called for every watcher when the
   * LISTEN connection was re-established, since notices may have been missed meanwhile.
   */
  watchRoom(roomId: string, watcher: RoomWatcher): RoomWatch;
  /** Number of listeners on a topic, team topics counting the watchers delivering them (tests, diagnostics). */
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

/** `room:<uuid>:team:<team>` → the room id. */
const TEAM_TOPIC = /^room:([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}):team:/;

interface Watch {
  watcher: RoomWatcher;
  teams: ReadonlySet<string>;
}

export function createHub(db: Db): Hub {
  const byTopic = new Map<string, Set<SignalListener>>();
  const byRoom = new Map<string, Set<Watch>>();
  let listening = false;

  const deliver = (raw: string) => {
    const n = parseRealtimeNotification(raw);
    if (!n) return;
    if ("membership" in n) return callEach([...(byRoom.get(n.membership) ?? [])].map((w) => () => w.watcher.onMembership()));
    callEach(byTopic.get(n.signal.topic), n.signal);
    const team = TEAM_TOPIC.exec(n.signal.topic);
    if (team) callEach([...(byRoom.get(team[1]) ?? [])].map((w) => () => w.watcher.onTeamSignal(n.signal)));
  };

  const unlisten = db.listen(REALTIME_CHANNEL, deliver, () => {
    // The first call is the LISTEN itself; later ones are reconnections after which anything
    // sent meanwhile is lost: every connection re-checks its authorization.
    if (listening) for (const set of [...byRoom.values()]) callEach([...set].map((w) => () => w.watcher.onMembership()));
    listening = true;
  });
  const ready = unlisten.then(() => undefined);

  return {
    ready,
    subscribe: (topic, listener) => addTo(byTopic, topic, listener),
    watchRoom(roomId, watcher) {
      const watch: Watch = { watcher, teams: new Set() };
      const stop = addTo(byRoom, roomId.toLowerCase(), watch);
      return {
        setTeams: (topics) => (watch.teams = new Set(topics)),
        stop,
      };
    },
    listenerCount(topic) {
      const team = TEAM_TOPIC.exec(topic);
      let watching = 0;
      if (team) for (const w of byRoom.get(team[1]) ?? []) if (w.teams.has(topic)) watching++;
      return (byTopic.get(topic)?.size ?? 0) + watching;
    },
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
