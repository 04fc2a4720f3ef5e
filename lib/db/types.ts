// One SQL interface over PGlite (embedded) and postgres.js (Supabase / any Postgres).

/** Verified JWT claims of the caller (`sub`, `role`, `is_anonymous`, ...), or null for anon. */
export interface Claims {
  sub: string;
  role: "authenticated";
  is_anonymous?: boolean;
  [claim: string]: unknown;
}

export type Row = Record<string, unknown>;

export interface Tx {
  /**
   * Positional parameters `$1, $2, ...`; returns rows as plain objects. json/jsonb parameters are
   * JS values (objects, arrays, strings: JSON-encoded by the driver); int8 comes back as a number.
   */
  query<T = Row>(text: string, params?: unknown[]): Promise<T[]>;
  /**
   * Runs a script of one or more statements without parameters (simple query protocol; values
   * go in as literals, `inlineParams` in lib/db/driver.ts) in one round trip; returns each
   * statement's rows, in order. On a hot path several statements cost one round trip instead of
   * two each (postgres.js describes every unprepared parameterized statement before binding it).
   */
  exec(script: string): Promise<Row[][]>;
}

export interface Db {
  /** A transaction as the owner role (server writes). Rolled back if `fn` throws. */
  tx<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * A script as the owner outside any transaction: its statements run as one implicit
   * transaction (all or nothing, like a simple-protocol query always does), in one round trip.
   */
  exec(script: string): Promise<Row[][]>;
  /**
   * A transaction for reads served to a player: `set local role authenticated` (or `anon` when
   * claims is null) and `request.jwt.claims` set, so RLS decides exactly as on Supabase.
   */
  asUser<T>(claims: Claims | null, fn: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * Notifications sent by `pg_notify(channel, payload)` after commit (embedded realtime shim).
   * `onListen` (optional) runs each time the LISTEN becomes active: once at first, then after
   * every reconnection of the listening session — notifications sent in between were lost.
   */
  listen(channel: string, onPayload: (payload: string) => void, onListen?: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  readonly kind: "pglite" | "postgres";
}
