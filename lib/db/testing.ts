// Fresh, migrated databases for tests, benchmarks and scripts.
// - freshPglite(): an in-memory PGlite started from a migrated snapshot (~0.4 s instead of ~2.5 s
//   to boot and migrate). The snapshot is cached on disk, keyed by the SQL files and the PGlite
//   version, so each test process does not migrate again. freshPgliteThread(): the same on its
//   own worker thread, as the app runs it.
// - freshPostgres(): a new database on TEST_DATABASE_URL's server, migrated, dropped on close().
import { createHash, randomBytes } from "node:crypto";
import { readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { loadSqlFiles, migrate } from "./migrate";
import { createPgliteDb } from "./pglite";
import { createPgliteThreadDb } from "./pglite-thread";
import { createPostgresDb, socketOf } from "./postgres";
import type { Db } from "./types";

let snapshot: Promise<Blob> | undefined;

async function snapshotKey(): Promise<string> {
  const { bootstrap, migrations } = await loadSqlFiles();
  const entry = createRequire(import.meta.url).resolve("@electric-sql/pglite");
  const pkg = path.join(path.dirname(entry), "..", "package.json");
  const { version } = JSON.parse(await readFile(pkg, "utf8")) as { version: string };
  const hash = createHash("sha256").update(version);
  for (const f of [...bootstrap, ...migrations]) hash.update(f.name).update("\0").update(f.sql).update("\0");
  return hash.digest("hex").slice(0, 16);
}

async function buildSnapshot(): Promise<Blob> {
  const name = `masoi-pglite-${await snapshotKey()}.tar`;
  const file = path.join(os.tmpdir(), name);
  try {
    return new Blob([await readFile(file)]);
  } catch {
    // not cached yet
  }
  const db = await createPgliteDb(undefined);
  try {
    await migrate(db, { bootstrap: "always" });
    const dump = await db.pglite.dumpDataDir("none");
    const bytes = Buffer.from(await dump.arrayBuffer());
    // Write then rename: parallel test processes never read a half-written snapshot.
    const tmp = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
    await writeFile(tmp, bytes);
    await rename(tmp, file);
    // Snapshots of older migrations are 40 MB each: drop them.
    for (const old of await readdir(os.tmpdir())) {
      if (/^masoi-pglite-[0-9a-f]{16}\.tar$/.test(old) && old !== name) {
        await rm(path.join(os.tmpdir(), old), { force: true });
      }
    }
    return new Blob([bytes]);
  } finally {
    await db.close();
  }
}

/** A new in-memory PGlite with every migration applied. */
export async function freshPglite(): Promise<Awaited<ReturnType<typeof createPgliteDb>>> {
  return createPgliteDb(undefined, { loadDataDir: await migratedSnapshot() });
}

function migratedSnapshot(): Promise<Blob> {
  snapshot ??= buildSnapshot().catch((e) => {
    snapshot = undefined;
    throw e;
  });
  return snapshot;
}

/** The same, on its own worker thread (lib/db/pglite-thread.ts: the app's embedded default). */
export async function freshPgliteThread(): Promise<Db> {
  return createPgliteThreadDb(undefined, { loadDataDir: await migratedSnapshot() });
}

const STALE_MS = 6 * 60 * 60 * 1000;

/** One connection to `url`'s server for creating and dropping databases (a Unix socket URL too). */
function adminOf(url: string): postgres.Sql {
  const socket = socketOf(url);
  return postgres(socket.url, { ...(socket.host ? { host: socket.host } : {}), max: 1, onnotice: () => {} });
}

/**
 * A new database `t_<unix seconds>_<random>` on the server of `url` (default TEST_DATABASE_URL),
 * migrated; `close()` drops it. Databases left behind by killed runs are dropped after 6 hours.
 */
export async function freshPostgres(
  url = process.env.TEST_DATABASE_URL,
): Promise<Db & { sql: postgres.Sql; database: string }> {
  if (!url) throw new Error("freshPostgres: TEST_DATABASE_URL is not set");
  const database = `t_${Math.floor(Date.now() / 1000)}_${randomBytes(5).toString("hex")}`;
  const admin = adminOf(url);
  try {
    const stale = await admin<{ datname: string }[]>`
      select datname from pg_database where datname ~ '^t_[0-9]+_[0-9a-f]+$'`;
    for (const { datname } of stale) {
      const born = Number(datname.split("_")[1]) * 1000;
      if (Date.now() - born > STALE_MS) await admin.unsafe(`drop database if exists "${datname}" with (force)`);
    }
    await admin.unsafe(`create database "${database}"`);
  } finally {
    await admin.end();
  }
  const target = new URL(url);
  target.pathname = `/${database}`;
  const db = createPostgresDb(target.toString(), { max: 4 });
  const drop = async () => {
    await db.close();
    const a = adminOf(url);
    try {
      await a.unsafe(`drop database if exists "${database}" with (force)`);
    } finally {
      await a.end();
    }
  };
  try {
    await migrate(db, { bootstrap: "always" });
  } catch (e) {
    await drop();
    throw e;
  }
  return { ...db, database, close: drop };
}
