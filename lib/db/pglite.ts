// Embedded Postgres (WASM). One connection: PGlite's own mutex runs `transaction()` calls one
// after another, so concurrent tx() calls queue instead of interleaving.
import { PGlite, types as pgTypes } from "@electric-sql/pglite";
import { asUserVia } from "./driver";
import type { Db, Row, Tx } from "./types";

type PgTx = Parameters<Parameters<PGlite["transaction"]>[0]>[0];

export interface PgliteOptions {
  /** A `dumpDataDir()` tarball to start from (test snapshots). */
  loadDataDir?: Blob | File;
}

const json = (v: unknown) => JSON.stringify(v);

function wrap(t: PgTx): Tx {
  return {
    async query<T>(text: string, params?: unknown[]) {
      const res = await t.query<T>(text, params);
      return res.rows;
    },
    async exec(script: string) {
      return (await t.exec(script)).map((r) => r.rows as Row[]);
    },
  };
}

/** `dataDir` undefined → in memory; otherwise a directory (one process at a time). */
export async function createPgliteDb(
  dataDir: string | undefined,
  options: PgliteOptions = {},
): Promise<Db & { pglite: PGlite }> {
  const pg = await PGlite.create({
    dataDir,
    loadDataDir: options.loadDataDir,
    // int8 as a JS number, like the postgres.js driver here (ids and counts stay far below 2^53).
    parsers: { [pgTypes.INT8]: (v: string) => Number(v) },
    // json/jsonb parameters are JS values, JSON-encoded like postgres.js does (a JS string becomes
    // a JSON string, not raw JSON text), so both drivers accept the same parameters.
    serializers: { [pgTypes.JSON]: json, [pgTypes.JSONB]: json },
  });
  const tx = <T>(fn: (tx: Tx) => Promise<T>) => pg.transaction((t) => fn(wrap(t)));
  const db: Db & { pglite: PGlite } = {
    kind: "pglite",
    pglite: pg,
    tx,
    exec: async (script: string) => (await pg.exec(script)).map((r) => r.rows as Row[]),
    asUser: asUserVia(tx),
    async listen(channel, onPayload, onListen) {
      // In process: the session never drops, so the LISTEN becomes active exactly once.
      const unlisten = await pg.listen(channel, onPayload);
      onListen?.();
      return async () => {
        await unlisten();
      };
    },
    async close() {
      if (!pg.closed) await pg.close();
    },
  };
  return db;
}
