// Embedded anonymous auth: HS256 JWT with Supabase's claim names in an httpOnly cookie.
import { decodeJwt } from "jose";
import { afterAll, beforeAll, expect, it } from "vitest";
import { forEachDb } from "../db/test-db";
import { getClaims } from "@/lib/auth/session";
import { useDb } from "@/lib/server/db";
import { POST as signInRoute } from "@/app/api/auth/anonymous/route";
import { POST as signOutRoute } from "@/app/api/auth/signout/route";
import { GET as meRoute } from "@/app/api/me/route";
import { call, signIn } from "./helpers";

// A database: verification asks it who signed out (lib/auth/revocations.ts).
forEachDb("auth API (embedded)", (db) => {
  beforeAll(() => useDb(db()));
  afterAll(() => useDb(undefined));

  it("signs in anonymously: httpOnly SameSite=Lax cookie carrying sub/role/is_anonymous/display name", async () => {
    const res = await call(signInRoute, { body: { displayName: "  Linh " } });
    expect(res.status).toBe(200);
    expect(res.body.user).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), displayName: "Linh" });
    const cookie = res.headers.get("set-cookie")!;
    expect(cookie).toMatch(/^ms_session=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    const claims = decodeJwt(decodeURIComponent(cookie.split(";")[0].slice("ms_session=".length)));
    expect(claims).toMatchObject({
      sub: res.body.user.id,
      role: "authenticated",
      is_anonymous: true,
      user_metadata: { display_name: "Linh" },
    });
  });

  it("W-ROOM-5: signing in again keeps the same user id and updates the name", async () => {
    const a = await signIn("First");
    const again = await a.call(signInRoute, { body: { displayName: "Second" } });
    expect(again.body.user).toEqual({ id: a.id, displayName: "Second" });
  });

  it("getClaims verifies the signature; forged or absent tokens are anonymous", async () => {
    const a = await signIn("Verified");
    const ok = await getClaims(new Request("http://x/", { headers: { cookie: a.cookie } }));
    expect(ok?.sub).toBe(a.id);
    const [h, p] = decodeURIComponent(a.cookie.split("=")[1]).split(".");
    const forged = `${h}.${p}.${"A".repeat(43)}`;
    expect(await getClaims(new Request("http://x/", { headers: { cookie: `ms_session=${forged}` } }))).toBeNull();
    const none = await getClaims(new Request("http://x/"));
    expect(none).toBeNull();
  });

  it("GET /api/me and sign out", async () => {
    const a = await signIn("Me");
    expect((await a.call(meRoute)).body).toEqual({ user: { id: a.id, displayName: "Me" } });
    expect((await call(meRoute)).body).toEqual({ user: null });
    const out = await a.call(signOutRoute, { method: "POST" });
    expect(out.body).toEqual({ ok: true });
    expect(out.headers.get("set-cookie")).toMatch(/ms_session=;.*Max-Age=0/);
  });

  it("refuses bad names and bodies with stable codes", async () => {
    const bad = async (body: unknown, status: number, code: string, raw?: string) => {
      const res = await call(signInRoute, raw === undefined ? { body } : { raw });
      expect({ status: res.status, code: res.body.error.code }).toEqual({ status, code });
      expect(res.headers.get("set-cookie")).toBeNull();
    };
    await bad({ displayName: "<script>" }, 400, "BAD_NAME");
    await bad({ displayName: "" }, 400, "BAD_NAME");
    // NUL cannot be stored as text at all: refused for every field before any name rule (docs/security.md).
    await bad({ displayName: "a\u0000b" }, 400, "BAD_TEXT");
    await bad({ displayName: "a\u0001b" }, 400, "BAD_NAME");
    await bad({ displayName: "123456789012345678901" }, 400, "BAD_NAME");
    await bad({}, 400, "BAD_REQUEST");
    await bad({ displayName: ["x"] }, 400, "BAD_REQUEST");
    await bad(null, 400, "BAD_JSON", "{");
    await bad(null, 413, "BODY_TOO_LARGE", JSON.stringify({ displayName: "x".repeat(20_000) }));
  });
});
