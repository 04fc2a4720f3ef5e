// Issue 21 item 2: bots' chat lines reach readers in their language, with display names, never ids.
import { describe, expect, it } from "vitest";
import { messagesFor } from "@/lib/i18n/messages";
import { locales } from "@/lib/i18n/config";
import { accuseText, claimText, parseBotLine, WHO_TONIGHT } from "@/lib/game/werewolf/bot-lines";
import { chatLineText, type BotLineContext } from "./bot-line";

const BOT = "ca8d455b-1f0e-4c59-9d7e-2b7a1f3c9e10";
const LAN = "5d1e7c2a-3b4f-4a6d-8e9f-0a1b2c3d4e5f";
const HUMAN = "9a8b7c6d-5e4f-4a3b-9c1d-0e1f2a3b4c5d";
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

function ctxFor(locale: string): BotLineContext {
  const m = messagesFor(locale as "vi") as unknown as { botChat: Record<string, string>; roles: Record<string, { name: string }> };
  const names: Record<string, string> = { [BOT]: "Bot 5", [LAN]: "Lan", [HUMAN]: "Minh" };
  return {
    players: [BOT, LAN, HUMAN],
    byBot: (from) => from === BOT,
    name: (id) => names[id],
    say: (key, values = {}) => m.botChat[key].replace(/\{(\w+)\}/g, (_, k: string) => values[k]),
    roleName: (role) => m.roles[role]?.name ?? null,
  };
}

describe("bot lines", () => {
  it("parses what bots write (the form bots themselves read back)", () => {
    expect(parseBotLine(claimText(LAN, "wolf"))).toEqual({ kind: "claim", target: LAN, result: "wolf" });
    expect(parseBotLine(claimText(LAN, "village"))).toEqual({ kind: "claim", target: LAN, result: "village" });
    expect(parseBotLine(claimText(LAN, "hunter"))).toEqual({ kind: "claim", target: LAN, result: "hunter" });
    expect(parseBotLine(accuseText(LAN))).toEqual({ kind: "accuse", target: LAN });
    expect(parseBotLine(WHO_TONIGHT)).toEqual({ kind: "whoTonight" });
    expect(parseBotLine("I suspect Lan because she was quiet.")).toBeNull();
    expect(parseBotLine("hello")).toBeNull();
  });

  it.each(locales)("renders a bot's lines with names, in %s, never an id", (locale) => {
    const ctx = ctxFor(locale);
    const m = messagesFor(locale) as unknown as { botChat: Record<string, string> };
    const accuse = chatLineText({ from: BOT, text: accuseText(LAN) }, ctx);
    expect(accuse).toBe(m.botChat.accuse.replace("{name}", "Lan"));
    const claim = chatLineText({ from: BOT, text: claimText(LAN, "wolf") }, ctx);
    expect(claim).toBe(m.botChat.claimWolf.replace("{name}", "Lan"));
    expect(chatLineText({ from: BOT, text: claimText(LAN, "village") }, ctx)).toContain("Lan");
    expect(chatLineText({ from: BOT, text: claimText(LAN, "hunter") }, ctx)).toContain("Lan");
    // A Little Girl's copy of a pack line ("Wolf N": the author is hidden).
    expect(chatLineText({ from: "Wolf 1", text: WHO_TONIGHT }, ctx)).toBe(m.botChat.whoTonight);
    for (const text of [accuse, claim]) expect(text).not.toMatch(UUID);
  });

  it("shows a person's words as typed, and a line naming no player as written", () => {
    const ctx = ctxFor("en");
    expect(chatLineText({ from: HUMAN, text: accuseText(LAN) }, ctx)).toBe(accuseText(LAN));
    expect(chatLineText({ from: HUMAN, text: "hello" }, ctx)).toBe("hello");
    expect(chatLineText({ from: BOT, text: "I suspect nobody." }, ctx)).toBe("I suspect nobody.");
    expect(chatLineText({ from: BOT, text: claimText(LAN, "dragon") }, ctx)).toBe(claimText(LAN, "dragon"));
  });
});
