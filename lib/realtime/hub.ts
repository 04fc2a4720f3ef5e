// In-process fan-out of realtime signals (embedded mode). One LISTEN per process and database,
// held on globalThis so Next.js module reloads and separate bundles (route handlers,
// instrumentation) share it instead of stacking listeners.
import type { Db } from "@/lib/db/types";
import { parseNotification, type Signal } from "./signal";

export type SignalListener = (signal: Signal) => void;

export interface Hub {
  /** Resolves once the LISTEN is active: signals committed after this reach subscribers. */
  ready: Promise<void>;
  subscribe(topic: string, listener: SignalListener): () => void;
  /** Number of listeners on a topic (tests and diagnostics). */
  listenerCount(topic: string): number;
  close(): Promise<void>;
}

export const REALTIME_CHANNEL = "realtime";

export function createHub(db: Db): Hub {
  const byTopic = new Map<string, Set<SignalListener>>();

  const deliver = (raw: string) => {
    const signal = parseNotification(raw);
    if (!signal) return;
    for (const listener of [...(byTopic.get(signal.topic) ?? [])]) {
      try {
        listener(signal);
      } catch (error) {
        console.error("[realtime] listener failed", error);
      }
    }
  };

  const unlisten = db.listen(REALTIME_CHANNEL, deliver);
  const ready = unlisten.then(() => undefined);

  return {
    ready,
    subscribe(topic, listener) {
      let set = byTopic.get(topic);
      if (!set) byTopic.set(topic, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0 && byTopic.get(topic) === set) byTopic.delete(topic);
      };
    },
    listenerCount: (topic) => byTopic.get(topic)?.size ?? 0,
    async close() {
      byTopic.clear();
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
