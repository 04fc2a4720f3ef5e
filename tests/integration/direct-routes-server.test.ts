// The production server (`server.ts`, as `npm start`) answers every API route itself
// (lib/server/http/direct-routes.ts, api-routes.ts): these answers carry the very headers Next.js
// puts on every API answer, refuse what the routes refuse, and the stream works; Next.js (which
// adds its `Vary`) still answers pages and paths no route serves.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../support/server";

let server: RunningServer;
let cookie = "";

beforeAll(async () => {
  server = await startServer();
  const res = await fetch(`${server.url}/api/auth/anonymous`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ displayName: "Direct" }),
  });
  expect(res.status).toBe(200);
  cookie = res.headers.getSetCookie()[0].split(";")[0];
});

afterAll(async () => {
  await server?.stop();
});

// What may differ between two answers of the same kind: framing, time, Next.js's own Vary, and
// its gzip.
const FRAMING = new Set(["date", "connection", "keep-alive", "transfer-encoding", "content-length", "content-encoding", "vary", "set-cookie"]);
const headerSet = (res: Response) =>
  Object.fromEntries([...res.headers.entries()].filter(([k]) => !FRAMING.has(k)));

describe("server.ts's direct routes", () => {
  it("answer an action directly, with the same headers as Next.js's answer to a path no route serves", async () => {
    const game = "00000000-0000-4000-8000-000000000000";
    const direct = await fetch(`${server.url}/api/games/${game}/actions`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie },
      body: JSON.stringify({ action: { type: "vote", target: 1 }, idempotencyKey: "k1" }),
    });
    const viaNext = await fetch(`${server.url}/api/no-such-route`, { headers: { cookie } });
    expect(direct.headers.get("vary")).toBe("Accept-Encoding");
    expect(direct.headers.get("content-encoding")).toBeNull();
    expect(viaNext.headers.get("vary")).toContain("rsc");
    expect(direct.status).toBe(404);
    expect((await direct.json()).error.code).toBe("GAME_NOT_FOUND");
    expect(viaNext.status).toBe(404);
    expect((await viaNext.json()).error.code).toBe("NOT_FOUND");
    expect(headerSet(direct)).toEqual(headerSet(viaNext));
  });

  it("answer every API route directly, a room's read too (Next.js would add its `rsc` Vary)", async () => {
    const created = await fetch(`${server.url}/api/rooms`, { method: "POST", headers: { "content-type": "application/json", cookie }, body: "{}" });
    expect(created.status).toBe(201);
    expect(created.headers.get("vary")).toBe("Accept-Encoding");
    const { code } = (await created.json()).room as { code: string };
    const read = await fetch(`${server.url}/api/rooms/${code}`, { headers: { cookie } });
    expect(read.status).toBe(200);
    expect(read.headers.get("vary")).toBe("Accept-Encoding");
    expect((await read.json()).room.code).toBe(code);
  });

  it("refuse what the route refuses: no session, a bad body, another site", async () => {
    const url = `${server.url}/api/games/00000000-0000-4000-8000-000000000000/actions`;
    const anonymous = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ action: { type: "x" }, idempotencyKey: "k" }) });
    expect(anonymous.status).toBe(401);
    expect((await anonymous.json()).error.code).toBe("UNAUTHENTICATED");
    const bad = await fetch(url, { method: "POST", headers: { "content-type": "application/json", cookie }, body: "{" });
    expect(bad.status).toBe(400);
    const crossSite = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", cookie, origin: "https://evil.example" },
      body: JSON.stringify({ action: { type: "x" }, idempotencyKey: "k" }),
    });
    expect(crossSite.status).toBe(403);
    expect((await crossSite.json()).error.code).toBe("CROSS_ORIGIN");
  });

  it("serve a member's realtime stream directly, and a stranger the same 404 as a missing room", async () => {
    const created = await fetch(`${server.url}/api/rooms`, { method: "POST", headers: { "content-type": "application/json", cookie }, body: "{}" });
    expect(created.status).toBe(201);
    const room = (await created.json()).room.id as string;
    const abort = new AbortController();
    const stream = await fetch(`${server.url}/api/realtime?room=${room}`, { headers: { cookie }, signal: abort.signal });
    expect(stream.status).toBe(200);
    expect(stream.headers.get("vary")).toBeNull();
    expect(stream.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    const reader = stream.body!.getReader();
    let seen = "";
    while (!seen.includes("event: hello")) seen += new TextDecoder().decode((await reader.read()).value);
    abort.abort();

    const stranger = await fetch(`${server.url}/api/auth/anonymous`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ displayName: "Stranger" }) });
    const strangerCookie = stranger.headers.getSetCookie()[0].split(";")[0];
    const refused = await fetch(`${server.url}/api/realtime?room=${room}`, { headers: { cookie: strangerCookie } });
    const missing = await fetch(`${server.url}/api/realtime?room=00000000-0000-4000-8000-000000000000`, { headers: { cookie: strangerCookie } });
    expect(refused.status).toBe(404);
    expect(await refused.text()).toBe(await missing.text());
  });
});
