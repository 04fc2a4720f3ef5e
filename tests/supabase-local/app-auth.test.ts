// The app's own Supabase-mode auth (lib/auth/session.ts through @supabase/ssr's server client,
// unmodified) against the local Auth server: sign-in sets the sb-*-auth-token cookies, a later
// request carrying them is the same user, a rename keeps the id and reaches the claims, and
// sign-out ends it — the path every route handler takes in production.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authFor } from "@/lib/auth/session";
import { useDb } from "@/lib/server/db";
import { localProject, type LocalProject } from "./project";

/** The cookies a browser would send back after these Set-Cookie headers (the last value wins). */
function cookieHeader(setCookies: string[], jar = new Map<string, string>()): string {
  for (const c of setCookies) {
    const [pair, ...attrs] = c.split(";");
    const [name, value] = [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)];
    if (attrs.some((a) => /max-age=0/i.test(a.trim())) || value === "") jar.delete(name);
    else jar.set(name, value);
  }
  return [...jar].map(([n, v]) => `${n}=${v}`).join("; ");
}

const request = (cookie?: string) => new Request("http://127.0.0.1/api/me", cookie ? { headers: { cookie } } : {});

describe.skipIf(!process.env.TEST_DATABASE_URL)("the app's Supabase-mode auth against local Supabase Auth [postgres]", () => {
  let p: LocalProject;
  const saved = { url: process.env.NEXT_PUBLIC_SUPABASE_URL, key: process.env.NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY };
  beforeAll(async () => {
    p = await localProject();
    process.env.NEXT_PUBLIC_SUPABASE_URL = p.supabase.url;
    process.env.NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY = p.supabase.publishableKey;
    useDb(p.db);
  });
  afterAll(async () => {
    useDb(undefined);
    process.env.NEXT_PUBLIC_SUPABASE_URL = saved.url;
    process.env.NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY = saved.key;
    await p?.close();
  });

  it("signs in, is recognised from its cookies, renames without a new id, signs out", async () => {
    const first = authFor(request());
    expect(await first.getClaims()).toBeNull();
    const claims = await first.signIn("Lan");
    expect(claims).toEqual({ sub: claims.sub, role: "authenticated", is_anonymous: true, user_metadata: { display_name: "Lan" } });
    expect(first.setCookies.some((c) => c.startsWith("sb-127-auth-token"))).toBe(true);

    const jar = new Map<string, string>();
    const again = authFor(request(cookieHeader(first.setCookies, jar)));
    expect(await again.getClaims()).toEqual(claims);

    const renamed = await again.signIn("Lan2");
    expect(renamed.sub).toBe(claims.sub);
    expect(renamed.user_metadata).toEqual({ display_name: "Lan2" });
    const after = authFor(request(cookieHeader(again.setCookies, jar)));
    expect((await after.getClaims())?.user_metadata).toEqual({ display_name: "Lan2" });

    await after.signOut();
    const cookie = cookieHeader(after.setCookies, jar);
    expect(await authFor(request(cookie)).getClaims()).toBeNull();
  });

  it("a cookie whose token was signed by another key is nobody", async () => {
    const a = authFor(request());
    await a.signIn("Minh");
    const jar = new Map<string, string>();
    const cookie = cookieHeader(a.setCookies, jar);
    // Swap the signature inside the stored session (base64-… cookie, @supabase/ssr's encoding).
    const [name, value] = cookie.split(/=(.*)/s);
    const session = JSON.parse(Buffer.from(value.replace(/^base64-/, ""), "base64url").toString("utf8")) as { access_token: string };
    const [h, b] = session.access_token.split(".");
    session.access_token = `${h}.${b}.${Buffer.alloc(64, 3).toString("base64url")}`;
    const forged = `${name}=base64-${Buffer.from(JSON.stringify(session)).toString("base64url")}`;
    expect(await authFor(request(forged)).getClaims()).toBeNull();
  });
});
