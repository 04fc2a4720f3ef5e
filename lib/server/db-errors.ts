// Classifies database failures so the edge can answer 503 for "the database is down" and keep
// 500 for genuine bugs. Node/postgres.js/PGlite each report a lost connection differently.

const connectionCodes = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ENOTFOUND",
  "ETIMEDOUT",
  "EPIPE",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "CONNECT_TIMEOUT",
  "57P01", // admin_shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now
  "53300", // too_many_connections
]);

export function isDbUnavailable(e: unknown): boolean {
  if (!e || typeof e !== "object") return false;
  const code = String((e as { code?: unknown }).code ?? "");
  if (connectionCodes.has(code) || code.startsWith("08")) return true;
  const message = String((e as { message?: unknown }).message ?? "");
  return /PGlite is closed|database is closed|connection (terminated|refused|ended)/i.test(message);
}

/** The SQLSTATE of a Postgres error, if any (23505 unique_violation, ...). */
export const sqlState = (e: unknown): string | undefined =>
  e && typeof e === "object" && typeof (e as { code?: unknown }).code === "string"
    ? ((e as { code: string }).code)
    : undefined;

/** Whether `e` is the refusal a SQL function raised as `name` with SQLSTATE `state` (40001 STALE_GAME_STATE, ...). */
export const raisedAs = (e: unknown, state: string, name: string): boolean =>
  sqlState(e) === state && String((e as Error).message).includes(name);
