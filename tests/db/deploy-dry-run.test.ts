// The deploy dry run (scripts/deploy-dry-run/): supabase/migrations apply, as `supabase db push`
// applies them, to a database set up like a new Supabase project, as its non-superuser owner; and
// the run fails on a migration that errors or leaves a public table without row level security.
import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deployDryRun } from "../../scripts/deploy-dry-run/dry-run";
import { privatePostgresUnavailable, startPrivatePostgres, type PrivatePostgres } from "../faults/support/private-postgres";

const ROOT = path.resolve(import.meta.dirname, "../..");
const unavailable = privatePostgresUnavailable();
let pg: PrivatePostgres;
const copies: string[] = [];

/** A copy of supabase/ with one more migration. */
function withExtraMigration(sql: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "masoi-dry-run-"));
  copies.push(dir);
  cpSync(path.join(ROOT, "supabase/bootstrap"), path.join(dir, "bootstrap"), { recursive: true });
  cpSync(path.join(ROOT, "supabase/migrations"), path.join(dir, "migrations"), { recursive: true });
  writeFileSync(path.join(dir, "migrations/9999_extra.sql"), sql);
  return dir;
}

describe.skipIf(unavailable !== null)(`deploy dry run${unavailable ? ` (skipped: ${unavailable})` : ""}`, () => {
  beforeAll(async () => {
    pg = await startPrivatePostgres();
  }, 120_000);

  afterAll(() => {
    pg?.destroy();
    for (const d of copies) rmSync(d, { recursive: true, force: true });
  });

  it("applies every migration in order as the non-superuser owner and records each as db push does", async () => {
    const { database, applied } = await deployDryRun({ serverUrl: pg.url });
    const files = readdirSync(path.join(ROOT, "supabase/migrations")).filter((f) => f.endsWith(".sql")).sort();
    expect(applied).toEqual(files);
    const u = new URL(pg.url);
    u.pathname = `/${database}`;
    const sql = postgres(u.toString(), { max: 1, onnotice: () => {} });
    try {
      const rows = await sql<{ version: string }[]>`select version from supabase_migrations.schema_migrations order by version`;
      expect(rows.map((r) => r.version)).toEqual(files.map((f) => f.split("_")[0]));
      const [owner] = await sql<{ super: boolean }[]>`select rolsuper as super from pg_roles where rolname = 'deploy_owner'`;
      expect(owner.super).toBe(false);
    } finally {
      await sql.end();
    }
  }, 120_000);

  it("fails on a migration that errors, and names it", async () => {
    const dir = withExtraMigration("create table public.broken (id int references public.no_such_table (id));");
    await expect(deployDryRun({ serverUrl: pg.url, sqlDir: dir })).rejects.toThrow(/migration 9999_extra\.sql failed: .*no_such_table/);
  }, 120_000);

  it("fails when a migration leaves a public table without row level security or granted to anon", async () => {
    const dir = withExtraMigration("create table public.open_table (id int);");
    await expect(deployDryRun({ serverUrl: pg.url, sqlDir: dir })).rejects.toThrow(
      /public\.open_table has no row level security[\s\S]*anon may SELECT on public\.open_table/,
    );
  }, 120_000);
});
