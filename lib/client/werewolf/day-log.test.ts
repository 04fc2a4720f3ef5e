import { describe, expect, it } from "vitest";
import type { ChatLine, DeathRecord, TallyRecord } from "@/lib/game/werewolf/types";
import { dayItems, type DayItem } from "./day-log";

const chat = (day: number, text: string, at: number): ChatLine => ({ day, channel: "day", from: "p1", text, at });
const tally = (day: number, kind: TallyRecord["kind"], result: string | null, extra: Partial<TallyRecord> = {}): TallyRecord => ({
  day,
  kind,
  votes: {},
  counts: {},
  result,
  tied: [],
  ...extra,
});
const label = (i: DayItem) =>
  i.kind === "chat" ? `chat:${i.line.text}` : i.kind === "deaths" ? `${i.death.when}:${i.death.players.join("+")}` : `${i.tally.kind}:${i.tally.result ?? "-"}${i.followedByRevote ? ":tie" : ""}`;

describe("day log order (S-CHAT-2, S-CHAT-4: system lines among the day's messages by event time)", () => {
  it("S-HUNTER-1: a Hunter shot at dawn comes before the day's messages, a shot after the vote after them", () => {
    const deaths: DeathRecord[] = [
      { day: 2, when: "dawn", players: ["h"] },
      { day: 2, when: "shot", players: ["w1"] },
      { day: 2, when: "vote", players: ["h2"] },
      { day: 2, when: "shot", players: ["v1"] },
      { day: 1, when: "shot", players: ["x"] },
    ];
    const items = dayItems(2, [chat(2, "a", 10), chat(2, "b", 20), chat(1, "old", 5)], deaths, [tally(1, "vote", null), tally(2, "vote", "h2")]);
    expect(items.map(label)).toEqual(["shot:w1", "chat:a", "chat:b", "vote:h2", "shot:v1"]);
  });

  it("C-LOVERS-1 C-SHERIFF-1 C-VOTE-1: lovers follow their death, sheriff and tie re-vote tallies follow the discussion", () => {
    const deaths: DeathRecord[] = [
      { day: 1, when: "dawn", players: ["a"] },
      { day: 1, when: "lovers", players: ["b"] },
      { day: 1, when: "vote", players: ["c"] },
      { day: 1, when: "lovers", players: ["d"] },
    ];
    const tallies = [tally(1, "sheriff", "s"), tally(1, "vote", null, { tied: ["c", "e"] }), tally(1, "revote", "c")];
    // During the re-vote's discussion the tie is already announced as one.
    expect(dayItems(1, [], [], tallies.slice(0, 2), true).map(label)).toEqual(["sheriff:s", "vote:-:tie"]);
    expect(dayItems(1, [], [], tallies.slice(0, 2), false).map(label)).toEqual(["sheriff:s", "vote:-"]);
    expect(dayItems(1, [chat(1, "hi", 1)], deaths, tallies).map(label)).toEqual([
      "lovers:b",
      "chat:hi",
      "sheriff:s",
      "vote:-:tie",
      "revote:c",
      "lovers:d",
    ]);
  });

  it("places records by their own event time when they carry one", () => {
    const deaths = [{ day: 3, when: "shot", players: ["w"], at: 15 } as DeathRecord];
    const tallies = [{ ...tally(3, "vote", null), at: 25 } as TallyRecord];
    expect(dayItems(3, [chat(3, "x", 10), chat(3, "y", 20), chat(3, "z", 30)], deaths, tallies).map(label)).toEqual([
      "chat:x",
      "shot:w",
      "chat:y",
      "vote:-",
      "chat:z",
    ]);
  });

  it("ignores wolf chat and other days", () => {
    const wolf: ChatLine = { day: 1, channel: "wolves", from: "w", text: "secret", at: 3 };
    expect(dayItems(1, [wolf, chat(2, "later", 9)], [], []).map(label)).toEqual([]);
  });
});
