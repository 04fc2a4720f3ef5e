// The local Auth server through the unmodified supabase-js client and the app's own Supabase-mode
// auth (lib/auth/supabase.ts): anonymous sign-up, refresh, getUser/getClaims, update, logout.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeProtectedHeader } from "jose";
import { localProject, type LocalProject } from "./project";

describe.skipIf(!process.env.TEST_DATABASE_URL)("local Supabase Auth [postgres]", () => {
  let p: LocalProject;
  beforeAll(async () => {
    p = await localProject({ refreshReuseInterval: 1 });
  });
  afterAll(async () => {
    await p?.close();
  });

  it("signs in anonymously with user metadata and stores the user in auth.users", async () => {
    const supabase = p.client();
    const { data, error } = await supabase.auth.signInAnonymously({ options: { data: { display_name: "Lan" } } });
    expect(error).toBeNull();
    const session = data.session!;
    expect(session.token_type).toBe("bearer");
    expect(session.user.is_anonymous).toBe(true);
    expect(session.user.user_metadata).toEqual({ display_name: "Lan" });
    const [row] = await p.db.sql<{ is_anonymous: boolean; meta: unknown }[]>`
      select is_anonymous, raw_user_meta_data as meta from auth.users where id = ${session.user.id}::uuid`;
    expect(row).toEqual({ is_anonymous: true, meta: { display_name: "Lan" } });
  });

  it("getClaims verifies the ES256 token against the JWKS and returns the claims RLS reads", async () => {
    const supabase = p.client();
    const { data } = await supabase.auth.signInAnonymously({ options: { data: { display_name: "Minh" } } });
    const header = decodeProtectedHeader(data.session!.access_token);
    expect(header).toMatchObject({ alg: "ES256", typ: "JWT" });
    expect(typeof header.kid).toBe("string");
    const { data: claims, error } = await supabase.auth.getClaims();
    expect(error).toBeNull();
    expect(claims!.claims).toMatchObject({
      sub: data.user!.id,
      role: "authenticated",
      aud: "authenticated",
      is_anonymous: true,
      user_metadata: { display_name: "Minh" },
      iss: `${p.supabase.url}/auth/v1`,
    });
    expect(claims!.claims.exp).toBeGreaterThan(Date.now() / 1000);
    // The claims as the database sees them: auth.uid() under the token's claims.
    const [{ uid }] = await p.db.sql<{ uid: string }[]>`
      select (select auth.uid()::text from (select set_config('request.jwt.claims', ${JSON.stringify(claims!.claims)}, true)) s) as uid`;
    expect(uid).toBe(data.user!.id);
  });

  it("a token signed by another key is refused by getClaims and getUser", async () => {
    const supabase = p.client();
    await supabase.auth.signInAnonymously();
    const { data } = await supabase.auth.getSession();
    const [h, body] = data.session!.access_token.split(".");
    const forged = `${h}.${body}.${Buffer.alloc(64, 1).toString("base64url")}`;
    expect((await supabase.auth.getClaims(forged)).error?.message).toMatch(/signature/i);
    expect((await supabase.auth.getUser(forged)).error?.status).toBe(403);
  });

  it("refreshes: a new access and refresh token for the same user; the old refresh token expires after the reuse interval", async () => {
    const supabase = p.client();
    const { data } = await supabase.auth.signInAnonymously();
    const first = data.session!;
    await new Promise((r) => setTimeout(r, 1100)); // a new iat
    const { data: refreshed, error } = await supabase.auth.refreshSession();
    expect(error).toBeNull();
    expect(refreshed.session!.user.id).toBe(first.user.id);
    expect(refreshed.session!.access_token).not.toBe(first.access_token);
    expect(refreshed.session!.refresh_token).not.toBe(first.refresh_token);
    const claims = (await supabase.auth.getClaims()).data!.claims;
    expect(claims.session_id).toBeTruthy();
    // Within the reuse interval the used token still answers (two tabs refreshing at once) ...
    const again = await p.client().auth.refreshSession({ refresh_token: first.refresh_token });
    expect(again.error).toBeNull();
    expect(again.data.user!.id).toBe(first.user.id);
    // ... after it, reuse is taken for theft: refused, and the whole session ends.
    await new Promise((r) => setTimeout(r, 1100));
    const late = await p.client().auth.refreshSession({ refresh_token: first.refresh_token });
    expect(late.error?.code).toBe("refresh_token_already_used");
    const current = (await supabase.auth.getSession()).data.session!.refresh_token;
    expect((await p.client().auth.refreshSession({ refresh_token: current })).error?.code).toBe("refresh_token_not_found");
    // A refresh token nobody issued.
    const other = p.client();
    const bad = await other.auth.refreshSession({ refresh_token: "not-a-token" });
    expect(bad.error?.code).toBe("refresh_token_not_found");
  });

  it("getUser reads the user; updateUser merges metadata; logout ends the session", async () => {
    const supabase = p.client();
    const { data } = await supabase.auth.signInAnonymously({ options: { data: { display_name: "Hoa" } } });
    const { data: got } = await supabase.auth.getUser();
    expect(got.user).toMatchObject({ id: data.user!.id, is_anonymous: true, user_metadata: { display_name: "Hoa" } });
    const { data: updated, error } = await supabase.auth.updateUser({ data: { display_name: "Hoa2" } });
    expect(error).toBeNull();
    expect(updated.user!.user_metadata).toEqual({ display_name: "Hoa2" });
    await supabase.auth.refreshSession();
    expect((await supabase.auth.getClaims()).data!.claims.user_metadata).toEqual({ display_name: "Hoa2" });
    const token = (await supabase.auth.getSession()).data.session!.access_token;
    const refresh = (await supabase.auth.getSession()).data.session!.refresh_token;
    expect((await supabase.auth.signOut({ scope: "local" })).error).toBeNull();
    // The token still verifies by signature, but its session is gone at the server.
    const res = await fetch(`${p.supabase.url}/auth/v1/user`, {
      headers: { apikey: p.supabase.publishableKey, authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: "session_not_found" });
    // supabase-js turns that answer into its "no session" error.
    expect((await p.client().auth.getUser(token)).error?.name).toBe("AuthSessionMissingError");
    expect((await p.client().auth.refreshSession({ refresh_token: refresh })).error?.code).toBe("refresh_token_not_found");
  });

  it("rejects requests without the publishable key", async () => {
    const res = await fetch(`${p.supabase.url}/auth/v1/signup`, { method: "POST", body: "{}", headers: { "content-type": "application/json" } });
    expect(res.status).toBe(401);
  });
});
