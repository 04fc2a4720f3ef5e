// Issue 22 item 4: a room's bots get varied names and looks, stable for the room; "Bot N" only as
// a fallback; the talk style is fixed per bot.
import { describe, expect, it } from "vitest";
import { BOT_STYLES } from "@/lib/game/werewolf/bot-style";
import { styleOfPersona } from "@/lib/game/werewolf/bot-style";
import { isBotAppearance } from "@/lib/bot-appearance";
import type { MemberRow } from "../rooms/rows";
import { botPersona } from "./identity";
import { botNames, fallbackBotName, nextBotAppearance, nextBotName } from "./persona";

const member = (display_name: string, appearance = "a1", is_bot = false): MemberRow => ({
  user_id: crypto.randomUUID(),
  display_name,
  appearance,
  ready: true,
  is_bot,
  joined_at: new Date(0),
});

/** Seats `count` bots one after another as addBot does. */
function seat(roomId: string, count: number, first: MemberRow[] = [member("Host")]): MemberRow[] {
  const members = [...first];
  for (let i = 0; i < count; i++) members.push(member(nextBotName(members, roomId, "vi"), nextBotAppearance(members, roomId), true));
  return members;
}

describe("bot names and looks", () => {
  it("each language has a list of 20 different given names, none of them a bot-like name", () => {
    for (const l of ["vi", "en", "zh"] as const) {
      const names = botNames(l);
      expect(names).toHaveLength(20);
      expect(new Set(names).size).toBe(20);
      expect(names.some((n) => /bot/i.test(n))).toBe(false);
    }
  });

  it("seven bots: seven different names and seven different robot looks; the same room seats them alike again", () => {
    const a = seat("room-a", 7).slice(1);
    expect(new Set(a.map((m) => m.display_name)).size).toBe(7);
    expect(new Set(a.map((m) => m.appearance)).size).toBe(7);
    expect(a.every((m) => isBotAppearance(m.appearance) && botNames("vi").includes(m.display_name))).toBe(true);
    expect(seat("room-a", 7).slice(1).map((m) => [m.display_name, m.appearance])).toEqual(a.map((m) => [m.display_name, m.appearance]));
    // Another room, another cast.
    expect(seat("room-b", 7).slice(1).map((m) => m.display_name)).not.toEqual(a.map((m) => m.display_name));
  });

  it("a name taken by a person (any case, a look-alike) is skipped; when the list is used up, Bot N", () => {
    const people = [member("MINH"), member("Lаn")]; // Cyrillic а
    const bots = seat("room-c", 18, people).slice(2);
    const names = bots.map((m) => m.display_name);
    expect(names).not.toContain("Minh");
    expect(names).not.toContain("Lan");
    expect(names.slice(0, 18)).toHaveLength(18);
    expect(names.filter((n) => /^Bot \d+$/.test(n))).toEqual([]);
    const full = seat("room-c", 2, [...people, ...bots]).slice(-2).map((m) => m.display_name);
    expect(full).toEqual(["Bot 1", "Bot 2"]);
    expect(fallbackBotName([member("bot 1")])).toBe("Bot 2");
  });

  it("looks: the least worn first, so 8 bots wear 8 looks and a 9th repeats one", () => {
    const nine = seat("room-d", 9).slice(1).map((m) => m.appearance);
    expect(new Set(nine.slice(0, 8)).size).toBe(8);
    expect(nine.slice(0, 8)).toContain(nine[8]);
  });

  it("talk styles: fixed per bot id, and all three appear among a room's worth of bots", () => {
    const ids = Array.from({ length: 60 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`);
    const botStyle = (id: string) => styleOfPersona(botPersona(id));
    expect(ids.map(botStyle)).toEqual(ids.map(botStyle));
    expect(new Set(ids.map(botStyle))).toEqual(new Set(BOT_STYLES));
  });
});
