// Any Postgres, Supabase included, through postgres.js. Unprepared by default because Supabase's
// pooler (transaction mode) cannot keep prepared statements across transactions (DB_PREPARE=1
// turns them on for direct connections).
import postgres from "postgres";
import { asUserVia } from "./driver";
import { createLanes, type Lane } from "./postgres-lanes";
import type { Db, Row, Tx } from "./types";

export interface PostgresOptions {
  /** Pool size; serverless functions want a small one. */
  max?: number;
  /**
   * Named prepared statements (plans reused across calls). Off by default: Supabase's transaction
   * pooler (port 6543) cannot keep them. `DB_PREPARE=1` for a direct or session connection.
   */
  prepare?: boolean;
  /** Queries postgres.js may pipeline on one connection (its default: 100). */
  maxPipeline?: number;
}

/**
 * Seconds before a closed connection may connect again. postgres.js's default grows with a
 * counter of failures *shared by the whole pool* (3^n / 100 s, capped at 20 s): during a 3-s
 * outage under load every request's failed connect counts, so by the time Postgres is back each
 * connection waits 10–20 s before trying (the first request after a restart took 7–14 s,
 * tests/faults/postgres-restart.test.ts). A refused connect costs nothing, so retry quickly and
 * cap the wait at a second: a player is back within about a second of the database.
 */
export function reconnectDelayS(failures: number): number {
  return Math.min(0.05 * 2 ** failures, 1) * (0.5 + Math.random() / 2);
}

/** A simple-protocol script: one statement's result is its rows (a Result has `command`); several, an array of them. */
async function execScript(sql: postgres.Sql, script: string): Promise<Row[][]> {
  const r: unknown = await sql.unsafe(script);
  const sets = typeof (r as { command?: unknown }).command === "string" ? [r] : (r as unknown[]);
  return sets.map((rows) => Array.from(rows as Row[]));
}

/**
 * libpq's way of naming a Unix-domain socket, `postgres://user@/db?host=/var/run/postgresql`, as
 * postgres.js options: it would send an unknown `host` parameter to the server as a setting (which
 * refuses it). A local socket costs about half the CPU of loopback TCP per round trip here.
 */
export function socketOf(url: string): { url: string; host?: string } {
  const u = new URL(url);
  const host = u.searchParams.get("host");
  if (host === null || !host.startsWith("/")) return { url };
  u.searchParams.delete("host");
  return { url: u.toString(), host };
}

export function createPostgresDb(url: string, options: PostgresOptions = {}): Db & { sql: postgres.Sql } {
  const socket = socketOf(url);
  const connect = (max: number, onclose?: () => void) =>
    postgres(socket.url, {
      ...(onclose ? { onclose } : {}),
      ...(socket.host ? { host: socket.host } : {}),
      prepare: options.prepare ?? process.env.DB_PREPARE === "1",
      max,
      ...(options.maxPipeline ? { max_pipeline: options.maxPipeline } : {}),
      idle_timeout: 20,
      backoff: reconnectDelayS,
      onnotice: () => {},
      connection: { application_name: "masoi" },
      // int8 as a JS number, like the PGlite driver here (ids and counts stay far below 2^53).
      types: {
        int8: { to: 20, from: [20], serialize: (v: number) => String(v), parse: (v: string) => Number(v) },
      },
    });
  // One connection each: postgres.js never needs to reserve one for a transaction (postgres-lanes.ts).
  const lanes = createLanes(options.max ?? Number(process.env.DB_POOL_MAX ?? 10), (onClose) => connect(1, onClose));
  // LISTEN's own session (postgres.js opens one per instance), and tagged queries for tests.
  const sql = connect(1);

  // Every statement of a transaction goes on the session its BEGIN went on, or not at all.
  const wrap = (lane: Lane, closes: number): Tx => {
    const session = () => {
      if (lane.closes !== closes) throw Object.assign(new Error("connection lost during the transaction"), { code: "CONNECTION_CLOSED" });
      return lane.sql;
    };
    return {
      async query<T>(text: string, params?: unknown[]) {
        const rows = await session().unsafe(text, (params ?? []) as postgres.ParameterOrJSON<never>[]);
        return Array.from(rows) as T[];
      },
      exec: (script: string) => execScript(session(), script),
    };
  };
  async function tx<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    const lane = await lanes.acquire(true);
    try {
      await lane.sql.unsafe("begin");
      const t = wrap(lane, lane.closes);
      let result: T;
      try {
        result = await fn(t);
      } catch (error) {
        // After a lost connection the server has rolled back already, and this is refused.
        await t.exec("rollback").catch(() => undefined);
        throw error;
      }
      // A commit that fails ends the transaction too (Postgres rolls it back).
      await t.exec("commit");
      return result;
    } finally {
      lanes.release(lane, true);
    }
  }
  async function exec(script: string): Promise<Row[][]> {
    const lane = await lanes.acquire(false);
    try {
      return await execScript(lane.sql, script);
    } finally {
      lanes.release(lane, false);
    }
  }

  return {
    kind: "postgres",
    sql,
    tx,
    exec,
    asUser: asUserVia(tx),
    async listen(channel, onPayload, onListen) {
      // LISTEN needs a session: on Supabase use the direct/session port, not the 6543 pooler.
      // postgres.js re-LISTENs after a reconnect and then calls onlisten again.
      const { unlisten } = await sql.listen(channel, onPayload, onListen);
      return unlisten;
    },
    async close() {
      await Promise.all([sql, ...lanes.all.map((l) => l.sql)].map((s) => s.end({ timeout: 5 })));
    },
  };
}
