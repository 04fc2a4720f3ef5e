import { describe, expect, it } from "vitest";
import type { DeathRecord, TallyRecord } from "@/lib/game/werewolf/types";
import { cueKey, momentKey, momentOf } from "./moments";

const tally = (day: number, result: string | null, kind: TallyRecord["kind"] = "vote"): TallyRecord => ({ day, kind, votes: {}, counts: {}, result, tied: [] });
const death = (day: number, when: DeathRecord["when"], players: string[]): DeathRecord => ({ day, when, players });

describe("momentOf", () => {
  it("S-NIGHT-RESOLVE: day N breaks with night N's dawn deaths, names only; an empty dawn is everyone surviving", () => {
    const deaths = [death(1, "dawn", ["a", "b"]), death(1, "vote", ["c"]), death(2, "dawn", [])];
    expect(momentOf({ phase: "day", day: 1, deaths, tallies: [] })).toEqual({ kind: "dawn", key: "day:1", day: 1, dead: ["a", "b"] });
    expect(momentOf({ phase: "day", day: 2, deaths, tallies: [] })).toMatchObject({ kind: "dawn", dead: [] });
    // The Hunter's step after dawn is the same day: the same moment, not a new one.
    expect(momentKey({ phase: "hunter", day: 2 })).toBe("day:2");
  });

  it("S-VOTE-5: night N falls with day N−1's vote outcome (the re-vote's, never the Sheriff's) and who died after it", () => {
    const tallies = [tally(1, "s", "sheriff"), tally(1, null), tally(1, "c", "revote")];
    const deaths = [death(1, "dawn", ["a"]), death(1, "shot", ["h"]), death(1, "vote", ["c"]), death(1, "shot", ["d"])];
    expect(momentOf({ phase: "night.main", day: 2, deaths, tallies })).toEqual({ kind: "dusk", key: "night:2", day: 2, vote: { out: "c" }, others: ["d"] });
    expect(momentOf({ phase: "night.main", day: 2, deaths: [], tallies: [tally(1, null)] })).toMatchObject({ vote: { out: null }, others: [] });
    expect(momentOf({ phase: "night.thief", day: 1, deaths: [], tallies: [] })).toMatchObject({ kind: "dusk", vote: null, others: [] });
  });

  it("the end has no moment: the results are the moment", () => {
    expect(momentOf({ phase: "ended", day: 3, deaths: [], tallies: [] })).toBeNull();
  });
});

describe("cueKey", () => {
  const base = { phase: "night.main" as const, day: 1, candidates: null, ended: false, legal: [], alive: { me: true }, me: "me" };
  it("at night every living player is cued at every step, acting or not (a buzzing phone tells no role)", () => {
    expect(cueKey(base)).toBe("night.main:1:");
    expect(cueKey({ ...base, legal: [{ type: "bite", targets: ["x"] }] })).toBe("night.main:1:");
    expect(cueKey({ ...base, phase: "night.witch" })).toBe("night.witch:1:");
    expect(cueKey({ ...base, alive: { me: false } })).toBeNull();
  });
  it("by day only a turn (anything but chat) cues, once per step; a re-vote is a new step", () => {
    expect(cueKey({ ...base, phase: "day", legal: [{ type: "chat", channel: "day" }] })).toBeNull();
    expect(cueKey({ ...base, phase: "vote", legal: [{ type: "vote", targets: ["x"] }] })).toBe("vote:1:");
    expect(cueKey({ ...base, phase: "vote", candidates: ["x"], legal: [{ type: "vote", targets: ["x"] }] })).toBe("vote:1:re");
    expect(cueKey({ ...base, phase: "vote", ended: true, legal: [{ type: "vote", targets: ["x"] }] })).toBeNull();
  });
});
