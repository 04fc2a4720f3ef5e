// Runs every Catch-the-Witch scenario under scenarios/ and compares with its `.expected.json`
// (reviewed by hand against ../shared/rules/witch-hunt.md). UPDATE_SCENARIOS=1 rewrites the
// expected files instead — review the diff. Lives beside the mode, not in tests/scenarios/, until
// the mode is registered (the main suite runs every file there through the registry).
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { expectedPathOf, formatOutput } from "../../../scripts/scenario";
import { runWitchHuntScenario } from "./scenario";

const ROOT = path.join(__dirname, "scenarios");
const UPDATE = process.env.UPDATE_SCENARIOS === "1";

/** Every WH- id of rules/witch-hunt.md: R1–R44 and P1–P13. */
export const WH_RULE_IDS = [...Array.from({ length: 44 }, (_, i) => `WH-R${i + 1}`), ...Array.from({ length: 13 }, (_, i) => `WH-P${i + 1}`)];

function scenarioFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name);
    if (d.isDirectory()) return scenarioFiles(p);
    return d.name.endsWith(".json") && !d.name.endsWith(".expected.json") ? [p] : [];
  });
}

const files = scenarioFiles(ROOT).sort();
const load = (p: string) => JSON.parse(readFileSync(p, "utf8"));
const isInvalidCase = (p: string) => path.relative(ROOT, p).startsWith(`invalid${path.sep}`);

describe("witch-hunt scenarios", () => {
  it("ship at least 50 scenarios, each naming its WH- ids, together covering every rule and proposal", () => {
    expect(files.length).toBeGreaterThanOrEqual(50);
    const covered = new Set<string>();
    for (const f of files) {
      const rules: unknown = load(f).rules;
      expect(Array.isArray(rules) && rules.length > 0, `${f} names no rules`).toBe(true);
      for (const r of rules as string[]) {
        expect(WH_RULE_IDS, `${f}: unknown rule id ${r}`).toContain(r);
        covered.add(r);
      }
    }
    expect(WH_RULE_IDS.filter((r) => !covered.has(r))).toEqual([]);
  });

  it("WH-R12: every win path has a scenario that ends on it", () => {
    const reasons = new Set<string>();
    for (const f of files.filter((x) => !isInvalidCase(x))) {
      const r = runWitchHuntScenario(load(f));
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

  for (const file of files) {
    const name = path.relative(ROOT, file);
    it(`${name}: ${(load(file).rules ?? []).join(", ")}`, () => {
      const result = runWitchHuntScenario(load(file));
      const expectedPath = expectedPathOf(file);
      const text = result.ok ? formatOutput(result.output) : `${JSON.stringify({ invalid: result.problem }, null, 2)}\n`;
      expect(result.ok, `${name}: ${result.ok ? "" : result.problem}`).toBe(!isInvalidCase(file));
      if (UPDATE) writeFileSync(expectedPath, text);
      expect(existsSync(expectedPath), `${expectedPath} missing (UPDATE_SCENARIOS=1 writes it)`).toBe(true);
      expect(text).toBe(readFileSync(expectedPath, "utf8"));
    });
  }
});
