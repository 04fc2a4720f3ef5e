// Runs every Werewolf card game scenario in this folder and compares with its `.expected.json`
// (reviewed by hand against ../shared/rules/card-werewolf.md). UPDATE_SCENARIOS=1 rewrites the
// expected files instead — review the diff. The runner finds the mode in the registry.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { expectedPathOf, runScenario } from "../../../scripts/scenario";
import { isInvalidCase, itCoversRules, itMatchesExpected, loadJson as load, scenarioFiles } from "../../support/scenario-files";

const ROOT = path.resolve(__dirname);

/** Every CW- id of rules/card-werewolf.md: R1–R47 and P1–P12. */
export const CW_RULE_IDS = [...Array.from({ length: 47 }, (_, i) => `CW-R${i + 1}`), ...Array.from({ length: 12 }, (_, i) => `CW-P${i + 1}`)];

const files = scenarioFiles(ROOT);
const runs = () => files.filter((f) => !isInvalidCase(ROOT, f)).map((f) => runScenario(load(f)));

describe("card-werewolf scenarios", () => {
  itCoversRules(files, CW_RULE_IDS, 50);

  it("CW-R32: both win paths, by day and by night, end a scenario", () => {
    const ends = new Set<string>();
    for (const r of runs()) {
      if (!r.ok) continue;
      const last = r.output.events.filter((e) => e.type === "died").at(-1);
      for (const e of r.output.events) if (e.type === "game_ended") ends.add(`${String(e.winner)}:${last?.cause === "claw" ? "night" : "day"}`);
    }
    expect([...ends].sort()).toEqual(["village:day", "werewolves:day", "werewolves:night"]);
  });

  it("CW-R20, CW-P10, CW-R38: the Howling Wolf tie, a cancelled card and a Full Moon holder each appear", () => {
    const events = runs().flatMap((r) => (r.ok ? r.output.events : []));
    expect(events.some((e) => e.type === "execution" && (e.tied as string[]).length > 1)).toBe(true);
    expect(events.some((e) => e.type === "cancelled")).toBe(true);
    expect(events.some((e) => e.type === "viewed")).toBe(true);
  });

  itMatchesExpected(ROOT, files);
});

describe("scenario CLI with the card game", () => {
  it("npm run scenario runs a card-werewolf file (the registry finds it)", () => {
    const file = path.join(ROOT, "seer-basic-shows-role.json");
    const r = spawnSync(process.execPath, ["--import", "tsx", path.resolve(ROOT, "../../../scripts/scenario.ts"), file], { encoding: "utf8" });
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(load(expectedPathOf(file)));
  });
});
