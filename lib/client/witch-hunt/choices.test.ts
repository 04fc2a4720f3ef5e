// The host's Absent offer (choices.ts absentCandidates) read from the host's own view, against the
// engine's list of whom a step waits for (absent.ts pending), over random games.
import { describe, expect, it } from "vitest";
import { seedRng } from "@/lib/game/core/rng";
import { pending } from "@/lib/game/witch-hunt/absent";
import { witchHunt } from "@/lib/game/witch-hunt/mode";
import { randomMove } from "@/lib/game/witch-hunt/random-play";
import { absentCandidates } from "./choices";

const EPOCH = Date.UTC(2025, 0, 1);
const FIXED = ["day.guard", "day.witch", "quarrel", "ended"];
const TIMED = ["day.pick", "discussion", "proposal", "yesno", "vote"];

describe("absentCandidates", () => {
  it("WH-R14, WH-R24, WH-R26, WH-P12: the host is offered everyone an untimed step waits for, never an Absent player, nobody in a fixed or timed step", () => {
    let checked = 0;
    for (const [count, timed] of [[4, false], [6, false], [8, true], [12, false]] as const) {
      const players = Array.from({ length: count }, (_, i) => `p${i + 1}`);
      const start = witchHunt.setup({ timed, timeScale: 1 }, players, { now: EPOCH, seed: count });
      if (!start.ok) throw new Error(start.error.message);
      let s = start.value.state;
      let now = EPOCH;
      const rng = seedRng(count);
      for (let moves = 0; moves < 3000 && s.phase !== "ended"; moves++) {
        const offered = absentCandidates(witchHunt.viewFor(s, "p1"));
        const waiting = pending(s).filter((p) => !s.absent.includes(p));
        if (FIXED.includes(s.phase) || (timed && TIMED.includes(s.phase))) expect(offered, s.phase).toEqual([]);
        else for (const p of waiting) expect(offered, `${p} in ${s.phase}`).toContain(p);
        for (const p of offered) expect(s.absent).not.toContain(p);
        checked++;
        const m = randomMove(rng, s);
        if (m.kind === "advance") {
          if (s.deadline === null) break;
          now = Math.max(now, s.deadline);
          s = witchHunt.advance(s, { now, hostId: "p1" }).state;
          continue;
        }
        const r = witchHunt.act(s, m.kind === "absent" ? "p1" : m.player, m.kind === "absent" ? { type: "mark_absent", player: m.player } : m.action, { now, hostId: "p1" });
        if (r.ok) s = r.value.state;
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });
});
