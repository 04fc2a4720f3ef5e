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
