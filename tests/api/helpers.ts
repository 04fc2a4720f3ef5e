// Calls route handlers directly with `new Request(...)`, keeping each simulated user's cookie.
import { expect } from "vitest";
import type { Db } from "@/lib/db/types";
import { POST as signInRoute } from "@/app/api/auth/anonymous/route";
import { APP_TABLES } from "../support/tables";

process.env.MASOI_JWT_SECRET ??= "test-secret-test-secret-test-secret-0123456789";

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

export interface CallInit {
  method?: string;
  params?: Record<string, string>;
  body?: unknown;
  /** Sent as-is (malformed JSON, oversized bodies). */
  raw?: string;
  query?: string;
  headers?: Record<string, string>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- test replies are read loosely
export type Json = any;

export interface Reply<T = Json> {
  status: number;
  body: T;
  headers: Headers;
}

export async function call<T = Json>(handler: unknown, init: CallInit = {}, cookie?: string): Promise<Reply<T>> {
  const headers: Record<string, string> = { ...(init.headers ?? {}) };
  if (cookie) headers.cookie = cookie;
  let body: string | undefined = init.raw;
  if (body === undefined && init.body !== undefined) body = JSON.stringify(init.body);
  if (body !== undefined) headers["content-type"] ??= "application/json";
  const method = init.method ?? (body === undefined ? "GET" : "POST");
  const req = new Request(`http://localhost/api/test${init.query ?? ""}`, { method, headers, body });
  const res = await (handler as Handler)(req, { params: Promise.resolve(init.params ?? {}) });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
}

export interface Client {
  id: string;
  name: string;
  cookie: string;
  call<T = Json>(handler: unknown, init?: CallInit): Promise<Reply<T>>;
}

export async function signIn(name: string): Promise<Client> {
  const res = await call(signInRoute, { body: { displayName: name } });
  expect(res.status).toBe(200);
  const cookie = res.headers.get("set-cookie")!.split(";")[0];
  return { id: res.body.user.id, name, cookie, call: (h, init) => call(h, init, cookie) };
}

const TABLES = APP_TABLES;

/** Row counts of every table a request could write, plus a digest of mutable columns. */
export async function dbFingerprint(db: Db): Promise<Record<string, unknown>> {
  return db.tx(async (tx) => {
    const out: Record<string, unknown> = {};
    for (const t of TABLES) {
      const [r] = await tx.query<{ n: number }>(`select count(*)::int as n from ${t}`);
      out[t] = r.n;
    }
    out.roomState = await tx.query("select code, host_id, status, game_id, settings, version from rooms order by code");
    out.memberState = await tx.query(
      "select room_id, user_id, display_name, appearance, ready from room_members order by room_id, user_id",
    );
    out.gameState = await tx.query("select id, phase, day, deadline, ended, version from games order by id");
    out.states = await tx.query("select game_id, rev, md5(state::text) as h from game_states order by game_id");
    out.statePatches = await tx.query("select game_id, rev, md5(patch::text) as h from game_state_patches order by game_id, rev");
    return out;
  });
}

/** Asserts `fn` answers `status`/`code` and leaves the database exactly as it was. */
export async function expectRefused(db: Db, fn: () => Promise<Reply>, status: number, code: string): Promise<Reply> {
  const before = await dbFingerprint(db);
  const res = await fn();
  expect({ status: res.status, code: res.body?.error?.code }).toEqual({ status, code });
  expect(typeof res.body.error.message).toBe("string");
  expect(await dbFingerprint(db)).toEqual(before);
  return res;
}
