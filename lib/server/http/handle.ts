// The wrapper every route handler goes through: body limits, JSON parsing, zod, auth, and the one
// mapping from thrown errors to responses. Handlers stay thin: auth → parse → service → reply.
import type { z } from "zod";
import type { Claims, Db } from "../../db/types";
import { authFor, type Auth } from "../../auth/session";
import { AppError, isAppError } from "../app-error";
import { isDbUnavailable } from "../db-errors";
import { serverDb } from "../db";
import { readJson } from "./body";
import { parseWith } from "./parse";

export interface RouteCtx<P> {
  req: Request;
  params: P;
  auth: Auth;
  /** The verified caller, or 401 UNAUTHENTICATED. */
  user(): Promise<Claims>;
  /** The JSON body validated by `schema` (400 BAD_JSON / BAD_REQUEST, 413 BODY_TOO_LARGE). */
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

export function handle<P extends Params = Params>(
  fn: (c: RouteCtx<P>) => Promise<Response | unknown>,
): (req: Request, ctx: NextCtx<P>) => Promise<Response> {
  return async (req, ctx) => {
    const auth = authFor(req);
    let res: Response;
    try {
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
