// P-2: what crosses to a browser from a notification is a topic and a short kind, nothing else.
import { describe, expect, it } from "vitest";
import { parseNotification, parseRealtimeNotification } from "@/lib/realtime/signal";
import { kindOf } from "@/lib/realtime/signal-data";

describe("signal parsing", () => {
  it("P-2: keeps only the topic and a well-formed kind", () => {
    const raw = JSON.stringify({ topic: "room:r", event: "events", payload: { kind: "events", role: "wolf" }, private: true });
    expect(parseNotification(raw)).toEqual({ topic: "room:r", kind: "events" });
    expect(kindOf({ kind: "<b>x</b>" })).toBe("signal");
    expect(kindOf({ kind: "a".repeat(40) })).toBe("signal");
    expect(kindOf(undefined)).toBe("signal");
  });

  it("P-2: an `events` message with a delivery's shape parses as a delivery carrying only its known fields", () => {
    const e = { type: "chat", audience: { kind: "public" }, at: 1, day: 1, text: "hi" };
    const payload = { game: "g", step: "s", events: [{ a: "public", s: 3, e, x: "dropped" }], secret: "dropped" };
    const raw = JSON.stringify({ topic: "room:r", event: "events", payload, private: true });
    expect(parseNotification(raw)).toEqual({ topic: "room:r", kind: "events", delivery: { game: "g", step: "s", events: [{ a: "public", s: 3, e }] } });
    // A user message keeps `public` and `at`; a malformed one is no delivery, only a data-free signal.
    const mine = { game: "g", step: "s", public: 2, events: [{ a: "player:p", s: 1, e, at: 2 }] };
    expect(parseNotification(JSON.stringify({ topic: "user:u", event: "events", payload: mine }))?.delivery).toEqual(mine);
    for (const bad of [{ ...mine, public: -1 }, { ...mine, events: [{ a: "player:p", s: 1.5, e }] }, { ...mine, events: [{ a: "player:p", s: 1, e: {} }] }]) {
      expect(parseNotification(JSON.stringify({ topic: "user:u", event: "events", payload: bad }))).toEqual({ topic: "user:u", kind: "signal" });
    }
    // The stored form of a large message: only its id crosses, to be read back by the hub.
    const ref = "0b0c4a3e-5f1d-4c2e-9a7b-2d3e4f5a6b7c";
    expect(parseRealtimeNotification(JSON.stringify({ topic: "room:r", event: "events", ref }))).toEqual({ stored: { topic: "room:r", id: ref } });
  });

  it("accepts a payload that arrived JSON-encoded as a string", () => {
    expect(kindOf(JSON.stringify({ kind: "chat" }))).toBe("chat");
    expect(kindOf("not json")).toBe("signal");
  });

  it("drops malformed notifications", () => {
    expect(parseNotification("nope")).toBeNull();
    expect(parseNotification(JSON.stringify({ payload: { kind: "events" } }))).toBeNull();
    expect(parseNotification(JSON.stringify({ topic: "", payload: {} }))).toBeNull();
  });

  it("P-2: a membership notice is server-internal: it parses as a notice, never as a signal", () => {
    const room = "0b0c4a3e-5f1d-4c2e-9a7b-2d3e4f5a6b7c";
    const raw = JSON.stringify({ membership: room });
    expect(parseRealtimeNotification(raw)).toEqual({ membership: room });
    expect(parseNotification(raw)).toBeNull();
    expect(parseRealtimeNotification(JSON.stringify({ membership: "not-a-uuid" }))).toBeNull();
    const signal = JSON.stringify({ topic: "room:r", payload: { kind: "chat" }, membership: room });
    expect(parseRealtimeNotification(signal)).toEqual({ signal: { topic: "room:r", kind: "chat" } });
  });
});
