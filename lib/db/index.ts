// The process-wide database. Held on globalThis because Next.js may evaluate this module more
// than once (route handlers, instrumentation), and two PGlite instances on one data directory
// would corrupt it.
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { migrate } from "./migrate";
import { createPgliteDb } from "./pglite";
import { createPgliteThreadDb } from "./pglite-thread";
import { createPostgresDb } from "./postgres";
import type { Db } from "./types";

export type { Claims, Db, Tx } from "./types";
export { createPgliteDb } from "./pglite";
export { createPostgresDb } from "./postgres";
export { migrate } from "./migrate";

const KEY = Symbol.for("masoi.db");
type Holder = { [KEY]?: Promise<Db> };

/**
 * `DATABASE_URL` set → postgres.js (migrated at boot unless `MASOI_MIGRATE=0`, e.g. on Supabase
 * where `supabase db push` applies supabase/migrations); otherwise PGlite in `$MASOI_DATA_DIR`
 * (default `.data/pglite`, `memory` for an in-memory database) on its own worker thread, always
 * migrated.
 */
export function getDb(): Promise<Db> {
  const holder = globalThis as Holder;
  holder[KEY] ??= open().catch((e) => {
    delete holder[KEY]; // let the next request retry (e.g. the database was briefly down)
    throw e;
  });
  return holder[KEY];
}

async function open(): Promise<Db> {
  const url = process.env.DATABASE_URL;
  let db: Db;
  if (url) {
    db = createPostgresDb(url);
    if (process.env.MASOI_MIGRATE === "0") return db;
  } else {
    const dir = process.env.MASOI_DATA_DIR ?? path.join(process.cwd(), ".data", "pglite");
    if (dir !== "memory") await mkdir(dir, { recursive: true });
    const dataDir = dir === "memory" ? undefined : dir;
    // On its own thread by default (lib/db/pglite-thread.ts); MASOI_PGLITE_THREAD=0 runs it in process.
    db = process.env.MASOI_PGLITE_THREAD === "0" ? await createPgliteDb(dataDir) : await createPgliteThreadDb(dataDir);
  }
  try {
    await migrate(db);
  } catch (e) {
    await db.close();
    throw e;
  }
  return db;
}

/** Closes the process-wide database (tests, graceful shutdown). */
export async function closeDb(): Promise<void> {
  const holder = globalThis as Holder;
  const pending = holder[KEY];
  delete holder[KEY];
  if (pending) await (await pending).close();
}
