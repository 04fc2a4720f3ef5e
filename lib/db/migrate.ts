// Applies supabase/bootstrap (only where Supabase is absent) then supabase/migrations, in file
// name order, each file once, recorded in app.schema_migrations. One transaction under an
// advisory lock, so processes booting at the same time migrate once and a failure applies nothing.
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { Db, Tx } from "./types";

export interface SqlFile {
  /** `bootstrap/0001_roles.sql` or `migrations/0002_rooms.sql`: the recorded name. */
  name: string;
  sql: string;
}

export interface MigrateOptions {
  /** Folder holding bootstrap/ and migrations/ (default: see sqlDir). */
  dir?: string;
  /**
   * Whether to apply bootstrap/: "auto" (default) detects Supabase; `MASOI_DB_BOOTSTRAP=always|never`
   * overrides it.
   */
  bootstrap?: "auto" | "always" | "never";
}

const LOCK_KEY = 7_262_531_001; // any constant shared by every process migrating this database

/** `dir`, else `$MASOI_SQL_DIR`, else the nearest `supabase/` with migrations from the cwd up. */
export function sqlDir(dir?: string): string {
  const given = dir ?? process.env.MASOI_SQL_DIR;
  if (given) return given;
  for (let at = process.cwd(); ; at = path.dirname(at)) {
    const candidate = path.join(at, "supabase");
    if (existsSync(path.join(candidate, "migrations"))) return candidate;
    if (path.dirname(at) === at) throw new Error(`no supabase/migrations above ${process.cwd()}; set MASOI_SQL_DIR`);
  }
}

async function readFolder(root: string, folder: string): Promise<SqlFile[]> {
  const names = (await readdir(path.join(root, folder))).filter((n) => n.endsWith(".sql")).sort();
  return Promise.all(
    names.map(async (n) => ({ name: `${folder}/${n}`, sql: await readFile(path.join(root, folder, n), "utf8") })),
  );
}

/** The SQL files in apply order; also used to key cached test snapshots. */
export async function loadSqlFiles(dir?: string): Promise<{ bootstrap: SqlFile[]; migrations: SqlFile[] }> {
  const root = sqlDir(dir);
  return { bootstrap: await readFolder(root, "bootstrap"), migrations: await readFolder(root, "migrations") };
}

/** Supabase ships the `supabase_admin` role and the `supabase_realtime` publication. */
async function isSupabase(tx: Tx): Promise<boolean> {
  const [row] = await tx.query<{ supabase: boolean }>(
    `select to_regrole('supabase_admin') is not null
         or exists (select 1 from pg_publication where pubname = 'supabase_realtime') as supabase`,
  );
  return row.supabase;
}

/** Returns the names of the files applied now (empty when the database was up to date). */
export async function migrate(db: Db, options: MigrateOptions = {}): Promise<string[]> {
  const files = await loadSqlFiles(options.dir);
  const mode = options.bootstrap ?? (process.env.MASOI_DB_BOOTSTRAP as MigrateOptions["bootstrap"]) ?? "auto";
  return db.tx(async (tx) => {
    await tx.query("select pg_advisory_xact_lock($1)", [LOCK_KEY]);
    await tx.exec(`
      create schema if not exists app;
      create table if not exists app.schema_migrations (
        name text primary key,
        checksum text not null,
        applied_at timestamptz not null default now()
      );
      revoke all on table app.schema_migrations from public;
    `);
    const done = new Set(
      (await tx.query<{ name: string }>("select name from app.schema_migrations")).map((r) => r.name),
    );
    const withBootstrap = mode === "always" || (mode !== "never" && !(await isSupabase(tx)));
    const pending = [...(withBootstrap ? files.bootstrap : []), ...files.migrations].filter(
      (f) => !done.has(f.name),
    );
    for (const file of pending) {
      try {
        await tx.exec(file.sql);
      } catch (e) {
        throw new Error(`migration ${file.name} failed: ${(e as Error).message}`, { cause: e });
      }
      await tx.query("insert into app.schema_migrations (name, checksum) values ($1, $2)", [
        file.name,
        createHash("sha256").update(file.sql).digest("hex"),
      ]);
    }
    return pending.map((f) => f.name);
  });
}
