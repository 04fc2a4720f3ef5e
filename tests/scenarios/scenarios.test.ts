// Runs every scenario under tests/scenarios/ through the scenario runner and compares the output
// with its `.expected.json` (reviewed by hand against ../shared/rules/werewolf.md; see
// docs/scenarios.md). UPDATE_SCENARIOS=1 rewrites the expected files instead — review the diff.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { expectedPathOf } from "../../scripts/scenario";
import { loadJson as load, scenarioFiles, itCoversRules, itMatchesExpected } from "../support/scenario-files";

const ROOT = path.resolve(__dirname);

/**
 * Every rule id of werewolf.md except the platform-level W-ROOM-* rules (rooms, lobby, names:
 * tested by the API suite, not by the engine).
 */
const RULE_IDS = [
  ...["P-1", "P-2", "P-3", "P-4", "P-5", "P-6"],
  ...["S-START-1", "S-START-2", "S-START-3", "S-FLOW-1", "S-FLOW-2", "S-FLOW-3", "S-FLOW-4", "S-FLOW-5"],
  ...["S-WOLF-1", "S-WOLF-2", "S-WOLF-3", "S-SEER-1", "S-SEER-2", "S-GUARD-1", "S-GUARD-2", "S-WITCH-1", "S-WITCH-2", "S-WITCH-3"],
  ...["S-NIGHT-RESOLVE", "S-HUNTER-1", "S-HUNTER-2", "S-CHAT-1", "S-CHAT-2", "S-CHAT-3", "S-CHAT-4", "S-CHAT-5"],
  ...["S-VOTE-1", "S-VOTE-2", "S-VOTE-3", "S-VOTE-4", "S-VOTE-5", "S-VOTE-6", "S-DEATH-1", "S-WIN-1", "S-END-1"],
  ...["C-SETUP-1", "C-SETUP-2", "C-REVEAL-1", "C-SEER-1", "C-NIGHT-1", "C-THIEF-1", "C-CUPID-1"],
  ...["C-LOVERS-1", "C-LOVERS-2", "C-LOVERS-3", "C-WITCH-1", "C-GIRL-1", "C-SHERIFF-1", "C-SHERIFF-2", "C-SHERIFF-3"],
  ...["C-VOTE-1", "C-WIN-1"],
];

/** Modes with their own suite in a subfolder (card-werewolf/scenarios.test.ts, witch-hunt.test.ts): not werewolf rules. */
const OWN_SUITES = ["card-werewolf", "witch-hunt"];
const files = scenarioFiles(ROOT).filter((f) => !OWN_SUITES.includes(path.relative(ROOT, f).split(path.sep)[0]));

describe("scenarios", () => {
  itCoversRules(files, RULE_IDS, 60);
  itMatchesExpected(ROOT, files);
});

describe("scenario CLI", () => {
  const cli = (file: string) =>
    spawnSync(process.execPath, ["--import", "tsx", path.resolve(ROOT, "../../scripts/scenario.ts"), file], { encoding: "utf8" });

  it("prints the one JSON object and exits 0 for a valid file (refused actions included)", () => {
    const file = path.join(ROOT, "standard/p-1-server-checks-everything.json");
    const r = cli(file);
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(load(expectedPathOf(file)));
  });

  it("exits 2 with the problem on stderr for an invalid file", () => {
    const r = cli(path.join(ROOT, "invalid/unknown-player-in-script.json"));
    expect(r.status).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/unknown player "zed"/);
  });

  it("exits 2 for a file that is not JSON", () => {
    const r = cli(path.resolve(ROOT, "../../package.json").replace("package.json", "README-not-there.json"));
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/cannot read JSON/);
  });
});

