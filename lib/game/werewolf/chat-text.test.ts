// S-CHAT-4, issue 28 item 6: what a chat line may carry. The engine stores `chatText`'s result.
import { describe, expect, it } from "vitest";
import { chatText } from "../core/chat-text";
import { configSchema } from "./config";
import { werewolf } from "./mode";
import { seatNames } from "./random-setups";
import { setup } from "./setup";
import type { LegalAction } from "./types";

describe("chatText", () => {
  it("drops bidi overrides and isolates", () => {
    expect(chatText("I am \u202evillager\u202c, trust me")).toBe("I am villager, trust me");
    expect(chatText("\u2066a\u2067b\u2068c\u2069")).toBe("abc");
  });

  it("keeps at most 3 combining marks per base character", () => {
    expect(chatText("e" + "\u0301".repeat(50) + "x")).toBe("e\u0301\u0301\u0301x");
    expect(chatText("a\u0301\u0302 b" + "\u0303".repeat(9))).toBe("a\u0301\u0302 b\u0303\u0303\u0303");
  });

  it("leaves ordinary text alone: Vietnamese (NFD too), Chinese, emoji, RTL scripts", () => {
    for (const t of ["Tôi là dân làng", "Tôi là dân làng".normalize("NFD"), "我是村民", "👍🏽 ok", "שלום עולם", "x".repeat(500)])
      expect(chatText(t)).toBe(t);
  });

  it("a line of only bidi controls is empty (and the engines refuse it)", () => {
    expect(chatText(" \u202e\u202c ")).toBe("");
  });
});

describe("the engine stores the cleaned line (S-CHAT-4)", () => {
  const players = seatNames(9);

  it.each(["standard", "classic"] as const)("%s", (ruleset) => {
    const r0 = setup(configSchema.parse({ ruleset }), players, { now: 0, seed: 3 });
    if (!r0.ok) throw new Error("setup refused");
    const state = r0.value.state;
    const wolf = players.find((p) => (werewolf.legalActions!(state, p) as LegalAction[]).some((l) => l.type === "chat"))!;
    const r = werewolf.act(state, wolf, { type: "chat", channel: "wolves", text: "\u202eok" + "\u0301".repeat(40) }, { now: 1 });
    expect(r.ok).toBe(true);
    const texts = r.ok ? r.value.events.map((e) => (e as { text?: string }).text) : [];
    expect(texts).toContain("ok\u0301\u0301\u0301");
    expect(werewolf.act(state, wolf, { type: "chat", channel: "wolves", text: "\u2066\u2069" }, { now: 2 }).ok).toBe(false);
  });
});
