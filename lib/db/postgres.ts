// Any Postgres, Supabase included, through postgres.js. `prepare: false` because Supabase's
// pooler (transaction mode) cannot keep prepared statements across transactions.
import postgres from "postgres";
import { becomeUser, type DriverDb, type ScriptTx } from "./driver";
import type { Tx } from "./types";

export interface PostgresOptions {
  /** Pool size; serverless functions want a small one. */
  max?: number;
}

export function createPostgresDb(url: string, options: PostgresOptions = {}): DriverDb & { sql: postgres.Sql } {
  const sql = postgres(url, {
    prepare: false,
    max: options.max ?? Number(process.env.DB_POOL_MAX ?? 10),
    idle_timeout: 20,
    onnotice: () => {},
    connection: { application_name: "masoi" },
    // int8 as a JS number, like the PGlite driver here (ids and counts stay far below 2^53).
    types: {
      int8: { to: 20, from: [20], serialize: (v: number) => String(v), parse: (v: string) => Number(v) },
    },
  });

  const wrap = (t: postgres.TransactionSql): ScriptTx => ({
    async query<T>(text: string, params?: unknown[]) {
      const rows = await t.unsafe(text, (params ?? []) as postgres.ParameterOrJSON<never>[]);
      return Array.from(rows) as T[];
    },
    async exec(script: string) {
      await t.unsafe(script);
    },
  });
  const txScript = <T>(fn: (tx: ScriptTx) => Promise<T>) =>
    sql.begin((t) => fn(wrap(t))) as Promise<T>;

  return {
    kind: "postgres",
    sql,
    txScript,
    tx: <T>(fn: (tx: Tx) => Promise<T>) => txScript(fn),
    asUser: (claims, fn) =>
      txScript(async (tx) => {
        await becomeUser(tx, claims);
        return fn({ query: tx.query });
      }),
    async listen(channel, onPayload) {
      // LISTEN needs a session: on Supabase use the direct/session port, not the 6543 pooler.
      const { unlisten } = await sql.listen(channel, onPayload);
      return unlisten;
    },
    async close() {
      await sql.end({ timeout: 5 });
    },
  };
}
