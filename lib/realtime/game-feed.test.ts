// The feed against a model server: numbered events, each of one audience with its per-audience
// sequence number, cursors as the server encodes them ({ audience: last seq } in base64url JSON),
// deliveries built as `app.deliver_events` builds them (public events on the room message, the
// others on the user message with `public` and `at`). The view is the list of event numbers folded
// in, so a duplicate, a gap or a wrong order shows as a wrong list. The real database and stream are
// covered by tests/api/view-sync.test.ts and tests/realtime/deliveries.test.ts.
import { describe, expect, it } from "vitest";
import { encodeCursorJson } from "@/lib/events-cursor";
import type { GameEvent } from "@/lib/game/core/types";
import type { DeliveredEvent, Delivery } from "@/lib/realtime/delivery";
import { createGameFeed, PAIR_WAIT_MS, SETTLE_MS } from "./game-feed";

interface ModelEvent {
  n: number;
  a: string;
  s: number;
}

const gameEvent = (n: number): GameEvent => ({ type: "n", n, audience: { kind: "public" }, at: 0 }) as unknown as GameEvent;
const numberOf = (e: GameEvent) => (e as unknown as { n: number }).n;

function model(gameId = "g") {
  const events: ModelEvent[] = [];
  const calls = { full: 0, pages: 0, applied: 0 };
  const views: number[][] = [];
  const errors: unknown[] = [];
  const timers: { run: () => void; ms: number }[] = [];
  /** Views folded from a room message alone, shown once SETTLE_MS has passed (`settle`). */
  const settling: (() => void)[] = [];
  let failFull = false;
  let steps = 0;
  const cursorOf = (list: ModelEvent[]) => {
    const c: Record<string, number> = {};
    for (const e of list) c[e.a] = Math.max(c[e.a] ?? 0, e.s);
    return encodeCursorJson(c);
  };
  const feed = createGameFeed<number[]>(gameId, {
    full: async () => {
      calls.full++;
      if (failFull) throw new Error("offline");
      return { view: events.map((e) => e.n), cursor: cursorOf(events) };
    },
    // As the server pages: every event past the cursor's position in its audience.
    page: async (cursor) => {
      calls.pages++;
      const at = JSON.parse(Buffer.from(cursor, "base64url").toString()) as Record<string, number>;
      return { events: events.filter((e) => e.s > (at[e.a] ?? 0)).map((e) => gameEvent(e.n)), cursor: cursorOf(events), more: false };
    },
    apply: (view, e) => {
      calls.applied++;
      return [...view, numberOf(e)];
    },
    // A negative event is the reader's death: what it may read changes.
    access: (view) => String(view.some((n) => n < 0)),
    onView: (v) => views.push(v),
    onError: (e) => errors.push(e),
    later: (run, ms) => void (ms === SETTLE_MS ? settling.push(run) : timers.push({ run, ms })),
  });
  /** Commits a step of events `[n, audience]` (public when no audience); returns its two messages. */
  const commit = (...step: (number | [number, string])[]) => {
    const added = step.map((x) => {
      const [n, a] = typeof x === "number" ? [x, "public"] : x;
      const s = events.filter((e) => e.a === a).length + 1;
      const e = { n, a, s };
      events.push(e);
      return e;
    });
    const id = `step-${++steps}`;
    const delivered = (e: ModelEvent): DeliveredEvent => ({ a: e.a, s: e.s, e: gameEvent(e.n) });
    const pub = added.filter((e) => e.a === "public");
    const mine = added.filter((e) => e.a !== "public");
    const room: Delivery = { game: gameId, step: id, events: pub.map(delivered) };
    const user: Delivery = {
      game: gameId,
      step: id,
      public: pub.length,
      events: mine.map((e) => ({ ...delivered(e), at: pub.filter((p) => added.indexOf(p) < added.indexOf(e)).length })),
    };
    return { room, user };
  };
  const last = () => views[views.length - 1];
  const settle = () => {
    for (const run of settling.splice(0)) run();
  };
  /** Delivers, lets the feed work, then lets SETTLE_MS pass. */
  const deliver = async (...ds: Delivery[]) => {
    for (const d of ds) feed.deliver(d);
    await feed.idle();
    settle();
  };
  return { events, calls, views, errors, timers, settling, feed, commit, deliver, last, settle, failFull: (v: boolean) => (failFull = v) };
}

/**
 * A model whose feed has read these first (public) events whole, after the reader's own first event
 * (its dealt role, 0): a page that opens an audience the view has not read from is read whole.
 */
async function loaded(...first: number[]) {
  const m = model();
  m.commit([0, "player:me"], ...first);
  m.feed.refresh();
  await m.feed.idle();
  return m;
}

describe("game feed", () => {
  it("reads the view whole once, then folds room deliveries with no read", async () => {
    const m = await loaded(1, 2);
    await m.deliver(m.commit(3, 4).room, m.commit(5).room);
    expect(m.last()).toEqual([0, 1, 2, 3, 4, 5]);
    expect(m.calls).toMatchObject({ full: 1, pages: 0 });
  });

  it("a user message that comes first waits for its room message, then the step folds in its order", async () => {
    const m = await loaded(1);
    const { room, user } = m.commit(2, [3, "player:me"], 4);
    await m.deliver(user);
    expect(m.views).toHaveLength(1); // nothing folded yet
    expect(m.timers.map((t) => t.ms)).toEqual([PAIR_WAIT_MS]);
    await m.deliver(room);
    expect(m.last()).toEqual([0, 1, 2, 3, 4]);
    expect(m.calls).toMatchObject({ full: 1, pages: 0 });
    // The pairing timer finds the step done: no read.
    m.timers[0].run();
    await m.feed.idle();
    expect(m.calls).toMatchObject({ full: 1, pages: 0 });
  });

  it("a room message that comes first is folded at once; its user message then refolds the step from before it when its events stand among the public ones", async () => {
    const m = await loaded(1);
    const { room, user } = m.commit(2, [3, "team:wolves"], 4, [5, "player:me"], 6);
    expect(user.events.map((e) => e.at)).toEqual([1, 2]);
    await m.deliver(room);
    expect(m.last()).toEqual([0, 1, 2, 4, 6]);
    await m.deliver(user);
    expect(m.last()).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(m.calls).toMatchObject({ full: 1, pages: 0 });
    // And the next step continues from there.
    await m.deliver(m.commit(7, [8, "team:wolves"]).room);
    expect(m.last()).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it("a view folded from a room message alone is shown after SETTLE_MS, and not at all when the step's user message comes first", async () => {
    const m = await loaded(1);
    const { room, user } = m.commit(2, [3, "player:me"], 4);
    m.feed.deliver(room);
    await m.feed.idle();
    expect(m.views).toHaveLength(1); // the half step is not shown yet
    m.feed.deliver(user);
    await m.feed.idle();
    expect(m.last()).toEqual([0, 1, 2, 3, 4]);
    m.settle(); // the room part's timer finds a later view: nothing more is shown
    expect(m.views.map((v) => v.join())).toEqual(["0,1", "0,1,2,3,4"]);
    const alone = m.commit(5).room;
    m.feed.deliver(alone);
    await m.feed.idle();
    expect(m.views).toHaveLength(2);
    m.settle();
    expect(m.last()).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it("a user message whose events all come after the step's public ones is folded on top, without refolding", async () => {
    const m = await loaded(1);
    const { room, user } = m.commit(2, 3, [4, "player:me"]);
    await m.deliver(room);
    const applied = m.calls.applied;
    await m.deliver(user);
    expect(m.last()).toEqual([0, 1, 2, 3, 4]);
    expect(m.calls.applied - applied).toBe(1); // only its own event: the public part is not applied again
    expect(m.calls).toMatchObject({ full: 1, pages: 0 });
  });

  it("a step with no public event comes only on the user topic and is folded at once", async () => {
    const m = await loaded(1);
    const { user } = m.commit([2, "team:wolves"]);
    expect(user.public).toBe(0);
    await m.deliver(user);
    expect(m.last()).toEqual([0, 1, 2]);
    expect(m.timers).toEqual([]);
  });

  it("a gap in an audience's sequence (a message lost) reads GET /events from the view's cursor", async () => {
    const m = await loaded(1);
    m.commit(2); // lost while the connection was down
    await m.deliver(m.commit(3).room);
    expect(m.last()).toEqual([0, 1, 2, 3]);
    expect(m.calls).toMatchObject({ full: 1, pages: 1 });
    // A lost user message shows the same way.
    m.commit([4, "player:me"]);
    await m.deliver(m.commit([5, "player:me"]).user);
    expect(m.last()).toEqual([0, 1, 2, 3, 4, 5]);
    expect(m.calls).toMatchObject({ full: 1, pages: 2 });
  });

  it("an audience the view has not read from folds when it starts at 1, and is read when it starts later", async () => {
    const m = await loaded(1);
    await m.deliver(m.commit([2, "team:wolves"]).user);
    expect(m.last()).toEqual([0, 1, 2]);
    expect(m.calls).toMatchObject({ full: 1, pages: 0 });
    // C-THIEF-1-like: the reader is sent the lovers' second event without having had the first.
    m.commit([3, "team:lovers"]);
    await m.deliver(m.commit([4, "team:lovers"]).user);
    expect(m.last()).toEqual([0, 1, 2, 3, 4]);
    expect(m.calls.full + m.calls.pages).toBeGreaterThan(1);
  });

  it("a change of the reader's access (its death) reads the view whole", async () => {
    const m = await loaded(1);
    await m.deliver(m.commit(-2).room);
    expect(m.last()).toEqual([0, 1, -2]);
    expect(m.calls).toMatchObject({ full: 2, pages: 0 });
  });

  it("messages the view already holds (s <= cursor) are ignored: a read got there first", async () => {
    const m = await loaded(1);
    const a = m.commit(2, [3, "player:me"]);
    const b = m.commit(4);
    m.feed.refresh(); // e.g. a reconnect's read, before the messages arrive
    await m.feed.idle();
    expect(m.last()).toEqual([0, 1, 2, 3, 4]);
    const seen = m.views.length;
    await m.deliver(a.user, a.room, b.room);
    expect(m.views).toHaveLength(seen);
    expect(m.timers).toEqual([]); // a held user message does not wait for its room message
    expect(m.calls).toMatchObject({ full: 1, pages: 1 });
  });

  it("messages of another game change nothing", async () => {
    const m = await loaded(1);
    const { room, user } = m.commit(2, [3, "player:me"]);
    await m.deliver({ ...room, game: "other" }, { ...user, game: "other" });
    expect(m.views).toHaveLength(1);
    expect(m.timers).toEqual([]);
    expect(m.calls).toMatchObject({ full: 1, pages: 0 });
  });

  it("a user message whose room message never comes: the view is read after PAIR_WAIT_MS", async () => {
    const m = await loaded(1);
    const { room, user } = m.commit(2, [3, "player:me"]);
    await m.deliver(user);
    expect(m.views).toHaveLength(1);
    expect(m.timers.map((t) => t.ms)).toEqual([PAIR_WAIT_MS]);
    m.timers[0].run();
    await m.feed.idle();
    expect(m.last()).toEqual([0, 1, 2, 3]);
    expect(m.calls).toMatchObject({ full: 1, pages: 1 });
    // The room message arriving late is then held: nothing is folded twice.
    await m.deliver(room, m.commit(4).room);
    expect(m.last()).toEqual([0, 1, 2, 3, 4]);
  });

  it("a failed read is reported and the next step starts over from a whole read", async () => {
    const m = model();
    m.commit(1);
    m.failFull(true);
    m.feed.refresh();
    await m.feed.idle();
    expect(m.errors).toHaveLength(1);
    m.failFull(false);
    // A message with no view to fold into: brought up to date by reading.
    await m.deliver(m.commit(2).room);
    expect(m.last()).toEqual([1, 2]);
    expect(m.calls.full).toBe(2);
  });
});
