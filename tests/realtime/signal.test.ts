// P-2: what crosses to a browser from a notification is a topic and a short kind, nothing else.
import { describe, expect, it } from "vitest";
import { parseNotification } from "@/lib/realtime/signal";
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
});
