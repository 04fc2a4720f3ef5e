// Runs every Catch-the-Witch scenario under witch-hunt/ through the registry and compares with its
// `.expected.json` (reviewed by hand against ../shared/rules/witch-hunt.md). UPDATE_SCENARIOS=1
// rewrites the expected files instead — review the diff. Werewolf's are scenarios.test.ts's.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runScenario } from "../../scripts/scenario";
import { isInvalidCase, itCoversRules, itMatchesExpected, loadJson as load, scenarioFiles } from "../support/scenario-files";

const ROOT = path.join(__dirname, "witch-hunt");

/** Every WH- id of rules/witch-hunt.md: R1–R44 and P1–P13. */
export const WH_RULE_IDS = [...Array.from({ length: 44 }, (_, i) => `WH-R${i + 1}`), ...Array.from({ length: 13 }, (_, i) => `WH-P${i + 1}`)];

const files = scenarioFiles(ROOT);

describe("witch-hunt scenarios", () => {
  itCoversRules(files, WH_RULE_IDS, 50);

  it("WH-R12: every win path has a scenario that ends on it", () => {
    const reasons = new Set<string>();
    for (const f of files.filter((x) => !isInvalidCase(ROOT, x))) {
      const r = runScenario(load(f));
      if (r.ok) for (const e of r.output.events) if (e.type === "game_ended") reasons.add(`${String(e.winner)}:${String(e.reason)}`);
    }
    expect([...reasons].sort()).toEqual([
      "clown:clown_expelled",
      "village:all_witches_expelled",
      "village:all_witches_frogs",
      "village:knight_vote",
      "village:seal",
      "witches:knight_vote_failed",
      "witches:witches_take_village",
    ]);
  });

  itMatchesExpected(ROOT, files);
});
