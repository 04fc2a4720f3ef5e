// Supabase mode of the client, against a scripted stand-in for supabase-js's channel API: the
// joins it makes (the room and the user's own topic, never a team topic) and what it passes on.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { SupabaseClient } from "@supabase/supabase-js";
import type { RealtimeStatus, Signal } from "@/lib/realtime/client";
import { subscribeSupabase } from "@/lib/realtime/supabase-client";

type Status = "SUBSCRIBED" | "CHANNEL_ERROR" | "TIMED_OUT" | "CLOSED";

class Channel {
  onBroadcast: ((m: { event?: string; payload?: unknown }) => void) | null = null;
  onStatus: ((s: Status) => void) | null = null;
  removed = false;
  constructor(
    readonly topic: string,
    readonly opts: unknown,
  ) {}
  on(_type: string, _filter: unknown, cb: (m: { event?: string; payload?: unknown }) => void) {
    this.onBroadcast = cb;
    return this;
  }
  subscribe(cb: (s: Status) => void) {
    this.onStatus = cb;
    return this;
  }
}

const ROOM = "11111111-1111-4111-8111-111111111111";
const UID = "22222222-2222-4222-8222-222222222222";
let channels: Channel[];
let statuses: RealtimeStatus[];
let signals: Signal[];
let setAuth: ReturnType<typeof vi.fn>;
let stop: () => void;

const live = (topic: string) => channels.filter((c) => c.topic === topic && !c.removed);

beforeEach(async () => {
  vi.useFakeTimers();
  channels = [];
  statuses = [];
  signals = [];
  setAuth = vi.fn(async () => undefined);
  const client = {
    realtime: { setAuth },
    auth: { getSession: async () => ({ data: { session: { user: { id: UID } } } }) },
    channel: (topic: string, opts: unknown) => channels[channels.push(new Channel(topic, opts)) - 1],
    removeChannel: async (c: Channel) => {
      c.removed = true;
      return "ok";
    },
  } as unknown as SupabaseClient;
  stop = subscribeSupabase(ROOM, (s) => signals.push(s), (s) => statuses.push(s), client);
  await vi.advanceTimersByTimeAsync(0);
});

afterEach(() => {
  stop();
  vi.useRealTimers();
});

describe("subscribeSupabase", () => {
  it("sets the realtime auth and joins exactly the room and user topics as private channels", () => {
    expect(setAuth).toHaveBeenCalledOnce();
    expect(channels.map((c) => c.topic)).toEqual([`room:${ROOM}`, `user:${UID}`]);
    for (const c of channels) expect(c.opts).toEqual({ config: { private: true } });
    expect(statuses).toEqual(["connecting"]);
  });

  it("maps the room channel's status to open/down, and passes signals with the same shape", () => {
    const room = live(`room:${ROOM}`)[0];
    room.onStatus!("SUBSCRIBED");
    room.onStatus!("CHANNEL_ERROR");
    room.onStatus!("SUBSCRIBED");
    expect(statuses).toEqual(["connecting", "open", "down", "open"]);
    live(`user:${UID}`)[0].onBroadcast!({ payload: { kind: "events", secret: "x" } });
    expect(signals).toEqual([{ topic: `user:${UID}`, kind: "events" }]);
  });

  it("S-CHAT-3, design §4: joins no team channel, even after signals (team events come on the user topic)", async () => {
    live(`room:${ROOM}`)[0].onBroadcast!({ payload: { kind: "events" } });
    live(`user:${UID}`)[0].onBroadcast!({ payload: { kind: "chat" } });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(channels.map((c) => c.topic)).toEqual([`room:${ROOM}`, `user:${UID}`]);
    expect(channels.some((c) => c.removed)).toBe(false);
    expect(signals).toEqual([
      { topic: `room:${ROOM}`, kind: "events" },
      { topic: `user:${UID}`, kind: "chat" },
    ]);
  });

  it("passes a broadcast of event `events` with a delivery's shape on as a delivery (the `realtime.send` of migration 0036)", () => {
    const delivery = { game: "g", step: "s", public: 0, events: [{ a: "team:wolves", s: 4, e: { type: "chat", audience: { kind: "team", team: "wolves" }, at: 0 }, at: 0 }] };
    live(`user:${UID}`)[0].onBroadcast!({ event: "events", payload: { ...delivery, secret: "x" } });
    // Another event name, or a malformed payload: only a data-free signal.
    live(`room:${ROOM}`)[0].onBroadcast!({ event: "room", payload: delivery });
    live(`room:${ROOM}`)[0].onBroadcast!({ event: "events", payload: { ...delivery, events: "x" } });
    expect(signals).toEqual([
      { topic: `user:${UID}`, kind: "events", delivery },
      { topic: `room:${ROOM}`, kind: "signal" },
      { topic: `room:${ROOM}`, kind: "signal" },
    ]);
  });

  it("leaves every channel when stopped", () => {
    stop();
    expect(channels.every((c) => c.removed)).toBe(true);
  });
});
