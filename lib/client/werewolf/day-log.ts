// The public log of one day tab: chat lines and system lines (dawn deaths, Hunter shots, lovers,
// tallies) in the order they happened (S-CHAT-4: system lines carry public facts only).
import type { ChatLine, DeathRecord, TallyRecord } from "@/lib/game/werewolf/types";

export type DayItem =
  | { kind: "chat"; line: ChatLine }
  | { kind: "deaths"; death: DeathRecord }
  | { kind: "tally"; tally: TallyRecord; followedByRevote: boolean };

/** A tied vote that leads to a re-vote (C-VOTE-1): the next tally is the re-vote, or one is under way. */
export const tieGoesToRevote = (tallies: readonly TallyRecord[], i: number, revoting: boolean): boolean => {
  const x = tallies[i];
  if (x.kind !== "vote" || x.result !== null || x.tied.length < 2) return false;
  const next = tallies[i + 1];
  return next ? next.kind === "revote" && next.day === x.day : revoting;
};

/** A record may carry the time of the event that made it (chat lines always do). */
const timeOf = (r: object): number | null => ("at" in r && typeof r.at === "number" ? r.at : null);

/**
 * Orders a day's items by event time. Records that carry their event's `at` are placed by it.
 * Records that don't are placed by the day's structure, which is exact because public chat is
 * only open during the discussion (S-FLOW-3): deaths before the vote's own death (dawn, a Hunter
 * shot at dawn, a lover following them) happened before every message; tallies (sheriff, vote,
 * re-vote) and the deaths they cause (the voted-out player, a shot, a lover) after every message.
 * The dawn record itself is the header line of the tab, not an item here.
 */
export function dayItems(
  day: number,
  chat: readonly ChatLine[],
  deaths: readonly DeathRecord[],
  tallies: readonly TallyRecord[],
  /** A re-vote is under way (the view's `candidates` are set). */
  revoting = false,
): DayItem[] {
  const before: DayItem[] = [];
  const after: DayItem[] = [];
  const timed: { at: number; item: DayItem }[] = [];
  const place = (item: DayItem, rec: object, late: boolean) => {
    const at = timeOf(rec);
    if (at !== null) timed.push({ at, item });
    else (late ? after : before).push(item);
  };
  let voted = false;
  for (const d of deaths) {
    if (d.day !== day || d.when === "dawn") continue;
    if (d.when === "vote") {
      voted = true;
      continue; // the tally line names the voted-out player
    }
    place({ kind: "deaths", death: d }, d, voted);
  }
  const dayTallies = tallies.filter((x) => x.day === day);
  // Tallies come before the deaths they cause: a stable merge keeps that once times are known.
  const lateDeaths = after.splice(0);
  dayTallies.forEach((tally, i) => place({ kind: "tally", tally, followedByRevote: tieGoesToRevote(dayTallies, i, revoting) }, tally, true));
  after.push(...lateDeaths);
  for (const line of chat) if (line.channel === "day" && line.day === day) timed.push({ at: line.at, item: { kind: "chat", line } });
  // Array.prototype.sort is stable: equal times keep the order the events were folded in.
  timed.sort((a, b) => a.at - b.at);
  return [...before, ...timed.map((x) => x.item), ...after];
}
