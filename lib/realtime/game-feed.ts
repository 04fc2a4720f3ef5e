// One player's view of one game — a browser's (lib/client/use-game.ts) or a server bot's
// (lib/server/bots/runner.ts) — kept current by folding what realtime delivers: each step's events,
// addressed by the writing transaction to those allowed to read them (docs/realtime.md,
// "Deliveries") — the public ones on the room topic, the others on the player's user topic. Reads
// serve only the first view, a reconnect, and a gap.
//
// Every delivered event carries its audience's sequence number, so a gap (a message lost while the
// connection was down) shows: then the events after the view's cursor are read
// (`GET /events`, lib/realtime/view-sync.ts). A step that has events on both topics comes as two
// messages paired by `step`; the user one says where its events stand among the step's public ones,
// so the step is folded in the server's order (refolded from before the public part when that came
// first and order matters). The view is read whole when the reader's access changes (its role, its
// death, the end: view-sync.ts says why). Every step runs one at a time, in arrival order.
import { decodeCursorJson, encodeCursorJson } from "@/lib/events-cursor";
import { isUserDelivery, mergeStep, type DeliveredEvent, type Delivery } from "@/lib/realtime/delivery";
import { syncView, type Synced, type SyncDeps } from "./view-sync";

export interface GameFeedDeps<V> extends SyncDeps<V> {
  onView(view: V): void;
  onError(error: unknown): void;
  /** Runs `run` after `ms` (tests pass their own clock). */
  later?: (run: () => void, ms: number) => void;
}

export interface GameFeed<V = unknown> {
  /** Brings the view up to date by reading (first load, reconnect, heartbeat). */
  refresh(): void;
  /** A delivered step message (messages of another game are ignored: the room read moves to it). */
  deliver(delivery: Delivery): void;
  /** Settles when every step queued so far has run. */
  idle(): Promise<void>;
  /**
   * The view as last folded, before it settles (null until the first read): for a reader that
   * decides rather than shows — a server bot, whose process gets a step's two messages together.
   */
  current(): V | null;
}

/** How long a user message waits for its step's room message before the view is read instead. */
export const PAIR_WAIT_MS = 2_000;

/**
 * How long a view folded from a room message alone waits before it is shown: the step may have a
 * user message for this reader too (a witch's victim, a seer's answer), which the room message
 * cannot announce without telling everyone. Both leave the server together, so it is here within
 * milliseconds; showing the half step meanwhile would flash a screen the step never had.
 */
export const SETTLE_MS = 40;

type Seqs = Record<string, number>;

function seqsOf(cursor: string): Seqs {
  try {
    const value = decodeCursorJson(cursor);
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Seqs) : {};
  } catch {
    return {};
  }
}

/** Whether the view already holds these events (a read covers whole steps). */
const heldIn = (seqs: Seqs, events: readonly DeliveredEvent[]): boolean => events.every((e) => e.s <= (seqs[e.a] ?? 0));
const holds = (at: Synced<unknown>, events: readonly DeliveredEvent[]): boolean => heldIn(seqsOf(at.cursor), events);

type Folded<V> = Synced<V> | "held" | "gap" | "access";

/** A step's events folded into `at`, checking that each audience continues where the view stands. */
function foldStep<V>(at: Synced<V>, events: readonly DeliveredEvent[], deps: Pick<SyncDeps<V>, "apply" | "access">): Folded<V> {
  const seqs = seqsOf(at.cursor);
  if (heldIn(seqs, events)) return "held";
  for (const e of events) {
    if (e.s !== (seqs[e.a] ?? 0) + 1) return "gap";
    seqs[e.a] = e.s;
  }
  const access = deps.access(at.view);
  let view = at.view;
  for (const e of events) view = deps.apply(view, e.e);
  if (deps.access(view) !== access) return "access";
  return { view, cursor: encodeCursorJson(seqs) };
}

export function createGameFeed<V>(gameId: string, deps: GameFeedDeps<V>): GameFeed<V> {
  const later = deps.later ?? ((run, ms) => void setTimeout(run, ms));
  let at: Synced<V> | null = null;
  /** The last room message folded, with the view before it: its user message may need it. */
  let lastRoom: { step: string; base: Synced<V>; events: DeliveredEvent[] } | null = null;
  /** User messages whose room message has not come yet, by step. */
  const waiting = new Map<string, Delivery>();
  let chain: Promise<void> = Promise.resolve();
  let refreshQueued = false;

  const run = (step: () => Promise<void>) => {
    chain = chain.then(step).catch((error: unknown) => {
      // The next step starts over from a whole read (a refused cursor, a game that changed).
      at = null;
      lastRoom = null;
      deps.onError(error);
    });
  };

  /** Counts the views reached: a settling one is shown only if nothing came after it. */
  let version = 0;
  const publish = (next: Synced<V>, settle = false) => {
    at = next;
    const mine = ++version;
    if (!settle) return deps.onView(next.view);
    later(() => {
      if (version === mine) deps.onView(next.view);
    }, SETTLE_MS);
  };
  const read = async () => {
    lastRoom = null;
    publish(await syncView(at, deps));
  };

  const fold = async (base: Synced<V>, events: readonly DeliveredEvent[], room?: { step: string; events: DeliveredEvent[] }) => {
    const r = foldStep(base, events, deps);
    if (r === "held") return;
    if (r === "gap") return read();
    if (r === "access") {
      lastRoom = null;
      return publish(await deps.full());
    }
    publish(r, room !== undefined);
    lastRoom = room ? { step: room.step, base, events: room.events } : null;
  };

  const refresh = () => {
    if (refreshQueued) return;
    refreshQueued = true;
    run(async () => {
      refreshQueued = false;
      await read();
    });
  };

  return {
    refresh,
    deliver(d) {
      if (d.game !== gameId) return;
      run(async () => {
        if (at === null) await read();
        const now = at!;
        if (!isUserDelivery(d)) {
          const mine = waiting.get(d.step);
          if (!mine) return fold(now, d.events, { step: d.step, events: d.events });
          waiting.delete(d.step);
          return fold(now, mergeStep(d.events, mine.events));
        }
        if (d.public === 0) return fold(now, d.events);
        if (lastRoom?.step === d.step) {
          const { base, events } = lastRoom;
          // After every public event: on top of the view. Else the step again, in its order.
          if (d.events.every((e) => (e.at ?? 0) >= events.length)) return fold(now, d.events);
          return fold(base, mergeStep(events, d.events));
        }
        if (holds(now, d.events)) return;
        waiting.set(d.step, d);
        later(() => {
          if (waiting.delete(d.step)) refresh();
        }, PAIR_WAIT_MS);
      });
    },
    idle: () => chain,
    current: () => at?.view ?? null,
  };
}
