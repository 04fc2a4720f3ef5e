// A chat line as the reader sees it: a line a bot wrote is its canonical machine form
// (lib/game/werewolf/bot-lines.ts), rendered here in the reader's language with display names
// (issue 21: readers saw "I suspect ca8d455b-…" in English); the sentence and the reason it gives
// are the ones the line names (issue 22). A person's words are shown as typed.
"use client";
import { useTranslations } from "next-intl";
import { namedIn, parseBotLine, type BotLine } from "@/lib/game/werewolf/bot-lines";
import type { ChatLine } from "@/lib/game/werewolf/types";

/** What rendering needs to know of the table and the language. */
export interface BotLineContext {
  /** The game's players (a line names no one else). */
  players: readonly string[];
  /** Whether the author is a bot member; a Little Girl's copy ("Wolf N") may be one. */
  byBot: (from: string) => boolean;
  name: (id: string) => string;
  /** The botChat message at `key` (a dotted path, e.g. "accuse.3") with `values`. */
  say: (key: string, values?: Record<string, string>) => string;
  /** A role's name in the reader's language, or null for no such role. */
  roleName: (role: string) => string | null;
}

/** A Seer result as words ("is a Werewolf", "is the Hunter"), or null for no such result. */
function resultText(result: string, ctx: BotLineContext): string | null {
  if (result === "wolf" || result === "village") return ctx.say(`result.${result}`);
  const role = ctx.roleName(result);
  return role === null ? null : ctx.say("result.role", { role });
}

/** The rendered line, or null when it cannot be rendered (it names someone not at this table). */
function render(said: BotLine, ctx: BotLineContext): string | null {
  if (said.kind === "whoTonight") return ctx.say("whoTonight");
  if (!namedIn(said).every((p) => ctx.players.includes(p))) return null;
  const key = `${said.kind}.${said.n}`;
  switch (said.kind) {
    case "greet":
      return ctx.say(key);
    case "accuse": {
      const r = said.reason;
      const why = ctx.say(`why.${r.why}`, "who" in r ? { who: ctx.name(r.who) } : {});
      return ctx.say(key, { name: ctx.name(said.target), why });
    }
    case "defend":
      return ctx.say(key, { name: ctx.name(said.by) });
    case "claim":
    case "plan": {
      const result = resultText(said.result, ctx);
      return result === null ? null : ctx.say(key, { name: ctx.name(said.target), result });
    }
    case "agree":
    case "doubt":
      return ctx.say(key, { name: ctx.name(said.speaker), target: ctx.name(said.target) });
    case "tally":
      return ctx.say(key, { name: ctx.name(said.target), voter: ctx.name(said.voter) });
    default:
      return ctx.say(key, { name: ctx.name(said.target) });
  }
}

/** The text to show for a chat line: a bot line rendered, anything else as written. */
export function chatLineText(line: Pick<ChatLine, "from" | "text">, ctx: BotLineContext): string {
  const fromPlayer = ctx.players.includes(line.from);
  if (fromPlayer && !ctx.byBot(line.from)) return line.text;
  const said = parseBotLine(line.text);
  return (said && render(said, ctx)) ?? line.text;
}

const ROLES = new Set(["wolf", "seer", "guard", "witch", "hunter", "villager", "cupid", "thief", "little_girl"]);

/** `chatLineText` in the reader's language, for the players of a game (`player`: its display info). */
export function useChatLineText(players: readonly string[], player: (id: string) => { name: string; isBot: boolean }): (line: Pick<ChatLine, "from" | "text">) => string {
  const t = useTranslations("botChat");
  const tr = useTranslations("roles");
  const ctx: BotLineContext = {
    players,
    byBot: (from) => player(from).isBot,
    name: (id) => player(id).name,
    // Keys are built from a parsed line (kind, sentence number, reason): messages.test.ts and
    // bot-line.test.ts check every one exists in every language.
    say: (key, values) => t(key as "whoTonight", values),
    roleName: (role) => (ROLES.has(role) ? tr(`${role as "wolf"}.name`) : null),
  };
  return (line) => chatLineText(line, ctx);
}
