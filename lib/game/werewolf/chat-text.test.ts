// S-CHAT-4, issue 28 item 6: what a chat line may carry. Both engines store `chatText`'s result.
import { describe, expect, it } from "vitest";
import type { PlayerId } from "../core/types";
import { chatText } from "./chat-text";
import { configSchema } from "./config";
import { werewolf } from "./mode";
import { seatNames } from "./random-setups";
import { setup } from "./setup";
import type { AnyWerewolfState, LegalAction } from "./types";

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

describe("both engines store the cleaned line (S-CHAT-4)", () => {
  const players = seatNames(9);
  const config = configSchema.parse({});
  const stateOf = (r: ReturnType<typeof setup> | ReturnType<typeof werewolf.setup>): AnyWerewolfState => {
    if (!r.ok) throw new Error("setup refused");
    return r.value.state as AnyWerewolfState;
  };
  const states: [string, AnyWerewolfState][] = [
    ["seat engine", stateOf(werewolf.setup(config, players, { now: 0, seed: 3 }))],
    ["rules engine", stateOf(setup(config, players, { now: 0, seed: 3 }))],
  ];
  const wolfOf = (s: AnyWerewolfState): PlayerId =>
    players.find((p) => (werewolf.legalActions!(s, p) as LegalAction[]).some((l) => l.type === "chat"))!;

  it.each(states)("%s", (_, state) => {
    const wolf = wolfOf(state);
    const r = werewolf.act(state, wolf, { type: "chat", channel: "wolves", text: "\u202eok" + "\u0301".repeat(40) }, { now: 1 });
    expect(r.ok).toBe(true);
    const texts = r.ok ? r.value.events.map((e) => (e as { text?: string }).text) : [];
    expect(texts).toContain("ok\u0301\u0301\u0301");
    expect(werewolf.act(state, wolf, { type: "chat", channel: "wolves", text: "\u2066\u2069" }, { now: 2 }).ok).toBe(false);
  });
});
