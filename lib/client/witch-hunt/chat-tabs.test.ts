// WH-P10: which chat tabs a seat's screen shows (chat-tabs.ts).
import { describe, expect, it } from "vitest";
import { initialView } from "@/lib/game/witch-hunt/view";
import type { ChatLine, Form, Role, WitchHuntView } from "@/lib/game/witch-hunt/types";
import { chatTabs } from "./chat-tabs";

const PLAYERS = ["ann", "bob", "cat", "dan"];
const line = (day: number): ChatLine => ({ day, channel: "coven", from: "bob", text: "forest", at: day });

function view(role: Role, form: Form, chat: ChatLine[] = []): WitchHuntView {
  const v = initialView("bob", PLAYERS);
  return { ...v, role, day: 3, form: { ...v.form, bob: form }, chat };
}
const keys = (v: WitchHuntView) => chatTabs(v).map((t) => `${t.channel}-${t.day}`);

describe("chatTabs", () => {
  it("WH-P10: a witch in the game (human or frog) has her coven tab before each day's table tab; others only the table's", () => {
    const all = ["coven-1", "table-1", "coven-2", "table-2", "coven-3", "table-3"];
    expect(keys(view("witch", "human"))).toEqual(all);
    expect(keys(view("witch", "frog"))).toEqual(all);
    expect(keys(view("crow", "human"))).toEqual(["table-1", "table-2", "table-3"]);
  });

  it("WH-P10: an expelled witch reads no coven line in play, so no coven tab is shown; at the end, the days she can read again", () => {
    expect(keys(view("witch", "expelled"))).toEqual(["table-1", "table-2", "table-3"]);
    expect(keys(view("witch", "expelled", [line(1), line(3)]))).toEqual(["coven-1", "table-1", "table-2", "coven-3", "table-3"]);
  });
});
