// Issues 21 and 22: bots' chat lines reach readers in their language, with display names, never
// ids; every situation has VARIANTS sentences in every language, and a line's reason is rendered.
import { describe, expect, it } from "vitest";
import { messagesFor } from "@/lib/i18n/messages";
import { locales } from "@/lib/i18n/config";
import { accuseText, botLineText, claimText, parseBotLine, REASONS, VARIANTS, WHO_TONIGHT, type BotLine, type Reason } from "@/lib/game/werewolf/bot-lines";
import { chatLineText, type BotLineContext } from "./bot-line";

const BOT = "ca8d455b-1f0e-4c59-9d7e-2b7a1f3c9e10";
const LAN = "5d1e7c2a-3b4f-4a6d-8e9f-0a1b2c3d4e5f";
const HUMAN = "9a8b7c6d-5e4f-4a3b-9c1d-0e1f2a3b4c5d";
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

type Tree = { [k: string]: string | Tree };
const at = (tree: Tree, key: string): string => {
  const v = key.split(".").reduce<string | Tree | undefined>((o, k) => (typeof o === "object" ? o[k] : undefined), tree);
  if (typeof v !== "string") throw new Error(`no message botChat.${key}`);
  return v;
};

function ctxFor(locale: string): BotLineContext {
  const m = messagesFor(locale as "vi") as unknown as { botChat: Tree; roles: Record<string, { name: string }> };
  const names: Record<string, string> = { [BOT]: "Bot 5", [LAN]: "Lan", [HUMAN]: "Minh" };
  return {
    players: [BOT, LAN, HUMAN],
    byBot: (from) => from === BOT,
    name: (id) => names[id],
    say: (key, values = {}) => at(m.botChat, key).replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? `{${k}}`),
    roleName: (role) => m.roles[role]?.name ?? null,
  };
}

const reasons: Reason[] = REASONS.map((why) => (why === "quiet" || why === "hunch" ? { why } : { why, who: HUMAN }));

/** One line of every kind, sentence `n`, naming LAN (and HUMAN where a second player is named). */
function everyKind(n: number): BotLine[] {
  return [
    { kind: "greet", n },
    ...reasons.map((reason): BotLine => ({ kind: "accuse", n, target: LAN, reason })),
    { kind: "defend", n, by: LAN },
    { kind: "claim", n, target: LAN, result: "wolf" },
    { kind: "claim", n, target: LAN, result: "village" },
    { kind: "claim", n, target: LAN, result: "hunter" },
    { kind: "agree", n, speaker: HUMAN, target: LAN },
    { kind: "doubt", n, speaker: HUMAN, target: LAN },
    { kind: "death", n, target: LAN },
    { kind: "tally", n, target: LAN, voter: HUMAN },
    { kind: "pick", n, target: LAN },
    { kind: "follow", n, target: LAN },
    { kind: "plan", n, target: LAN, result: "wolf" },
  ];
}

describe("bot lines", () => {
  it("parses what bots write (the form bots themselves read back), old forms included", () => {
    for (let n = 0; n < VARIANTS; n++) for (const line of everyKind(n)) expect(parseBotLine(botLineText(line))).toEqual(line);
    expect(parseBotLine(claimText(LAN, "wolf"))).toEqual({ kind: "claim", n: 0, target: LAN, result: "wolf" });
    expect(parseBotLine(accuseText(LAN))).toEqual({ kind: "accuse", n: 0, target: LAN, reason: { why: "hunch" } });
    expect(parseBotLine(WHO_TONIGHT)).toEqual({ kind: "whoTonight" });
    expect(parseBotLine("I suspect Lan because she was quiet.")).toBeNull();
    expect(parseBotLine("bot:accuse:1 x voted")).toBeNull(); // a vote names whom
    expect(parseBotLine("bot:greet:1 x")).toBeNull();
    expect(parseBotLine("bot:dance:1 x")).toBeNull();
    expect(parseBotLine("hello")).toBeNull();
  });

  it.each(locales)("renders every sentence of every situation with names and reasons, in %s, never an id", (locale) => {
    const ctx = ctxFor(locale);
    for (let n = 0; n < VARIANTS; n++) {
      for (const line of everyKind(n)) {
        const text = chatLineText({ from: BOT, text: botLineText(line) }, ctx);
        expect(text).not.toMatch(UUID);
        expect(text).not.toMatch(/[{}]|bot:/);
        if (line.kind !== "greet") expect(text).toContain("Lan");
        if (line.kind === "accuse" && "who" in line.reason) expect(text).toContain("Minh");
      }
    }
    // Ten different sentences per situation (issue 22 item 2).
    for (const kind of ["greet", "accuse", "defend", "claim", "agree", "doubt", "death", "tally", "pick", "follow", "plan"]) {
      const sentences = new Set(Array.from({ length: VARIANTS }, (_, n) => ctx.say(`${kind}.${n}`)));
      expect(sentences.size, kind).toBe(VARIANTS);
    }
    // A Little Girl's copy of a pack line ("Wolf N": the author is hidden).
    expect(chatLineText({ from: "Wolf 1", text: WHO_TONIGHT }, ctx)).toBe(ctx.say("whoTonight"));
    expect(chatLineText({ from: "Wolf 1", text: botLineText({ kind: "pick", n: 2, target: LAN }) }, ctx)).toContain("Lan");
  });

  it("shows a person's words as typed, and a line naming no player as written", () => {
    const ctx = ctxFor("en");
    expect(chatLineText({ from: HUMAN, text: accuseText(LAN) }, ctx)).toBe(accuseText(LAN));
    expect(chatLineText({ from: HUMAN, text: "hello" }, ctx)).toBe("hello");
    expect(chatLineText({ from: BOT, text: "I suspect nobody." }, ctx)).toBe("I suspect nobody.");
    expect(chatLineText({ from: BOT, text: claimText(LAN, "dragon") }, ctx)).toBe(claimText(LAN, "dragon"));
    const stranger = botLineText({ kind: "tally", n: 1, target: LAN, voter: "someone-else" });
    expect(chatLineText({ from: BOT, text: stranger }, ctx)).toBe(stranger);
  });
});
