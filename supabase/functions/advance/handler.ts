// The phase-advance endpoint Supabase Cron calls every second (design §5): authorize the caller,
// run the same idempotent advanceDue() the embedded scheduler runs, then the bot pass (bots have
// no long-running process to play them on Supabase), answer with what it did.
import type { Db } from "../../../lib/db/types.ts";
import type { AdvanceReport } from "../../../lib/server/advance-due.ts";
import type { BotPassReport } from "../../../lib/server/bots/due.ts";

export type AdvanceFn = (db: Db, now: number) => Promise<AdvanceReport>;
export type BotsFn = (db: Db, now: number) => Promise<BotPassReport>;

export interface HandlerOptions {
  /** Accepted bearer tokens (MASOI_CRON_SECRET, optionally the service role key). */
  secrets: (string | undefined)[];
  db: () => Db;
  advance: AdvanceFn;
  bots: BotsFn;
  clock?: () => number;
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" },
  });

const error = (status: number, code: string, message: string) => json({ error: { code, message } }, status);

async function digest(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
}

/** Compares digests so the time taken says nothing about how much of the secret matched. */
async function sameSecret(given: string, expected: string): Promise<boolean> {
  const [a, b] = await Promise.all([digest(given), digest(expected)]);
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i] ^ b[i];
  return diff === 0;
}

async function authorized(req: Request, secrets: (string | undefined)[]): Promise<boolean> {
  const match = /^Bearer (.+)$/.exec(req.headers.get("authorization") ?? "");
  if (!match) return false;
  let ok = false;
  // Every configured secret is compared, match or not: no early exit to time.
  for (const secret of secrets) if (secret && secret.length >= 32 && (await sameSecret(match[1], secret))) ok = true;
  return ok;
}

export function createHandler(opts: HandlerOptions): (req: Request) => Promise<Response> {
  const clock = opts.clock ?? Date.now;
  return async (req) => {
    if (req.method !== "POST") return error(405, "METHOD_NOT_ALLOWED", "Use POST.");
    if (!opts.secrets.some((s) => s && s.length >= 32)) {
      return error(503, "NOT_CONFIGURED", "MASOI_CRON_SECRET (at least 32 characters) is not set.");
    }
    if (!(await authorized(req, opts.secrets))) return error(401, "UNAUTHENTICATED", "Bad or missing bearer token.");
    try {
      const report = await opts.advance(opts.db(), clock());
      const bots = await opts.bots(opts.db(), clock());
      // Counts only: the caller is a cron job, and game ids are nobody's business in a log line.
      return json({ ok: true, advanced: report.advanced.length, botActions: bots.acted });
    } catch (e) {
      console.error("[advance] failed", e);
      return error(503, "ADVANCE_FAILED", "Advancing due games failed; the next call retries.");
    }
  };
}
