// supabase/config.toml (what `supabase start`/`link`/`functions deploy` read) holds the settings
// the app relies on, in agreement with the migrations, the edge functions and the local stand-ins.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseTomlSubset, type TomlTable } from "../support/toml-subset";

const ROOT = path.resolve(import.meta.dirname, "../..");
const read = (file: string) => readFileSync(path.join(ROOT, file), "utf8");
const config = parseTomlSubset(read("supabase/config.toml"));
const table = (name: string) => name.split(".").reduce<TomlTable>((t, k) => t[k] as TomlTable, config);

describe("supabase/config.toml", () => {
  it("enables anonymous sign-ins (players sign in with only a name), Realtime, Auth and the edge runtime", () => {
    expect(table("auth").enable_anonymous_sign_ins).toBe(true);
    expect(table("auth").enable_signup).toBe(true);
    for (const service of ["api", "auth", "realtime", "edge_runtime"]) expect(table(service).enabled, service).toBe(true);
  });

  it("serves the Data API only the empty schema migration 0022 points PostgREST at", () => {
    const schema = /pgrst\.db_schemas = '([a-z_]+)'/.exec(read("supabase/migrations/0022_data_api_off.sql"))?.[1];
    expect(schema).toBe("no_data_api");
    expect(table("api").schemas).toEqual([schema]);
  });

  it("S-FLOW-5: every edge function has its entry, and `advance` (called by Cron with its own secret) skips JWT verification", () => {
    const dirs = readdirSync(path.join(ROOT, "supabase/functions"), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
    expect(Object.keys(table("functions")).sort()).toEqual(dirs.sort());
    for (const name of dirs) expect(existsSync(path.join(ROOT, "supabase/functions", name, "index.ts")), name).toBe(true);
    expect(table("functions.advance").verify_jwt).toBe(false);
    expect(read("supabase/migrations/0100_supabase_cron.sql")).toContain("'/functions/v1/advance'");
  });

  it("runs the functions on the Deno major they are tested with, and the database major the tests use", () => {
    const deno = (JSON.parse(read("package.json")) as { devDependencies: Record<string, string> }).devDependencies.deno;
    expect(table("edge_runtime").deno_version).toBe(Number(deno.split(".")[0]));
    expect(table("db").major_version).toBe(15);
  });

  it("keeps the token lifetimes the local Auth server stands in for (1 h access tokens, 10 s refresh reuse)", () => {
    const auth = read("tests/supabase-local/services.ts");
    expect(table("auth").jwt_expiry).toBe(Number(/jwtExpiry \?\? (\d+)/.exec(auth)?.[1]));
    expect(table("auth").enable_refresh_token_rotation).toBe(true);
    expect(table("auth").refresh_token_reuse_interval).toBe(Number(/refreshReuseInterval \?\? (\d+)/.exec(auth)?.[1]));
  });
});

describe("the TOML reader", () => {
  it("reads tables, strings, numbers, booleans and arrays; refuses what it does not know", () => {
    expect(parseTomlSubset('a = 1\n[b.c]\nd = "x # y" # note\ne = [true, "f"]\n')).toEqual({ a: 1, b: { c: { d: "x # y", e: [true, "f"] } } });
    expect(() => parseTomlSubset("a = 1.5")).toThrow(/unsupported value/);
    expect(() => parseTomlSubset("[a]\n[a]")).toThrow(/twice/);
    expect(() => parseTomlSubset("a = { b = 1 }")).toThrow(/unsupported/);
    expect(() => parseTomlSubset('a = """x"""')).toThrow(/unexpected/);
  });
});
