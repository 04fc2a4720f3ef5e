// Deploy dry run: applies supabase/migrations, in file name order, to a fresh database that has
// only what a new Supabase project has (supabase-platform.sql), the way `supabase db push` does —
// as the non-superuser migration owner, one transaction per file together with its row in
// supabase_migrations.schema_migrations — and stops at the first error. Then checks what a
// deployment relies on: every public table has RLS, the API roles got no default grants back,
// the Data API points at the empty schema.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import postgres from "postgres";

export interface DryRunOptions {
  /** Superuser URL of a Postgres server whose roles this run may add to (a private cluster). */
  serverUrl: string;
  /** Folder with bootstrap/ and migrations/ (default: the repository's supabase/). */
  sqlDir?: string;
  log?: (line: string) => void;
}

export interface DryRunResult {
  database: string;
  applied: string[];
}

const HERE = path.dirname(new URL(import.meta.url).pathname);
const ROOT = path.resolve(HERE, "../..");
const OWNER = "deploy_owner";

function withDatabase(url: string, database: string, user?: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  if (user) u.username = user;
  return u.toString();
}

async function sqlFiles(dir: string): Promise<string[]> {
  return (await readdir(dir)).filter((n) => n.endsWith(".sql")).sort();
}

/** Rows that a check found; a deployment relies on each list being empty. */
async function problems(admin: postgres.Sql): Promise<string[]> {
  const found: string[] = [];
  const noRls = await admin<{ name: string }[]>`
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relrowsecurity`;
  for (const r of noRls) found.push(`public.${r.name} has no row level security`);
  const anonGrants = await admin<{ name: string; privilege: string }[]>`
    select table_name as name, privilege_type as privilege from information_schema.role_table_grants
    where grantee = 'anon' and table_schema = 'public'`;
  for (const r of anonGrants) found.push(`anon may ${r.privilege} on public.${r.name}`);
  const writes = await admin<{ name: string; privilege: string }[]>`
    select table_name as name, privilege_type as privilege from information_schema.role_table_grants
    where grantee = 'authenticated' and table_schema = 'public' and privilege_type <> 'SELECT'`;
  for (const r of writes) found.push(`authenticated may ${r.privilege} on public.${r.name}`);
  const [api] = await admin<{ settings: string[] | null }[]>`
    select s.setconfig as settings from pg_db_role_setting s join pg_roles r on r.oid = s.setrole
    where r.rolname = 'authenticator' and s.setdatabase = 0`;
  if (!api?.settings?.includes("pgrst.db_schemas=no_data_api")) found.push("the Data API still serves a schema (0022_data_api_off)");
  return found;
}

export async function deployDryRun(options: DryRunOptions): Promise<DryRunResult> {
  const dir = options.sqlDir ?? path.join(ROOT, "supabase");
  const log = options.log ?? (() => {});
  const database = `deploy_dry_run_${process.pid}_${Date.now()}`;
  const server = postgres(options.serverUrl, { max: 1, onnotice: () => {} });
  try {
    await server.unsafe(`do $$ begin
      if to_regrole('${OWNER}') is null then create role ${OWNER} login nosuperuser createrole createdb bypassrls; end if;
    end $$`);
    await server.unsafe(`create database ${database} owner ${OWNER}`);
  } finally {
    await server.end();
  }
  log(`database ${database}`);

  const admin = postgres(withDatabase(options.serverUrl, database), { max: 1, onnotice: () => {} });
  const owner = postgres(withDatabase(options.serverUrl, database, OWNER), {
    max: 1,
    onnotice: (n) => log(`  notice: ${n.message}`),
  });
  try {
    // The platform, as Supabase sets it up: its roles and vault, and its auth/realtime schemas
    // (modelled by supabase/bootstrap; 0001_roles is replaced by the fuller role set above).
    await admin.unsafe(await readFile(path.join(HERE, "supabase-platform.sql"), "utf8"));
    for (const f of ["0002_auth.sql", "0003_realtime.sql"]) {
      await admin.unsafe(await readFile(path.join(dir, "bootstrap", f), "utf8"));
    }
    await admin.unsafe(await readFile(path.join(HERE, "supabase-ownership.sql"), "utf8"));

    await owner.unsafe(`create table if not exists supabase_migrations.schema_migrations (
      version text primary key, statements text[], name text)`);
    const applied: string[] = [];
    for (const file of await sqlFiles(path.join(dir, "migrations"))) {
      const text = await readFile(path.join(dir, "migrations", file), "utf8");
      const [version, ...rest] = file.replace(/\.sql$/, "").split("_");
      try {
        await owner.begin(async (tx) => {
          await tx.unsafe(text);
          await tx`insert into supabase_migrations.schema_migrations (version, name, statements)
                   values (${version}, ${rest.join("_")}, ${[text]})`;
        });
      } catch (e) {
        throw new Error(`migration ${file} failed: ${(e as Error).message}`, { cause: e });
      }
      applied.push(file);
      log(`applied ${file}`);
    }

    const found = await problems(admin);
    if (found.length > 0) throw new Error(`after the migrations:\n${found.map((p) => `  - ${p}`).join("\n")}`);
    return { database, applied };
  } finally {
    await owner.end();
    await admin.end();
  }
}
