// What the drivers share beyond the public Db contract: running multi-statement SQL scripts
// (migrations) and applying a caller's identity inside a transaction.
import type { Claims, Db, Tx } from "./types";

export interface ScriptTx extends Tx {
  /** Runs a script of one or more statements (simple query protocol, no parameters). */
  exec(script: string): Promise<void>;
}

export interface DriverDb extends Db {
  /** A transaction as the owner that may also run scripts; used by the migrator. */
  txScript<T>(fn: (tx: ScriptTx) => Promise<T>): Promise<T>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Becomes the API role of `claims` for the rest of the transaction, the way PostgREST does:
 * claims in `request.jwt.claims` (plus the legacy per-claim settings), then `set local role`.
 * The role name comes from this closed set, never from the claims, so it cannot be injected.
 */
export async function becomeUser(tx: Tx, claims: Claims | null): Promise<void> {
  if (claims !== null && !UUID.test(claims.sub)) {
    throw new Error("asUser: claims.sub must be a lower-case uuid");
  }
  const role = claims === null ? "anon" : "authenticated";
  const json = JSON.stringify(claims ?? { role: "anon" });
  await tx.query(
    `select set_config('request.jwt.claims', $1, true),
            set_config('request.jwt.claim.sub', $2, true),
            set_config('request.jwt.claim.role', $3, true)`,
    [json, claims?.sub ?? "", role],
  );
  await tx.query(`set local role ${role}`);
}
