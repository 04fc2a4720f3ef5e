// Catch the Witch's chat tabs (WH-P10): the table's by day, and the witches' by day for a witch.
import type { ChatChannel, WitchHuntView } from "@/lib/game/witch-hunt/types";

export interface ChatTab {
  channel: ChatChannel;
  day: number;
}

/**
 * Every day's table tab, and a witch's coven tab before it. An expelled witch no longer reads the
 * coven (team audience = members still in the game), so she keeps only the days whose lines she
 * can read (none in play; all at the end): never an empty tab she cannot read.
 */
export function chatTabs(v: WitchHuntView): ChatTab[] {
  const witch = v.role === "witch";
  const inCoven = witch && v.form[v.me] !== "expelled";
  const covenDays = new Set(v.chat.filter((c) => c.channel === "coven").map((c) => c.day));
  const out: ChatTab[] = [];
  for (let d = 1; d <= v.day; d++) {
    if (inCoven || (witch && covenDays.has(d))) out.push({ channel: "coven", day: d });
    out.push({ channel: "table", day: d });
  }
  return out;
}
