// The HTTP edge: body limits, JSON parsing, error mapping, and 503 when the database is down.
import { afterAll, describe, expect, it, vi } from "vitest";
import { freshPglite } from "@/lib/db/testing";
import { createPostgresDb } from "@/lib/db/postgres";
import { useDb } from "@/lib/server/db";
import { AppError } from "@/lib/server/app-error";
import { handle } from "@/lib/server/http/handle";
import { BODY_LIMIT } from "@/lib/server/http/body";
import { z } from "zod";
import { POST as createRoute } from "@/app/api/rooms/route";
import { GET as catchAll } from "@/app/api/[...path]/route";
import { call, signIn } from "./helpers";

const echo = handle(async (c) => c.body(z.strictObject({ n: z.number().int() })));

describe("HTTP edge", () => {
  afterAll(() => useDb(undefined));

  it("accepts a body of exactly the limit and refuses one byte more (413 BODY_TOO_LARGE)", async () => {
    const pad = (size: number) => {
      const base = JSON.stringify({ n: 1 });
      return `${base.slice(0, -1)}${" ".repeat(size - base.length)}}`;
    };
    expect((await call(echo, { raw: pad(BODY_LIMIT) })).status).toBe(200);
    const over = await call(echo, { raw: pad(BODY_LIMIT + 1) });
    expect(over.status).toBe(413);
    expect(over.body.error.code).toBe("BODY_TOO_LARGE");
  });

  it("counts actual bytes when Content-Length is absent (streamed body)", async () => {
    const chunk = new TextEncoder().encode(" ".repeat(4096));
    const stream = new ReadableStream<Uint8Array>({
      start(ctl) {
        ctl.enqueue(new TextEncoder().encode('{"n":1'));
        for (let i = 0; i < 5; i++) ctl.enqueue(chunk);
        ctl.enqueue(new TextEncoder().encode("}"));
        ctl.close();
      },
    });
    const req = new Request("http://localhost/x", { method: "POST", body: stream, duplex: "half" } as RequestInit);
    const res = await echo(req, { params: Promise.resolve({}) });
    expect(res.status).toBe(413);
  });

  it("maps malformed JSON, invalid UTF-8 and zod failures to 400 with the field named", async () => {
    expect((await call(echo, { raw: '{"n":' })).body.error.code).toBe("BAD_JSON");
    const bytes = new Uint8Array([0x7b, 0xff, 0x7d]);
    const res = await echo(new Request("http://l/x", { method: "POST", body: bytes, headers: { "content-type": "application/json" } }), { params: Promise.resolve({}) });
    expect((await res.json()).error.code).toBe("BAD_JSON");
    const wrong = await call(echo, { body: { n: "1" } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toEqual({ code: "BAD_REQUEST", message: expect.stringContaining("n:") });
  });

  it("passes AppError through (with headers) and turns a genuine bug into 500 INTERNAL without details", async () => {
    const limited = handle(async () => {
      throw new AppError(429, "RATE_LIMITED", "Slow down.", { "Retry-After": "5" });
    });
    const r = await call(limited);
    expect([r.status, r.body.error.code, r.headers.get("retry-after")]).toEqual([429, "RATE_LIMITED", "5"]);
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    const bug = await call(handle(async () => { throw new TypeError("secret internals x.y is undefined"); }));
    expect(bug.status).toBe(500);
    expect(JSON.stringify(bug.body)).not.toContain("secret internals");
    spy.mockRestore();
  });

  it("answers 503 DB_UNAVAILABLE when the database is down", async () => {
    const db = await freshPglite();
    await db.close();
    useDb(db);
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    const a = await signIn("Down");
    const res = await a.call(createRoute, { body: {} });
    spy.mockRestore();
    expect([res.status, res.body.error.code]).toEqual([503, "DB_UNAVAILABLE"]);
  });

  it("answers 503 DB_UNAVAILABLE when Postgres refuses connections", async () => {
    useDb(createPostgresDb("postgres://postgres@127.0.0.1:1/nowhere", { max: 1 }));
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    const a = await signIn("Refused");
    const res = await a.call(createRoute, { body: {} });
    spy.mockRestore();
    expect([res.status, res.body.error.code]).toEqual([503, "DB_UNAVAILABLE"]);
  });

  it("unknown /api paths answer JSON 404 NOT_FOUND", async () => {
    const r = await call(catchAll, { params: { path: "nope" } as never });
    expect([r.status, r.body.error.code]).toEqual([404, "NOT_FOUND"]);
  });
});
