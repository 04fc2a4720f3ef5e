// The database the services use. Route handlers ask for it lazily so a missing database is a
// 503 at request time rather than a crash at import; tests and tools hand in their own instance.
import type { Db } from "../db/types";

let injected: Db | undefined;

/** Use `db` for every following request (tests, scripts); `undefined` returns to `getDb()`. */
export function useDb(db: Db | undefined): void {
  injected = db;
}

export async function serverDb(): Promise<Db> {
  if (injected) return injected;
  const { getDb } = await import("../db");
  const db = await getDb();
  // Bots play in the process that owns the database (embedded mode); see lib/server/bots/process.ts.
  const { startProcessBotRunner } = await import("./bots/process");
  void startProcessBotRunner(db);
  return db;
}
