// The browser reconnect loop (W-ROOM-5: a dropped connection comes back and refetches), driven
// with fake timers and a scripted EventSource.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BACKOFF_BASE_MS, BACKOFF_MAX_MS, backoffDelay } from "@/lib/realtime/backoff";
import type { RealtimeStatus, Signal } from "@/lib/realtime/client";
import { subscribeSse, type EventSourceLike } from "@/lib/realtime/sse-client";

class ScriptedSource implements EventSourceLike {
  listeners = new Map<string, ((e: MessageEvent) => void)[]>();
  onerror: ((e: Event) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {}
  addEventListener(type: string, fn: (e: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data: string) {
    for (const fn of this.listeners.get(type) ?? []) fn(new MessageEvent(type, { data }));
  }
  fail() {
    this.onerror?.(new Event("error"));
  }
}

let sources: ScriptedSource[];
let statuses: RealtimeStatus[];
let signals: Signal[];
let stop: () => void;

beforeEach(() => {
  vi.useFakeTimers();
  sources = [];
  statuses = [];
  signals = [];
  stop = subscribeSse(
    "/api/realtime?room=r",
    (s) => signals.push(s),
    (s) => statuses.push(s),
    { createEventSource: (url) => sources[sources.push(new ScriptedSource(url)) - 1], random: () => 1 },
  );
});

afterEach(() => {
  stop();
  vi.useRealTimers();
});

describe("backoffDelay", () => {
  it("doubles from the base, stays within [ceiling/2, ceiling] and caps", () => {
    expect(backoffDelay(0, () => 1)).toBe(BACKOFF_BASE_MS);
    expect(backoffDelay(0, () => 0)).toBe(BACKOFF_BASE_MS / 2);
    expect(backoffDelay(3, () => 1)).toBe(8 * BACKOFF_BASE_MS);
    expect(backoffDelay(50, () => 1)).toBe(BACKOFF_MAX_MS);
    expect(backoffDelay(50, () => 0)).toBe(BACKOFF_MAX_MS / 2);
  });
});

describe("subscribeSse", () => {
  it("reports open on hello (the refetch cue) and passes signals through", () => {
    expect(statuses).toEqual(["connecting"]);
    sources[0].emit("hello", "{}");
    expect(statuses).toEqual(["connecting", "open"]);
    sources[0].emit("signal", JSON.stringify({ topic: "room:r", kind: "events" }));
    sources[0].emit("signal", "not json");
    expect(signals).toEqual([{ topic: "room:r", kind: "events" }]);
  });

  it("reconnects with exponential backoff after failures and resets once open again", () => {
    sources[0].fail();
    expect(sources[0].closed).toBe(true); // the native retry is not relied on
    expect(statuses.at(-1)).toBe("down");
    vi.advanceTimersByTime(BACKOFF_BASE_MS - 1);
    expect(sources).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sources).toHaveLength(2);

    sources[1].fail(); // e.g. 503 while the server restarts
    vi.advanceTimersByTime(2 * BACKOFF_BASE_MS - 1);
    expect(sources).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sources).toHaveLength(3);

    sources[2].emit("hello", "{}");
    expect(statuses.filter((s) => s === "open")).toHaveLength(1);
    sources[2].fail();
    vi.advanceTimersByTime(BACKOFF_BASE_MS);
    expect(sources).toHaveLength(4); // back to the base delay
    sources[3].emit("hello", "{}");
    expect(statuses).toEqual(["connecting", "down", "connecting", "down", "connecting", "open", "down", "connecting", "open"]);
  });

  it("passes a delivery (`events` frame) on as an `events` signal with its topic; malformed ones are dropped", () => {
    const delivery = { game: "g", step: "s1", public: 1, events: [{ a: "player:u", s: 2, e: { type: "seen", audience: { kind: "player", player: "u" }, at: 0 }, at: 1 }] };
    sources[0].emit("events", JSON.stringify({ topic: "user:u", ...delivery, serverNow: 5, extra: "dropped" }));
    sources[0].emit("events", "{not json");
    sources[0].emit("events", JSON.stringify({ topic: "room:r", game: "g", step: "s2", events: [] })); // no events
    sources[0].emit("events", JSON.stringify({ topic: "room:r", game: "g", step: "s3", events: [{ a: "public", s: 0, e: { type: "x" } }] })); // s < 1
    sources[0].emit("events", JSON.stringify({ game: "g", step: "s4", events: [{ a: "public", s: 1, e: { type: "x" } }] })); // no topic
    expect(signals).toEqual([{ topic: "user:u", kind: "events", delivery: { ...delivery, serverNow: 5 } }]);
  });

  it("ignores events from a source it already replaced, and stops cleanly", () => {
    const first = sources[0];
    first.fail();
    vi.advanceTimersByTime(BACKOFF_BASE_MS);
    first.emit("signal", JSON.stringify({ topic: "room:r", kind: "events" }));
    first.emit("hello", "{}");
    expect(signals).toEqual([]);
    expect(statuses).not.toContain("open");

    sources[1].fail();
    stop();
    vi.advanceTimersByTime(BACKOFF_MAX_MS * 2);
    expect(sources).toHaveLength(2);
  });
});
