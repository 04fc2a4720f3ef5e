// A chat line as the reader sees it: a line a bot wrote is its canonical machine form
// (lib/game/werewolf/bot-lines.ts), rendered here in the reader's language with display names
// (issue 21: readers saw "I suspect ca8d455b-…" in English). A person's words are shown as typed.
"use client";
import { useTranslations } from "next-intl";
import { parseBotLine } from "@/lib/game/werewolf/bot-lines";
import type { ChatLine } from "@/lib/game/werewolf/types";

/** What rendering needs to know of the table and the language. */
export interface BotLineContext {
  /** The game's players (a line names no one else). */
  players: readonly string[];
  /** Whether the author is a bot member; a Little Girl's copy ("Wolf N") may be one. */
  byBot: (from: string) => boolean;
  name: (id: string) => string;
  /** The botChat message of `key` with `values`. */
  say: (key: "claimWolf" | "claimVillage" | "claimRole" | "accuse" | "whoTonight", values?: Record<string, string>) => string;
  /** A role's name in the reader's language, or null for no such role. */
  roleName: (role: string) => string | null;
}

/** The text to show for a chat line: a bot line rendered, anything else as written. */
export function chatLineText(line: Pick<ChatLine, "from" | "text">, ctx: BotLineContext): string {
  const fromPlayer = ctx.players.includes(line.from);
  if (fromPlayer && !ctx.byBot(line.from)) return line.text;
  const said = parseBotLine(line.text);
  if (said === null) return line.text;
  if (said.kind === "whoTonight") return ctx.say("whoTonight");
  if (!ctx.players.includes(said.target)) return line.text;
  const name = ctx.name(said.target);
  if (said.kind === "accuse") return ctx.say("accuse", { name });
  if (said.result === "wolf") return ctx.say("claimWolf", { name });
  if (said.result === "village") return ctx.say("claimVillage", { name });
  const role = ctx.roleName(said.result);
  return role === null ? line.text : ctx.say("claimRole", { name, role });
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
    say: (key, values) => t(key, values),
    roleName: (role) => (ROLES.has(role) ? tr(`${role as "wolf"}.name`) : null),
  };
  return (line) => chatLineText(line, ctx);
}
