// The feed against a model server: a list of numbered events, one audience per event, cursors as
// the server encodes them ({ audience: last seq } in base64url JSON). The view is the list of
// event numbers folded in, so a duplicate or a gap shows as a wrong list. The real server and
// stream are covered by tests/api/view-sync.test.ts ("pushed").
import { describe, expect, it } from "vitest";
import { encodeCursorJson } from "@/lib/events-cursor";
import type { GameEvent } from "@/lib/game/core/types";
import { createGameFeed, type EventsFrame, type StreamAnchor } from "./game-feed";

const encode = (c: Record<string, number>) => encodeCursorJson(c);
const ev = (n: number, audience = "public") => ({ type: "n", n, aud: audience, audience: { kind: "public" } }) as unknown as GameEvent;
const numberOf = (e: GameEvent) => (e as unknown as { n: number }).n;
const audienceOf = (e: GameEvent) => (e as unknown as { aud: string }).aud;

/** The cursor after the first `k` events. */
function cursorAt(events: GameEvent[], k: number): string {
  const c: Record<string, number> = {};
  for (const e of events.slice(0, k)) c[audienceOf(e)] = (c[audienceOf(e)] ?? 0) + 1;
  return encode(c);
}

function model(gameId = "g") {
  const events: GameEvent[] = [];
  const calls = { full: 0, pages: 0 };
  const views: number[][] = [];
  const anchors: StreamAnchor[] = [];
  const errors: unknown[] = [];
  let failFull = false;
  /** How many events the cursor covers (cursors here are always a prefix of the list). */
  const covered = (cursor: string) => {
    for (let k = 0; k <= events.length; k++) if (cursorAt(events, k) === cursor) return k;
    throw new Error(`unknown cursor ${cursor}`);
  };
  const feed = createGameFeed<number[]>(gameId, {
    full: async () => {
      calls.full++;
      if (failFull) throw new Error("offline");
      return { view: events.map(numberOf), cursor: cursorAt(events, events.length) };
    },
    page: async (cursor) => {
      calls.pages++;
      const k = covered(cursor);
      return { events: events.slice(k), cursor: cursorAt(events, events.length), more: false };
    },
    apply: (view, e) => [...view, numberOf(e)],
    // A negative event is the reader's death: what it may read changes.
    access: (view) => String(view.some((n) => n < 0)),
    onView: (v) => views.push(v),
    onError: (e) => errors.push(e),
    onAnchor: (a) => anchors.push(a),
  });
  /** The frame a stream standing after `from` events sends when it reads up to `to`. */
  const frame = (from: number, to: number, game = gameId): EventsFrame => ({
    game,
    from: cursorAt(events, from),
    events: events.slice(from, to),
    cursor: cursorAt(events, to),
    more: false,
    serverNow: 0,
  });
  const add = (...ns: number[]) => events.push(...ns.map((n) => ev(n)));
  const last = () => views[views.length - 1];
  return { events, calls, views, anchors, errors, feed, frame, add, last, failFull: (v: boolean) => (failFull = v) };
}

/** A model whose feed has read these first events whole (and so opened the stream there). */
async function loaded(...first: number[]) {
  const m = model();
  m.add(...first);
  m.feed.refresh();
  await m.feed.idle();
  return m;
}

describe("game feed", () => {
  it("reads the view whole once, opens the stream there, then folds frames with no read", async () => {
    const m = await loaded(1, 2);
    expect(m.anchors).toEqual([{ game: "g", cursor: cursorAt(m.events, 2) }]);
    m.add(3, 4);
    m.feed.frame(m.frame(2, 3));
    m.feed.frame(m.frame(3, 4));
    await m.feed.idle();
    expect(m.last()).toEqual([1, 2, 3, 4]);
    expect(m.calls).toEqual({ full: 1, pages: 0 });
    expect(m.anchors).toHaveLength(1);
  });

  it("a frame out of step with the view (it moved by a pull) is not folded twice: it pulls instead", async () => {
    const m = await loaded(1);
    m.add(2, 3);
    // A heartbeat read gets 2 and 3 before the stream's frame carrying them arrives.
    m.feed.refresh();
    await m.feed.idle();
    m.feed.frame(m.frame(1, 3));
    await m.feed.idle();
    expect(m.last()).toEqual([1, 2, 3]);
    m.add(4);
    m.feed.frame(m.frame(3, 4));
    await m.feed.idle();
    expect(m.last()).toEqual([1, 2, 3, 4]);
    expect(m.calls.pages).toBe(2);
  });

  it("a stream reopened at an older anchor (a reconnect) repeats events the view has: they are not folded twice", async () => {
    const m = await loaded(1);
    m.add(2, 3);
    m.feed.frame(m.frame(1, 3));
    await m.feed.idle();
    // Reconnected with the same URL: the stream reads again from its anchor (after event 1).
    m.add(4);
    m.feed.frame(m.frame(1, 4));
    await m.feed.idle();
    expect(m.last()).toEqual([1, 2, 3, 4]);
    // The pull brought the view to where the stream now stands: no need to reopen it.
    expect(m.anchors).toHaveLength(1);
    m.add(5);
    m.feed.frame(m.frame(4, 5));
    await m.feed.idle();
    expect(m.last()).toEqual([1, 2, 3, 4, 5]);
  });

  it("a whole read that moves the view away from the stream reopens the stream there", async () => {
    const m = await loaded(1);
    // The reader dies: its access changes, so the view is read whole.
    m.add(-2);
    m.feed.frame(m.frame(1, 2));
    await m.feed.idle();
    expect(m.calls.full).toBe(2);
    expect(m.last()).toEqual([1, -2]);
    // The whole read stands where the stream's frame ended: no reopening.
    expect(m.anchors).toHaveLength(1);
    // A frame that opens an audience the view has not read from: read whole too.
    m.events.push(ev(3, "team:wolves"));
    m.feed.frame(m.frame(2, 3));
    await m.feed.idle();
    expect(m.calls.full).toBe(3);
    expect(m.last()).toEqual([1, -2, 3]);
    // A whole read that stands elsewhere (an event committed meanwhile) reopens the stream there.
    m.add(4);
    m.events.push(ev(5, "team:lovers"));
    m.feed.frame(m.frame(3, 5));
    m.add(6); // committed before the whole read runs
    await m.feed.idle();
    expect(m.last()).toEqual([1, -2, 3, 4, 5, 6]);
    expect(m.anchors).toHaveLength(2);
    expect(m.anchors[1]).toEqual({ game: "g", cursor: cursorAt(m.events, 6) });
  });

  it("frames of another game or without a cursor change nothing", async () => {
    const m = await loaded(1);
    m.add(2);
    m.feed.frame(m.frame(1, 2, "other"));
    m.feed.frame({ ...m.frame(1, 2), cursor: null });
    m.feed.frame({ ...m.frame(1, 2), events: "x" as unknown as GameEvent[] });
    await m.feed.idle();
    expect(m.views).toHaveLength(1);
    expect(m.calls).toEqual({ full: 1, pages: 0 });
  });

  it("a failed read is reported and the next step starts over from a whole read", async () => {
    const m = model();
    m.add(1);
    m.failFull(true);
    m.feed.refresh();
    await m.feed.idle();
    expect(m.errors).toHaveLength(1);
    m.failFull(false);
    m.add(2);
    // A frame with no view to fold into: brought up to date by reading.
    m.feed.frame(m.frame(1, 2));
    await m.feed.idle();
    expect(m.last()).toEqual([1, 2]);
    expect(m.calls.full).toBe(2);
  });
});
