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
 * claims in `request.jwt.claims` (plus the legacy per-claim settings), then the role — in one
 * statement (`set_config('role', …, true)` is `set local role`): a player read is on the hot path
 * of every signal, and each statement is a round trip.
 * The role name comes from this closed set, never from the claims, so it cannot be injected.
 */
export async function becomeUser(tx: Tx, claims: Claims | null): Promise<void> {
  const { json, sub, role } = identity(claims);
  // Evaluated left to right: the claims are set while still the owner, the role last.
  await tx.query(
    `select set_config('request.jwt.claims', $1, true),
            set_config('request.jwt.claim.sub', $2, true),
            set_config('request.jwt.claim.role', $3, true),
            set_config('role', $3, true)`,
    [json, sub, role],
  );
}

function identity(claims: Claims | null) {
  if (claims !== null && !UUID.test(claims.sub)) {
    throw new Error("asUser: claims.sub must be a lower-case uuid");
  }
  const role = claims === null ? "anon" : "authenticated";
  return { json: JSON.stringify(claims ?? { role: "anon" }), sub: claims?.sub ?? "", role };
}

/** A dollar-quoted literal whose tag does not occur in `text` (no escaping rules involved). */
function dollarQuote(text: string): string {
  let tag = "c";
  while (text.includes(`$${tag}$`)) tag += "c";
  return `$${tag}$${text}$${tag}$`;
}

/**
 * `becomeUser` as a parameterless script, for drivers where the simple query protocol is much
 * cheaper than a parameterized statement (PGlite: 2 protocol messages instead of 6). The claims
 * JSON is dollar-quoted with a tag it does not contain; sub is a checked uuid; role is a constant.
 */
export function becomeUserScript(claims: Claims | null): string {
  const { json, sub, role } = identity(claims);
  return `select set_config('request.jwt.claims', ${dollarQuote(json)}, true),
                 set_config('request.jwt.claim.sub', '${sub}', true),
                 set_config('request.jwt.claim.role', '${role}', true),
                 set_config('role', '${role}', true)`;
}
