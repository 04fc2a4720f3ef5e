// Runs the edge function's own Deno type-check and tests, so `npm test` covers supabase/functions.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "../..");
const deno = path.join(root, "node_modules", ".bin", "deno");
const fn = "supabase/functions/advance";

function run(args: string[]) {
  const r = spawnSync(deno, args, { cwd: root, encoding: "utf8", env: { ...process.env, NO_COLOR: "1" }, timeout: 240_000 });
  return { status: r.status, out: `${r.stdout}\n${r.stderr}` };
}

describe.skipIf(!existsSync(deno))("edge function `advance` under Deno", () => {
  it("type-checks (deno check)", () => {
    // From the project root: Deno picks up the function's deno.json and the root node_modules.
    const r = run(["check", `${fn}/index.ts`, `${fn}/advance.test.ts`]);
    expect(r.out).not.toMatch(/error/i);
    expect(r.status).toBe(0);
  }, 240_000);

  it("S-FLOW-5: its Deno tests pass (deno test)", () => {
    const r = run(["test", "-A", fn]);
    expect(r.status, r.out).toBe(0);
    if (process.env.TEST_DATABASE_URL) expect(r.out).not.toMatch(/ignored/);
  }, 240_000);
});
