// Runs a describe block once per database driver: PGlite always, real Postgres when
// TEST_DATABASE_URL is set (CI). Each block gets its own fresh, migrated database.
import { afterAll, afterEach, beforeAll, beforeEach, describe } from "vitest";
import type { Db } from "@/lib/db/types";
import { freshPglite, freshPgliteThread, freshPostgres } from "@/lib/db/testing";

export { freshPglite, freshPostgres };

/** "pglite-thread": PGlite on its own worker thread, as the app runs it (lib/db/pglite-thread.ts). */
export type DbKind = "pglite" | "pglite-thread" | "postgres";

export function dbKinds(thread = false): DbKind[] {
  const kinds: DbKind[] = thread ? ["pglite", "pglite-thread"] : ["pglite"];
  return process.env.TEST_DATABASE_URL ? [...kinds, "postgres"] : kinds;
}

export function freshDb(kind: DbKind): Promise<Db> {
  if (kind === "pglite") return freshPglite();
  return kind === "pglite-thread" ? freshPgliteThread() : freshPostgres();
}

export interface ForEachDbOptions {
  /** "suite" (default): one database for the whole block; "test": a new one before each test. */
  fresh?: "suite" | "test";
  /**
   * Also on PGlite's worker thread (the app's embedded driver). The in-process driver runs the
   * same SQL on the same PGlite; suites about the driver itself, transactions and concurrency opt in.
   */
  thread?: boolean;
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
  for (const kind of dbKinds(options.thread)) {
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
