// The local Auth server: the part of Supabase Auth's (GoTrue's) HTTP API that supabase-js and
// @supabase/ssr call for this app — anonymous sign-up, refresh-token grant, get/update user,
// logout, JWKS — under `/auth/v1`. Users are rows of the database's `auth.users` (what RLS and
// foreign keys see); sessions and refresh tokens live in memory (README, "Simpler than Supabase").
import { randomBytes, randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type postgres from "postgres";
import type { SigningKey } from "./signing-key";

export interface AuthOptions {
  /** The public URL of the gateway (the `iss` is `<url>/auth/v1`). */
  url: string;
  sql: postgres.Sql;
  key: SigningKey;
  /** Access-token lifetime in seconds (Supabase's default: 3600). */
  jwtExpiry: number;
  /** A used refresh token may be presented again within this many seconds (GoTrue's default: 10). */
  reuseInterval: number;
}

interface User {
  id: string;
  is_anonymous: boolean;
  user_metadata: Record<string, unknown>;
  created_at: string;
  updated_at: string;
}

interface RefreshToken {
  sessionId: string;
  userId: string;
  /** When it was first exchanged for a new one (ms). */
  usedAt?: number;
}

class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const API_VERSION = "2024-01-01";

export function createAuth(options: AuthOptions) {
  const { sql, key } = options;
  const iss = `${options.url}/auth/v1`;
  const sessions = new Map<string, { userId: string; amrAt: number }>();
  const refreshTokens = new Map<string, RefreshToken>();

  async function loadUser(id: string): Promise<User | null> {
    const [row] = await sql<{ id: string; is_anonymous: boolean; meta: Record<string, unknown>; created_at: Date }[]>`
      select id::text, is_anonymous, raw_user_meta_data as meta, created_at from auth.users where id = ${id}::uuid`;
    if (!row) return null;
    const at = row.created_at.toISOString();
    return { id: row.id, is_anonymous: row.is_anonymous, user_metadata: row.meta, created_at: at, updated_at: at };
  }

  const userJson = (u: User) => ({
    id: u.id,
    aud: "authenticated",
    role: "authenticated",
    email: "",
    phone: "",
    app_metadata: {},
    user_metadata: u.user_metadata,
    identities: [],
    created_at: u.created_at,
    updated_at: u.updated_at,
    is_anonymous: u.is_anonymous,
  });

  async function issueSession(user: User, sessionId: string) {
    const now = Math.floor(Date.now() / 1000);
    const expiresAt = now + options.jwtExpiry;
    const session = sessions.get(sessionId)!;
    // The claims GoTrue puts in an access token (AccessTokenClaims); RLS reads `sub` and `role`,
    // the app `user_metadata.display_name` and `is_anonymous`.
    const accessToken = await key.sign(
      {
        iss,
        sub: user.id,
        aud: "authenticated",
        iat: now,
        email: "",
        phone: "",
        app_metadata: {},
        user_metadata: user.user_metadata,
        role: "authenticated",
        aal: "aal1",
        amr: [{ method: "anonymous", timestamp: session.amrAt }],
        session_id: sessionId,
        is_anonymous: user.is_anonymous,
      },
      expiresAt,
    );
    const refreshToken = randomBytes(9).toString("base64url");
    refreshTokens.set(refreshToken, { sessionId, userId: user.id });
    return {
      access_token: accessToken,
      token_type: "bearer",
      expires_in: options.jwtExpiry,
      expires_at: expiresAt,
      refresh_token: refreshToken,
      user: userJson(user),
    };
  }

  /** The user of a bearer access token whose session still exists (GoTrue checks `session_id`). */
  async function bearerUser(req: IncomingMessage): Promise<{ user: User; sessionId: string }> {
    const token = /^Bearer (.+)$/i.exec(req.headers.authorization ?? "")?.[1];
    if (!token) throw new AuthError(401, "no_authorization", "This endpoint requires a valid Bearer token");
    const verified = await key.verify(token);
    if (!verified.ok) {
      throw new AuthError(403, "bad_jwt", verified.reason === "expired" ? "invalid JWT: token is expired" : "invalid JWT: unable to parse or verify signature");
    }
    const sessionId = String(verified.claims.session_id ?? "");
    if (!sessions.has(sessionId)) throw new AuthError(403, "session_not_found", "Session from session_id claim in JWT does not exist");
    const user = await loadUser(String(verified.claims.sub));
    if (!user) throw new AuthError(403, "user_not_found", "User from sub claim in JWT does not exist");
    return { user, sessionId };
  }

  function startSession(userId: string): string {
    const id = randomUUID();
    sessions.set(id, { userId, amrAt: Math.floor(Date.now() / 1000) });
    return id;
  }

  async function signUp(body: Record<string, unknown>) {
    if (body.email || body.phone) throw new AuthError(422, "validation_failed", "Only anonymous sign-ups are supported by the local Auth server");
    const data = isObject(body.data) ? body.data : {};
    const [row] = await sql<{ id: string }[]>`
      insert into auth.users (id, is_anonymous, raw_user_meta_data)
      values (gen_random_uuid(), true, ${sql.json(data as postgres.JSONValue)}) returning id::text`;
    const user = (await loadUser(row.id))!;
    return issueSession(user, startSession(user.id));
  }

  async function refresh(body: Record<string, unknown>) {
    const token = typeof body.refresh_token === "string" ? body.refresh_token : "";
    const entry = refreshTokens.get(token);
    if (!entry || !sessions.has(entry.sessionId)) throw new AuthError(400, "refresh_token_not_found", "Invalid Refresh Token: Refresh Token Not Found");
    if (entry.usedAt !== undefined) {
      // GoTrue's reuse interval: a token used moments ago (two tabs refreshing at once) yields the
      // session's current token; later reuse is treated as theft and ends the session.
      if (Date.now() - entry.usedAt > options.reuseInterval * 1000) {
        endSession(entry.sessionId);
        throw new AuthError(400, "refresh_token_already_used", "Invalid Refresh Token: Already Used");
      }
    }
    const user = await loadUser(entry.userId);
    if (!user) throw new AuthError(403, "user_not_found", "User from sub claim in JWT does not exist");
    const session = await issueSession(user, entry.sessionId);
    entry.usedAt ??= Date.now();
    return session;
  }

  function endSession(sessionId: string) {
    sessions.delete(sessionId);
    for (const [t, e] of refreshTokens) if (e.sessionId === sessionId) refreshTokens.delete(t);
  }

  async function updateUser(req: IncomingMessage, body: Record<string, unknown>) {
    const { user } = await bearerUser(req);
    if (body.email || body.phone || body.password) throw new AuthError(422, "validation_failed", "Only `data` can be updated on the local Auth server");
    if (isObject(body.data)) {
      // GoTrue merges `data` into user_metadata; a null value removes the key.
      await sql`update auth.users set raw_user_meta_data =
          jsonb_strip_nulls(raw_user_meta_data || ${sql.json(body.data as postgres.JSONValue)}) where id = ${user.id}::uuid`;
    }
    return userJson((await loadUser(user.id))!);
  }

  async function logout(req: IncomingMessage, scope: string) {
    const { user, sessionId } = await bearerUser(req);
    for (const [id, s] of sessions) {
      const mine = s.userId === user.id;
      if ((scope === "global" && mine) || (scope === "others" && mine && id !== sessionId) || (scope === "local" && id === sessionId)) {
        endSession(id);
      }
    }
  }

  /** Answers `/auth/v1/<path>`; `apikey` was checked by the gateway. */
  return async function handle(req: IncomingMessage, res: ServerResponse, path: string, query: URLSearchParams) {
    res.setHeader("X-Supabase-Api-Version", API_VERSION);
    try {
      const route = `${req.method} ${path}`;
      if (route === "GET /.well-known/jwks.json") return send(res, 200, key.jwks);
      if (route === "GET /settings") return send(res, 200, { external: { anonymous_users: true }, disable_signup: false });
      if (route === "POST /signup") return send(res, 200, await signUp(await readJson(req)));
      if (route === "POST /token") {
        if (query.get("grant_type") !== "refresh_token") throw new AuthError(400, "validation_failed", "Unsupported grant type");
        return send(res, 200, await refresh(await readJson(req)));
      }
      if (route === "GET /user") return send(res, 200, userJson((await bearerUser(req)).user));
      if (route === "PUT /user") return send(res, 200, await updateUser(req, await readJson(req)));
      if (route === "POST /logout") {
        await logout(req, query.get("scope") ?? "global");
        res.writeHead(204).end();
        return;
      }
      throw new AuthError(404, "not_found", `The local Auth server does not implement ${route}`);
    } catch (e) {
      if (e instanceof AuthError) return send(res, e.status, { code: e.code, message: e.message });
      console.error("[supabase-local auth]", e);
      return send(res, 500, { code: "unexpected_failure", message: "Unexpected failure" });
    }
  };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

export function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  if (!text) return {};
  try {
    const body: unknown = JSON.parse(text);
    if (isObject(body)) return body;
  } catch {
    // fall through
  }
  throw new AuthError(400, "bad_json", "Could not parse request body as JSON");
}
