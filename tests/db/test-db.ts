// Runs a describe block once per database driver: PGlite always, real Postgres when
// TEST_DATABASE_URL is set (CI). Each block gets its own fresh, migrated database.
import { afterAll, afterEach, beforeAll, beforeEach, describe } from "vitest";
import type { Db } from "@/lib/db/types";
import { freshPglite, freshPostgres } from "@/lib/db/testing";

export { freshPglite, freshPostgres };

export type DbKind = "pglite" | "postgres";

export function dbKinds(): DbKind[] {
  return process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];
}

export function freshDb(kind: DbKind): Promise<Db> {
  return kind === "pglite" ? freshPglite() : freshPostgres();
}

export interface ForEachDbOptions {
  /** "suite" (default): one database for the whole block; "test": a new one before each test. */
  fresh?: "suite" | "test";
}

/**
 * `forEachDb("rooms", (db, kind) => { it("...", async () => { await db().tx(...) }) })`.
 * `db()` is only valid inside hooks and tests.
 */
export function forEachDb(
  name: string,
  fn: (db: () => Db, kind: DbKind) => void,
  options: ForEachDbOptions = {},
): void {
  for (const kind of dbKinds()) {
    describe(`${name} [${kind}]`, () => {
      let current: Db | undefined;
      const before = options.fresh === "test" ? beforeEach : beforeAll;
      const after = options.fresh === "test" ? afterEach : afterAll;
      before(async () => {
        current = await freshDb(kind);
      });
      after(async () => {
        await current?.close();
        current = undefined;
      });
      fn(() => {
        if (!current) throw new Error("forEachDb: db() used outside a hook or test");
        return current;
      }, kind);
    });
  }
}
