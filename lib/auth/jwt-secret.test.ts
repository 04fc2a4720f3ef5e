// W-ROOM-5: the embedded key is kept with the data it signs sessions for — in the data folder, or,
// for an in-memory database, in memory (no folder is created for it).
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const saved = { ...process.env };
let cwd: string;

beforeEach(() => {
  vi.resetModules();
  delete process.env.MASOI_JWT_SECRET;
  cwd = mkdtempSync(path.join(os.tmpdir(), "masoi-jwt-"));
  vi.spyOn(process, "cwd").mockReturnValue(cwd);
});

afterEach(() => {
  vi.restoreAllMocks();
  process.env = { ...saved };
  rmSync(cwd, { recursive: true, force: true });
});

describe("jwtSecret", () => {
  it("W-ROOM-5: an on-disk data folder keeps the key, so sessions survive a restart", async () => {
    process.env.MASOI_DATA_DIR = path.join(cwd, "data");
    const first = await (await import("./jwt-secret")).jwtSecret();
    vi.resetModules();
    const again = await (await import("./jwt-secret")).jwtSecret();
    expect(Buffer.from(again).toString()).toBe(Buffer.from(first).toString());
    expect(readFileSync(path.join(cwd, "data", "jwt-secret"), "utf8")).toBe(Buffer.from(first).toString());
  });

  it("W-ROOM-5: with an in-memory database the key stays in memory: no folder named 'memory' is written", async () => {
    process.env.MASOI_DATA_DIR = "memory";
    const key = await (await import("./jwt-secret")).jwtSecret();
    expect(key.length).toBeGreaterThanOrEqual(32);
    expect(existsSync(path.join(cwd, "memory"))).toBe(false);
    expect(existsSync("memory")).toBe(false);
  });
});
