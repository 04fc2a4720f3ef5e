// Any Postgres, Supabase included, through postgres.js. Unprepared by default because Supabase's
// pooler (transaction mode) cannot keep prepared statements across transactions (DB_PREPARE=1
// turns them on for direct connections).
import postgres from "postgres";
import { becomeUser, type DriverDb, type ScriptTx } from "./driver";
import type { Tx } from "./types";

export interface PostgresOptions {
  /** Pool size; serverless functions want a small one. */
  max?: number;
  /**
   * Named prepared statements (plans reused across calls). Off by default: Supabase's transaction
   * pooler (port 6543) cannot keep them. `DB_PREPARE=1` for a direct or session connection.
   */
  prepare?: boolean;
}

export function createPostgresDb(url: string, options: PostgresOptions = {}): DriverDb & { sql: postgres.Sql } {
  const sql = postgres(url, {
    prepare: options.prepare ?? process.env.DB_PREPARE === "1",
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
    async listen(channel, onPayload, onListen) {
      // LISTEN needs a session: on Supabase use the direct/session port, not the 6543 pooler.
      // postgres.js re-LISTENs after a reconnect and then calls onlisten again.
      const { unlisten } = await sql.listen(channel, onPayload, onListen);
      return unlisten;
    },
    async close() {
      await sql.end({ timeout: 5 });
    },
  };
}
