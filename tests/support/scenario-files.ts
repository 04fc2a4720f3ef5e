// What every mode's scenario suite does with its folder: list the files, check the rule ids they
// name cover the mode's rules, and compare each run with its reviewed `.expected.json`
// (UPDATE_SCENARIOS=1 rewrites the expected files instead — review the diff).
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { expectedPathOf, formatOutput, runScenario, type ModeLookup } from "../../scripts/scenario";

const UPDATE = process.env.UPDATE_SCENARIOS === "1";

/** Scenario files under `dir` (not their expected outputs), sorted. */
export function scenarioFiles(dir: string): string[] {
  const walk = (d: string): string[] =>
    readdirSync(d, { withFileTypes: true }).flatMap((e) => {
      const p = path.join(d, e.name);
      if (e.isDirectory()) return walk(p);
      return e.name.endsWith(".json") && !e.name.endsWith(".expected.json") ? [p] : [];
    });
  return walk(dir).sort();
}

export const loadJson = (p: string) => JSON.parse(readFileSync(p, "utf8"));
/** Invalid files live under invalid/: their expected file holds the problem the runner names. */
export const isInvalidCase = (root: string, p: string) => path.relative(root, p).startsWith(`invalid${path.sep}`);

/** Each file names the rule ids it proves, all known, and together they cover every id. */
export function itCoversRules(files: string[], ruleIds: readonly string[], atLeast: number): void {
  it(`ship at least ${atLeast} scenarios, each naming the rule ids it proves, together covering every rule`, () => {
    expect(files.length).toBeGreaterThanOrEqual(atLeast);
    const covered = new Set<string>();
    for (const f of files) {
      const rules: unknown = loadJson(f).rules;
      expect(Array.isArray(rules) && rules.length > 0, `${f} names no rules`).toBe(true);
      for (const r of rules as string[]) {
        expect(ruleIds, `${f}: unknown rule id ${r}`).toContain(r);
        covered.add(r);
      }
    }
    expect(ruleIds.filter((r) => !covered.has(r))).toEqual([]);
  });
}

/** One test per file: its run (or, under invalid/, its problem) equals the reviewed expected file. */
export function itMatchesExpected(root: string, files: string[], lookup?: ModeLookup): void {
  for (const file of files) {
    it(`${path.relative(root, file)}: ${(loadJson(file).rules ?? []).join(", ")}`, () => {
      const result = runScenario(loadJson(file), lookup);
      const expectedPath = expectedPathOf(file);
      const invalid = isInvalidCase(root, file);
      const text = result.ok ? formatOutput(result.output) : `${JSON.stringify({ invalid: result.problem }, null, 2)}\n`;
      if (UPDATE) writeFileSync(expectedPath, text);
      expect(existsSync(expectedPath), `missing ${expectedPath} (run with UPDATE_SCENARIOS=1 and review)`).toBe(true);
      expect(result.ok, result.ok ? "an invalid scenario ran" : result.problem).toBe(!invalid);
      expect(JSON.parse(text)).toEqual(loadJson(expectedPath));
    });
  }
}
