import { describe, expect, it } from "vitest";
import type { ChatLine, WerewolfView } from "@/lib/game/werewolf/types";
import { chatTabs, currentChatTab, tabKey } from "./chat-tabs";

const line = (day: number, channel: ChatLine["channel"]): ChatLine => ({ day, channel, from: "w2", text: "x", at: day });
const view = (over: Partial<WerewolfView>) =>
  ({ phase: "day", day: 1, ended: false, myRole: "villager", alive: {}, chat: [], ...over }) as Pick<
    WerewolfView,
    "phase" | "day" | "ended" | "myRole" | "alive" | "chat"
  >;

describe("chat tabs in time order (issue 21 item 13)", () => {
  it("S-CHAT-3: a living wolf at Night 3 sees Night 1 wolves, Day 1, Night 2 wolves, Day 2, Night 3 wolves", () => {
    const tabs = chatTabs(view({ phase: "night.main", day: 3, myRole: "wolf", chat: [line(1, "wolves")] }), "w1");
    expect(tabs.map(tabKey)).toEqual(["wolves-1", "day-1", "wolves-2", "day-2", "wolves-3"]);
    expect(currentChatTab("night.main", 3, tabs)).toEqual({ channel: "wolves", n: 3 });
  });

  it("S-CHAT-2: after the end every night's wolf chat sits before its day; 'now' is the last day", () => {
    const tabs = chatTabs(view({ phase: "ended", day: 2, ended: true, chat: [line(2, "wolves"), line(1, "wolves"), line(2, "day")] }), "v1");
    expect(tabs.map(tabKey)).toEqual(["wolves-1", "day-1", "wolves-2", "day-2"]);
    expect(currentChatTab("ended", 2, tabs)).toEqual({ channel: "day", n: 2 });
  });

  it("S-CHAT-2: a villager at Night 2 has Day 1 only, and no tab at Night 1", () => {
    expect(chatTabs(view({ phase: "night.main", day: 2 }), "v1").map(tabKey)).toEqual(["day-1"]);
    expect(chatTabs(view({ phase: "night.main", day: 1 }), "v1")).toEqual([]);
  });
});
