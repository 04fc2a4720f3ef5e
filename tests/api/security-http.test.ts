// Issue 28 items 6, 7, 8 attacked through the route handlers (PGlite, and Postgres with
// TEST_DATABASE_URL): look-alike and invisible names, chat that draws over other lines, requests
// from other sites, sessions that outlive sign-out, tokens without expiry, cookies without Secure,
// and floods of reads, ticks, stream opens, lobby moves and room creations.
import { SignJWT } from "jose";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { forEachDb } from "../db/test-db";
import { useDb } from "@/lib/server/db";
import { jwtSecret } from "@/lib/auth/jwt-secret";
import { isRevoked, REFRESH_MS } from "@/lib/auth/revocations";
import { resetMeters } from "@/lib/server/meter";
import { POST as signInRoute } from "@/app/api/auth/anonymous/route";
import { POST as signOutRoute } from "@/app/api/auth/signout/route";
import { GET as meRoute } from "@/app/api/me/route";
import { POST as createRoute } from "@/app/api/rooms/route";
import { GET as roomRoute } from "@/app/api/rooms/[code]/route";
import { POST as joinRoute } from "@/app/api/rooms/[code]/join/route";
import { POST as nameRoute } from "@/app/api/rooms/[code]/name/route";
import { POST as readyRoute } from "@/app/api/rooms/[code]/ready/route";
import { POST as botsRoute } from "@/app/api/rooms/[code]/bots/route";
import { GET as viewRoute } from "@/app/api/games/[id]/view/route";
import { POST as tickRoute } from "@/app/api/games/[id]/tick/route";
import { GET as realtimeRoute } from "@/app/api/realtime/route";
import { call, expectRefused, signIn, type Client } from "./helpers";
import { eventRows, startedGame } from "./game-setup";

const RANDOM_UUID = "7a1c2f3e-9b8d-4c6a-8e5f-0123456789ab";
const METER_ENV = ["READS", "READS_ADDR", "TICKS", "TICKS_ADDR", "STREAMS", "STREAMS_ADDR", "LOBBY", "LOBBY_ADDR", "ROOMS", "ROOMS_ADDR"];

forEachDb("security at the HTTP edge (issue 28 #6–8)", (db) => {
  const saved = Object.fromEntries(METER_ENV.map((k) => [k, process.env[`MASOI_RATE_${k}`]]));
  beforeAll(() => useDb(db()));
  afterAll(() => useDb(undefined));
  afterEach(() => {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[`MASOI_RATE_${k}`];
      else process.env[`MASOI_RATE_${k}`] = v;
    }
    resetMeters();
  });

  async function roomOf(hostName: string) {
    const host = await signIn(`${hostName}`);
    const created = await host.call(createRoute, { body: {} });
    expect(created.status).toBe(201);
    return { host, code: created.body.room.code as string };
  }

  describe("#6 look-alike and invisible names", () => {
    it.each([
      ["word joiner U+2060", "Alice\u2060"],
      ["soft hyphen", "Al\u00adice"],
      ["Hangul filler", "Alice\u3164"],
      ["braille blank", "\u2800"],
      ["zero-width joiner", "Al\u200dice"],
      ["variation selector", "Alice\ufe01"],
    ])("sign-in with %s → 400 NAME_INVISIBLE, no cookie", async (_, displayName) => {
      const res = await call(signInRoute, { body: { displayName } });
      expect({ status: res.status, code: res.body.error?.code }).toEqual({ status: 400, code: "NAME_INVISIBLE" });
      expect(res.headers.get("set-cookie")).toBeNull();
    });

    it("a room refuses names that look like a member's: Cyrillic А, Greek Α, fullwidth Ａ, I for l → 409 NAME_TAKEN", async () => {
      const { host, code } = await roomOf("Alice");
      const guest = await signIn("Guest6");
      for (const displayName of ["\u0410lice", "\u0391lice", "\uff21lice", "\uff21\uff4c\uff49\uff43\uff45", "AIice", "ALICE"])
        await expectRefused(db(), () => guest.call(joinRoute, { params: { code }, body: { displayName } }), 409, "NAME_TAKEN");
      await expectRefused(db(), () => guest.call(joinRoute, { params: { code }, body: { displayName: "Alice\u2060" } }), 400, "NAME_INVISIBLE");
      // A bot or a rename cannot take the look-alike either.
      await expectRefused(db(), () => host.call(botsRoute, { params: { code }, body: { displayName: "\u0410lice" } }), 409, "NAME_TAKEN");
      expect((await guest.call(joinRoute, { params: { code }, body: { displayName: "Bob" } })).status).toBe(200);
      await expectRefused(db(), () => guest.call(nameRoute, { params: { code }, body: { displayName: "A\u217cice" } }), 409, "NAME_TAKEN");
      const members = (await host.call(roomRoute, { params: { code } })).body.members.map((m: { displayName: string }) => m.displayName);
      expect(members).toEqual(["Alice", "Bob"]);
    });

    it("inner NBSP and other Unicode spaces become one ASCII space, so 'Mai\\u00a0Anh' is 'Mai Anh'", async () => {
      const { host, code } = await roomOf("Mai\u00a0Anh");
      const members = (await host.call(roomRoute, { params: { code } })).body.members;
      expect(members[0].displayName).toBe("Mai Anh");
      const other = await signIn("Other6");
      await expectRefused(db(), () => other.call(joinRoute, { params: { code }, body: { displayName: "Mai\u2003\u2003Anh" } }), 409, "NAME_TAKEN");
    });

    it("chat: bidi overrides dropped, stacked combining marks capped at 3 per character", async () => {
      const t = await startedGame();
      const wolf = t.byRole("wolf")[0];
      const r = await t.act(wolf, { type: "chat", channel: "wolves", text: "\u202eseer is P3\u202c" + "\u0301".repeat(50) });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const texts = (await eventRows(db(), t.gameId)).filter((e) => e.type === "chat").map((e) => e.payload.text);
      expect(texts).toEqual(["seer is P3\u0301\u0301\u0301"]);
    });
  });

  describe("#7 browser hardening", () => {
    const evil = { origin: "http://evil.example", "content-type": "text/plain" };

    it("a state-changing request from another site (text/plain, Origin: evil) → 403 CROSS_ORIGIN, nothing written", async () => {
      const { host, code } = await roomOf("Csrf0");
      const raw = JSON.stringify({ ready: true });
      await expectRefused(db(), () => host.call(readyRoute, { params: { code }, raw, headers: evil }), 403, "CROSS_ORIGIN");
      await expectRefused(db(), () => host.call(readyRoute, { params: { code }, raw, headers: { "sec-fetch-site": "cross-site" } }), 403, "CROSS_ORIGIN");
      await expectRefused(db(), () => host.call(readyRoute, { params: { code }, raw, headers: { "sec-fetch-site": "same-site" } }), 403, "CROSS_ORIGIN");
      await expectRefused(db(), () => host.call(readyRoute, { params: { code }, raw, headers: { origin: "null" } }), 403, "CROSS_ORIGIN");
      const signInEvil = await call(signInRoute, { raw: JSON.stringify({ displayName: "Victim" }), headers: evil });
      expect(signInEvil.status).toBe(403);
      expect(signInEvil.headers.get("set-cookie")).toBeNull();
      const outEvil = await host.call(signOutRoute, { method: "POST", headers: { origin: "https://evil.example" } });
      expect(outEvil.status).toBe(403);
      expect((await host.call(meRoute)).body.user.id).toBe(host.id);
    });

    it("the site's own pages, proxies that forward the host, and non-browser clients are accepted", async () => {
      const { host, code } = await roomOf("Csrf1");
      const ready = (headers: Record<string, string>) => host.call(readyRoute, { params: { code }, body: { ready: true }, headers });
      expect((await ready({ origin: "http://localhost", "sec-fetch-site": "same-origin" })).status).toBe(200);
      expect((await ready({ origin: "https://masoi.example", "x-forwarded-host": "masoi.example" })).status).toBe(200);
      expect((await ready({})).status).toBe(200); // curl, scripts: no Origin, no Sec-Fetch-Site
      // Reads are not state-changing: another site may not read the answer anyway (no CORS).
      expect((await host.call(roomRoute, { params: { code }, headers: { origin: "http://evil.example" } })).status).toBe(200);
    });

    it("a body must be sent as application/json → else 415 NOT_JSON", async () => {
      const { host, code } = await roomOf("Json0");
      const raw = JSON.stringify({ ready: true });
      for (const type of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"])
        await expectRefused(db(), () => host.call(readyRoute, { params: { code }, raw, headers: { "content-type": type } }), 415, "NOT_JSON");
      expect((await host.call(readyRoute, { params: { code }, raw, headers: { "content-type": "application/json; charset=utf-8" } })).status).toBe(200);
    });

    it("sign-out revokes the session: a copy of the cookie is refused afterwards", async () => {
      const a = await signIn("Leaver");
      const { host, code } = await roomOf("Host7");
      expect((await a.call(joinRoute, { params: { code }, body: {} })).status).toBe(200);
      const out = await a.call(signOutRoute, { method: "POST" });
      expect(out.status).toBe(200);
      expect(out.headers.get("set-cookie")).toMatch(/ms_session=;.*Max-Age=0/);
      // The stolen / kept cookie:
      expect((await a.call(meRoute)).body).toEqual({ user: null });
      // The room reads as it does to anyone without a session: the invite preview, not the member's snapshot.
      expect((await a.call(roomRoute, { params: { code } })).body.me).toEqual({ userId: null, isMember: false });
      expect((await a.call(readyRoute, { params: { code }, body: { ready: true } })).status).toBe(401);
      expect((await host.call(meRoute)).body.user.id).toBe(host.id); // others keep theirs
      // Signing in again makes a new user.
      const again = await call(signInRoute, { body: { displayName: "Leaver" }, headers: { cookie: a.cookie } });
      expect(again.body.user.id).not.toBe(a.id);
    });

    it("Postgres, several instances: a sign-out recorded by another instance is honoured within REFRESH_MS", async () => {
      if (db().kind !== "postgres") return; // PGlite: one process sees every sign-out itself
      const a = await signIn("Elsewhere");
      expect((await a.call(meRoute)).body.user.id).toBe(a.id);
      await db().tx((tx) => tx.query("insert into app.revoked_users (user_id) values ($1)", [a.id]));
      expect(await isRevoked(a.id, Date.now() + REFRESH_MS + 1)).toBe(true);
      expect((await a.call(meRoute)).body).toEqual({ user: null });
    });

    it("a correctly signed token without exp is refused", async () => {
      const forever = await new SignJWT({ role: "authenticated", is_anonymous: true, user_metadata: { display_name: "Forever" } })
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setSubject(RANDOM_UUID)
        .setIssuer("masoi")
        .setAudience("authenticated")
        .setIssuedAt()
        .sign(await jwtSecret());
      const res = await call(meRoute, { headers: { cookie: `ms_session=${forever}` } });
      expect(res.body).toEqual({ user: null });
      expect((await call(createRoute, { body: {}, headers: { cookie: `ms_session=${forever}` } })).status).toBe(401);
    });

    it("cookies are Secure when served over https (X-Forwarded-Proto or the URL), not over plain http", async () => {
      const viaProxy = await call(signInRoute, { body: { displayName: "Tls" }, headers: { "x-forwarded-proto": "https" } });
      expect(viaProxy.headers.get("set-cookie")).toMatch(/; Secure/);
      const plain = await call(signInRoute, { body: { displayName: "Plain" }, headers: { "x-forwarded-proto": "http" } });
      expect(plain.headers.get("set-cookie")).not.toMatch(/Secure/);
      const direct = await signInRoute(
        new Request("https://masoi.example/api/auth/anonymous", { method: "POST", headers: { "content-type": "application/json" }, body: '{"displayName":"Direct"}' }),
        { params: Promise.resolve({}) },
      );
      expect(direct.headers.get("set-cookie")).toMatch(/; Secure/);
      const cookie = viaProxy.headers.get("set-cookie")!.split(";")[0];
      const out = await call(signOutRoute, { method: "POST", headers: { "x-forwarded-proto": "https" } }, cookie);
      expect(out.headers.get("set-cookie")).toMatch(/; Secure/);
    });
  });

  describe("#8 metered reads, ticks, streams, lobby moves and room creation → 429 + Retry-After", () => {
    const expectLimited = (res: { status: number; body: { error?: { code?: string } }; headers: Headers }, maxSeconds: number) => {
      expect(res.status).toBe(429);
      expect(res.body.error?.code).toBe("RATE_LIMITED");
      const retry = Number(res.headers.get("retry-after"));
      expect(retry).toBeGreaterThanOrEqual(1);
      expect(retry).toBeLessThanOrEqual(maxSeconds);
    };

    it("GET /view per player: the 6th of 5/10 s is refused; another player is not affected", async () => {
      const t = await startedGame();
      process.env.MASOI_RATE_READS = "5/10";
      const [a, b] = t.players;
      for (let i = 0; i < 5; i++) expect((await a.call(viewRoute, { params: { id: t.gameId } })).status).toBe(200);
      expectLimited(await a.call(viewRoute, { params: { id: t.gameId } }), 10);
      expect((await b.call(viewRoute, { params: { id: t.gameId } })).status).toBe(200);
      // Every read counts, whichever route: GET /api/me too.
      const c = await signIn("MeReader");
      for (let i = 0; i < 5; i++) expect((await c.call(meRoute)).status).toBe(200);
      expectLimited(await c.call(meRoute), 10);
    });

    it("reads per address: many identities from one address share its ceiling", async () => {
      process.env.MASOI_RATE_READS_ADDR = "4/10";
      const from = (c: Client, address: string) => c.call(meRoute, { headers: { "x-forwarded-for": address } });
      const users = await Promise.all([1, 2, 3, 4, 5].map((i) => signIn(`Addr${i}`)));
      for (const u of users.slice(0, 4)) expect((await from(u, "203.0.113.50")).status).toBe(200);
      expectLimited(await from(users[4], "203.0.113.50"), 10);
      expect((await from(users[4], "198.51.100.50")).status).toBe(200);
    });

    it("POST /tick per player", async () => {
      const t = await startedGame();
      process.env.MASOI_RATE_TICKS = "3/10";
      const p = t.players[1];
      for (let i = 0; i < 3; i++) expect((await p.call(tickRoute, { params: { id: t.gameId }, body: {} })).status).toBe(200);
      expectLimited(await p.call(tickRoute, { params: { id: t.gameId }, body: {} }), 10);
    });

    it("SSE opens per player (a refused open never reaches the room)", async () => {
      process.env.MASOI_RATE_STREAMS = "2/60";
      const a = await signIn("Streamer");
      const open = () => a.call(realtimeRoute, { query: `?room=${RANDOM_UUID}` });
      for (let i = 0; i < 2; i++) expect((await open()).status).toBe(404);
      expectLimited(await open(), 60);
    });

    it("lobby moves per player (each one signals every member)", async () => {
      const { host, code } = await roomOf("Toggler");
      process.env.MASOI_RATE_LOBBY = "4/10";
      for (let i = 0; i < 4; i++) expect((await host.call(readyRoute, { params: { code }, body: { ready: i % 2 === 0 } })).status).toBe(200);
      expectLimited(await host.call(readyRoute, { params: { code }, body: { ready: true } }), 10);
    });

    it("room creation per player and per address (shared by every instance: the database)", async () => {
      process.env.MASOI_RATE_ROOMS = "2/600";
      const a = await signIn("Creator8");
      for (let i = 0; i < 2; i++) expect((await a.call(createRoute, { body: {} })).status).toBe(201);
      expectLimited(await expectRefused(db(), () => a.call(createRoute, { body: {} }), 429, "RATE_LIMITED"), 600);
      process.env.MASOI_RATE_ROOMS_ADDR = "1/600";
      const b = await signIn("Creator9");
      const c = await signIn("Creator10");
      expect((await b.call(createRoute, { body: {}, headers: { "x-forwarded-for": "203.0.113.77" } })).status).toBe(201);
      expectLimited(await c.call(createRoute, { body: {}, headers: { "x-forwarded-for": "203.0.113.77" } }), 600);
    });

    it("the defaults leave a busy real client far below every ceiling", async () => {
      // A client reads on a 20 s heartbeat, after each of its actions and on reconnect, nudges the
      // deadline every 2 s: in 10 s at most ~15 reads and 5 ticks; the defaults allow 120 and 30.
      for (const k of METER_ENV) delete process.env[`MASOI_RATE_${k}`];
      const t = await startedGame();
      const p = t.players[2];
      for (let i = 0; i < 15; i++) expect((await p.call(viewRoute, { params: { id: t.gameId }, headers: { "x-forwarded-for": "192.0.2.9" } })).status).toBe(200);
      for (let i = 0; i < 5; i++) expect((await p.call(tickRoute, { params: { id: t.gameId }, body: {}, headers: { "x-forwarded-for": "192.0.2.9" } })).status).toBe(200);
    });
  });
});
