// The wrapper every route handler goes through: same-origin check, body limits, JSON parsing, zod,
// auth, and the one mapping from thrown errors to responses. Handlers stay thin: auth → parse → service → reply.
import type { z } from "zod";
import type { Claims, Db } from "../../db/types";
import { authFor, type Auth } from "../../auth/session";
import { AppError, isAppError } from "../app-error";
import { isDbUnavailable } from "../db-errors";
import { clientAddress } from "../client-address";
import { serverDb } from "../db";
import { meterLimits, type MeterKind } from "../limits";
import { meter } from "../meter";
import { readJson } from "./body";
import { assertSameOrigin } from "./origin";
import { parseWith } from "./parse";

export interface RouteCtx<P> {
  req: Request;
  params: P;
  auth: Auth;
  /** The verified caller, or 401 UNAUTHENTICATED. */
  user(): Promise<Claims>;
  /** The JSON body validated by `schema` (400 BAD_JSON / BAD_REQUEST, 413 BODY_TOO_LARGE, 415 NOT_JSON). */
  body<T>(schema: z.ZodType<T>): Promise<T>;
  db(): Promise<Db>;
}

type Params = Record<string, string | string[]>;
type NextCtx<P> = { params: Promise<P> };

const baseHeaders = { "Cache-Control": "no-store", "Content-Type": "application/json; charset=utf-8" };

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...baseHeaders, ...headers } });
}

export function errorResponse(e: AppError): Response {
  return json({ error: { code: e.code, message: e.message } }, e.status, e.headers);
}

function toResponse(e: unknown): Response {
  if (isAppError(e)) return errorResponse(e);
  if (isDbUnavailable(e)) {
    console.error("[api] database unavailable:", e);
    return errorResponse(new AppError(503, "DB_UNAVAILABLE", "The database is unavailable; try again shortly."));
  }
  console.error("[api] unexpected error:", e);
  return errorResponse(new AppError(500, "INTERNAL", "Something went wrong on the server."));
}

export interface HandleOptions {
  /**
   * The ceiling this route's requests count against (issue 28 #8): per client address before
   * anything else, per player once `user()` knows who calls. GET routes count as `reads` unless
   * told otherwise; `null` meters nothing (actions have their own limit in `act`).
   */
  meter?: MeterKind | null;
}

const TOO_MANY: Record<MeterKind, string> = {
  reads: "Too many reads.",
  ticks: "Too many deadline nudges.",
  streams: "Too many stream opens.",
  lobby: "Too many room changes.",
};

export function handle<P extends Params = Params>(
  fn: (c: RouteCtx<P>) => Promise<Response | unknown>,
  opts: HandleOptions = {},
): (req: Request, ctx: NextCtx<P>) => Promise<Response> {
  return async (req, ctx) => {
    const kind = opts.meter === undefined ? (req.method === "GET" ? "reads" : null) : opts.meter;
    const plain = authFor(req);
    let playerMetered = false;
    // The player's bucket is taken the first time the route learns who calls, however it asks.
    const auth: Auth = !kind
      ? plain
      : {
          ...plain,
          getClaims: async () => {
            const claims = await plain.getClaims();
            if (claims && !playerMetered) {
              playerMetered = true;
              meter(meterLimits(kind).player, claims.sub, TOO_MANY[kind]);
            }
            return claims;
          },
        };
    let res: Response;
    try {
      assertSameOrigin(req);
      const address = kind ? clientAddress(req) : null;
      if (kind && address) meter(meterLimits(kind).address, address, TOO_MANY[kind]);
      const params = ((await ctx?.params) ?? {}) as P;
      const c: RouteCtx<P> = {
        req,
        params,
        auth,
        user: async () => {
          const claims = await auth.getClaims();
          if (!claims) throw new AppError(401, "UNAUTHENTICATED", "Sign in first.");
          return claims;
        },
        body: async (schema) => parseWith(schema, await readJson(req)),
        db: serverDb,
      };
      const out = await fn(c);
      res = out instanceof Response ? out : json(out);
    } catch (e) {
      res = toResponse(e);
    }
    for (const cookie of auth.setCookies) res.headers.append("Set-Cookie", cookie);
    return res;
  };
}
