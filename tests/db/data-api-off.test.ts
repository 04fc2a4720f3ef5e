// Migration 0022_data_api_off: on Supabase (an `authenticator` role, PostgREST's login) the Data
// API serves one empty schema, so no player token can read `game_events.id` through it; anywhere
// else the migration changes nothing.
import { describe, expect, it } from "vitest";
import { migrate } from "@/lib/db/migrate";
import { createPgliteDb } from "@/lib/db/pglite";
import { freshPglite } from "@/lib/db/testing";
import type { Db } from "@/lib/db/types";

const settingsOf = async (db: Db) =>
  (
    await db.tx((tx) =>
      tx.query<{ setting: string }>(
        `select unnest(setconfig) as setting from pg_db_role_setting
          where setrole = (select oid from pg_roles where rolname = 'authenticator')`,
      ),
    )
  ).map((r) => r.setting);

const objectsIn = (db: Db, schema: string) =>
  db.tx((tx) =>
    tx.query<{ n: number; exists: boolean }>(
      `select (select count(*)::int from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = $1)
            + (select count(*)::int from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = $1) as n,
              exists (select 1 from pg_namespace where nspname = $1) as exists`,
      [schema],
    ),
  );

describe("0022_data_api_off", () => {
  it("P-2, design §4: with PostgREST's authenticator role, its Data API serves only an empty schema", async () => {
    const db = await createPgliteDb(undefined);
    try {
      await db.exec("create role authenticator noinherit login");
      const heard: string[] = [];
      await db.listen("pgrst", (payload) => heard.push(payload));
      await migrate(db, { bootstrap: "always" });
      expect(await settingsOf(db)).toEqual(["pgrst.db_schemas=no_data_api"]);
      expect(await objectsIn(db, "no_data_api")).toEqual([{ n: 0, exists: true }]);
      // A running PostgREST is told to reload (at commit).
      await expect.poll(() => heard).toEqual(["reload config", "reload schema"]);
    } finally {
      await db.close();
    }
  }, 60_000);

  it("does nothing where there is no PostgREST (the embedded database, plain Postgres)", async () => {
    const db = await freshPglite();
    try {
      expect(await objectsIn(db, "no_data_api")).toEqual([{ n: 0, exists: false }]);
      expect(await settingsOf(db)).toEqual([]);
    } finally {
      await db.close();
    }
  });
});
