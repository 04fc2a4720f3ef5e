import type { WerewolfView } from "@/lib/game/werewolf/types";

/** One chat tab: a day's public chat or a night's wolf chat (S-CHAT-2, S-CHAT-3). */
export type ChatTab = { channel: "day" | "wolves"; n: number };
export const tabKey = (t: ChatTab) => `${t.channel}-${t.n}`;

const night = (phase: string) => phase.startsWith("night.");

/**
 * The tabs this player may read, in the order they happened: Night 1 wolves, Day 1, Night 2
 * wolves, Day 2, … (a night comes before the day of the same number).
 */
export function chatTabs(view: Pick<WerewolfView, "phase" | "day" | "ended" | "myRole" | "alive" | "chat">, me: string): ChatTab[] {
  const lastDay = night(view.phase) && !view.ended ? view.day - 1 : view.day;
  const tabs: ChatTab[] = [];
  for (let d = 1; d <= lastDay; d++) tabs.push({ channel: "day", n: d });
  const livingWolf = view.myRole === "wolf" && view.alive[me] !== false && !view.ended;
  const wolfNights = new Set(view.chat.filter((c) => c.channel === "wolves").map((c) => c.day));
  if (livingWolf) for (let d = 1; d <= view.day; d++) wolfNights.add(d);
  for (const d of wolfNights) tabs.push({ channel: "wolves", n: d });
  return tabs.sort((a, b) => a.n - b.n || (a.channel === "wolves" ? -1 : 1) - (b.channel === "wolves" ? -1 : 1));
}

/** The tab that matches "now": tonight's wolf chat for a living wolf at night, else the latest day. */
export function currentChatTab(phase: string, day: number, tabs: ChatTab[]): ChatTab | null {
  if (night(phase)) {
    const w = tabs.find((t) => t.channel === "wolves" && t.n === day);
    if (w) return w;
  }
  return [...tabs].reverse().find((t) => t.channel === "day") ?? tabs[tabs.length - 1] ?? null;
}
