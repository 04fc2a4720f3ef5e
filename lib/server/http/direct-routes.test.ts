// The direct routes behind Node's own server: the same handlers answer as through Next.js, with
// the same headers, body limit, client address and streaming; anything else falls through.
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { directServe, type DirectRoute } from "./direct-routes";
import { BODY_LIMIT } from "./body";
import { API_CSP, SECURITY_HEADERS } from "./csp";
import { handle } from "./handle";
import { pushBody, type PushSink } from "./push-body";

// A full collection on demand: the stream test runs one while the client is still reading.
setFlagsFromString("--expose-gc");
const collectGarbage = runInNewContext("gc") as () => void;

let server: Server;
let base: string;
let streamAborted: Promise<void>;
let markAborted: () => void;
// The pushed stream's source: how it was started (its sink) and whether it was cancelled.
let pushed: { sink?: PushSink; cancelled: Promise<void> };

const echo = handle<{ id: string }>(async (c) => {
  const body = await c.body(z.strictObject({ say: z.string() }));
  return { id: c.params.id, say: body.say, forwardedFor: c.req.headers.get("x-forwarded-for"), url: c.req.url };
});

const routes: DirectRoute[] = [
  { method: "POST", path: /^\/api\/echo\/(?<id>[^/]+)$/, handler: echo as DirectRoute["handler"] },
  {
    method: "GET",
    path: /^\/api\/cookies$/,
    handler: async () => {
      const res = new Response("{}", { status: 201, headers: { "Content-Type": "application/json" } });
      res.headers.append("Set-Cookie", "a=1; Path=/");
      res.headers.append("Set-Cookie", "b=2; Path=/");
      return res;
    },
  },
  {
    method: "GET",
    path: /^\/api\/stream$/,
    handler: async (req) => {
      let timer: ReturnType<typeof setInterval>;
      req.signal.addEventListener("abort", () => markAborted(), { once: true });
      const body = new ReadableStream<Uint8Array>({
        start(c) {
          c.enqueue(new TextEncoder().encode("event: hello\ndata: {}\n\n"));
          timer = setInterval(() => c.enqueue(new TextEncoder().encode(": ping\n\n")), 50);
        },
        cancel() {
          clearInterval(timer);
        },
      });
      return new Response(body, { headers: { "Content-Type": "text/event-stream", "Cache-Control": "no-store, no-transform" } });
    },
  },
  {
    method: "GET",
    path: /^\/api\/pushed$/,
    handler: async () => {
      let cancelled!: () => void;
      pushed = { cancelled: new Promise((resolve) => (cancelled = resolve)) };
      const body = pushBody({
        start(sink) {
          pushed.sink = sink;
          sink.write(new TextEncoder().encode("event: hello\ndata: {}\n\n"));
        },
        cancel: () => cancelled(),
      });
      return new Response(body, { headers: { "Content-Type": "text/event-stream" } });
    },
  },
  {
    method: "GET",
    path: /^\/api\/broken$/,
    handler: async () => {
      throw new Error("a defect");
    },
  },
];

beforeAll(async () => {
  const serveDirect = directServe(routes);
  server = createServer((req, res) => {
    if (serveDirect(req, res)) return;
    res.writeHead(299, { "x-fell-through": "1" });
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const post = (path: string, body: string, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, { method: "POST", body, headers: { "content-type": "application/json", ...headers } });

describe("direct routes", () => {
  it("answer with the handler's reply, Next.js's fixed API headers and a length", async () => {
    const res = await post("/api/echo/abc", JSON.stringify({ say: "xin chào" }));
    expect(res.status).toBe(200);
    for (const { key, value } of SECURITY_HEADERS) expect(res.headers.get(key)).toBe(value);
    expect(res.headers.get("content-security-policy")).toBe(API_CSP);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const text = await res.text();
    expect(res.headers.get("content-length")).toBe(String(Buffer.byteLength(text)));
    const body = JSON.parse(text);
    expect(body).toMatchObject({ id: "abc", say: "xin chào", forwardedFor: "127.0.0.1" });
    expect(new URL(body.url).pathname).toBe("/api/echo/abc");
  });

  it("gzip an answer of 1 KB or more for a client that takes it, as Next.js does, and say it varies so", async () => {
    const say = "xin chào ".repeat(200);
    const plain = await post("/api/echo/big", JSON.stringify({ say }), { "accept-encoding": "identity" });
    const zipped = await post("/api/echo/big", JSON.stringify({ say }), { "accept-encoding": "gzip" });
    const small = await post("/api/echo/small", JSON.stringify({ say: "x" }), { "accept-encoding": "gzip" });
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(zipped.headers.get("content-encoding")).toBe("gzip");
    expect(small.headers.get("content-encoding")).toBeNull();
    for (const res of [plain, zipped, small]) expect(res.headers.get("vary")).toBe("Accept-Encoding");
    const text = await plain.text();
    expect(Number(zipped.headers.get("content-length"))).toBeLessThan(Buffer.byteLength(text) / 4);
    expect(await zipped.text()).toBe(text); // fetch undoes the gzip
    expect(JSON.parse(text).say).toBe(say);
  });

  it("decode the path's params, and leave a malformed path to Next.js", async () => {
    expect((await (await post("/api/echo/a%20b", JSON.stringify({ say: "x" }))).json()).id).toBe("a b");
    const bad = await post("/api/echo/%E0%A4%A", "{}");
    expect(bad.status).toBe(299);
  });

  it("leave every other method and path to Next.js", async () => {
    expect((await fetch(`${base}/api/echo/abc`)).status).toBe(299);
    expect((await post("/api/echo/abc/more", "{}")).status).toBe(299);
    expect((await fetch(`${base}/r/ABCDEF`)).status).toBe(299);
  });

  it("keep a forwarded address the request names (the proxy's, docs/robustness.md)", async () => {
    const res = await post("/api/echo/x", JSON.stringify({ say: "x" }), { "x-forwarded-for": "203.0.113.9" });
    expect((await res.json()).forwardedFor).toBe("203.0.113.9");
  });

  it("refuse a body over the limit as the route does, declared or streamed", async () => {
    const big = JSON.stringify({ say: "x".repeat(BODY_LIMIT) });
    const declared = await post("/api/echo/x", big);
    expect(declared.status).toBe(413);
    expect((await declared.json()).error.code).toBe("BODY_TOO_LARGE");
    // Chunked, without a Content-Length: the kept bytes (limit + 1) still trip the reader.
    const streamed = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(`${base}/api/echo/x`, { method: "POST", headers: { "content-type": "application/json" } }, (res) => {
        let body = "";
        res.on("data", (d) => (body += d));
        res.on("end", () => resolve({ status: res.statusCode!, body }));
      });
      req.on("error", reject);
      for (let i = 0; i < big.length; i += 4096) req.write(big.slice(i, i + 4096));
      req.end();
    });
    expect(streamed.status).toBe(413);
    expect(JSON.parse(streamed.body).error.code).toBe("BODY_TOO_LARGE");
    expect((await post("/api/echo/x", "{not json")).status).toBe(400);
  });

  it("send every cookie the handler sets", async () => {
    const res = await fetch(`${base}/api/cookies`);
    expect(res.status).toBe(201);
    expect(res.headers.getSetCookie()).toEqual(["a=1; Path=/", "b=2; Path=/"]);
  });

  it("stream an event stream as it is written, and abort the handler's request when the client leaves, though the collector ran meanwhile", async () => {
    streamAborted = new Promise((resolve) => (markAborted = resolve));
    const client = new AbortController();
    const res = await fetch(`${base}/api/stream`, { signal: client.signal });
    expect(res.headers.get("content-type")).toBe("text/event-stream");
    expect(res.headers.get("content-length")).toBeNull();
    const reader = res.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toContain("event: hello");
    // Further frames arrive while the response is still open.
    expect(new TextDecoder().decode((await reader.read()).value)).toContain(": ping");
    // The handler kept `req.signal` only: its web Request is garbage by now.
    collectGarbage();
    await new Promise((resolve) => setTimeout(resolve, 20));
    collectGarbage();
    client.abort();
    await expect(streamAborted).resolves.toBeUndefined();
  });

  it("write a pushed body's frames straight to the response (no web-stream reader), and cancel its source when the client leaves", async () => {
    const client = new AbortController();
    const res = await fetch(`${base}/api/pushed`, { signal: client.signal });
    const reader = res.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toContain("event: hello");
    // Pushed after the answer began: it reaches the client while the response is still open.
    pushed.sink!.write(new TextEncoder().encode(": ping\n\n"));
    expect(new TextDecoder().decode((await reader.read()).value)).toBe(": ping\n\n");
    client.abort();
    await expect(pushed.cancelled).resolves.toBeUndefined();
  });

  it("end the response when the pushed body's source closes", async () => {
    const res = await fetch(`${base}/api/pushed`);
    const reader = res.body!.getReader();
    await reader.read();
    pushed.sink!.close();
    pushed.sink!.write(new TextEncoder().encode("after the end"));
    expect((await reader.read()).done).toBe(true);
  });

  it("answer a handler's defect with a 500 and the stable code", async () => {
    const res = await fetch(`${base}/api/broken`);
    expect(res.status).toBe(500);
    expect((await res.json()).error.code).toBe("INTERNAL");
  });
});
