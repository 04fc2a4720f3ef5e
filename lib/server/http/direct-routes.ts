// The API's requests, answered straight from Node's HTTP server when the app runs on its own server
// (`server.ts`: `npm start`, the tests, bench:load): every route under app/api (api-routes.ts). The
// very same route handlers answer, with the very same headers, and large answers are gzipped as
// Next.js gzips them; what is skipped is Next.js's per-request machinery (routing, its request and
// response adapters, its tracer), about 1 ms of CPU per request, half of an action's server time
// (docs/performance.md). Pages, and every request under `next start`/`next dev`/Vercel, go through
// Next.js.
import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import { gzip } from "node:zlib";
import { BODY_LIMIT } from "./body";
import { API_CSP, SECURITY_HEADERS } from "./csp";
import { claimPushSource } from "./push-body";

// A route module's export; `never` admits every route's own params type (they come from `path`).
type Handler = (req: Request, ctx: { params: Promise<never> }) => Promise<Response>;

export interface DirectRoute {
  method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
  /** Matched against the path alone; its named groups are the route's params. */
  path: RegExp;
  handler: Handler;
}

/** Answers a request from Node's server, or returns false to leave it to Next.js. */
export type DirectServe = (req: IncomingMessage, res: ServerResponse) => boolean;

const KEY = Symbol.for("masoi.directRoutes");
type GlobalWithDirect = typeof globalThis & { [KEY]?: DirectServe };

/** Registered by instrumentation.ts (inside Next's server bundle); read by server.ts. */
export function installDirectRoutes(routes: DirectRoute[]): void {
  (globalThis as GlobalWithDirect)[KEY] = directServe(routes);
}

// What next.config.ts's `headers()` adds to every /api answer.
const FIXED_HEADERS: [string, string][] = [...SECURITY_HEADERS.map((h): [string, string] => [h.key, h.value]), ["Content-Security-Policy", API_CSP]];

export function directServe(routes: DirectRoute[]): DirectServe {
  return (req, res) => {
    const url = req.url ?? "/";
    if (!url.startsWith("/api/")) return false;
    const q = url.indexOf("?");
    const path = q < 0 ? url : url.slice(0, q);
    for (const route of routes) {
      if (route.method !== req.method) continue;
      const match = route.path.exec(path);
      if (!match) continue;
      const params = decodeParams(match.groups);
      if (!params) return false; // Next.js answers a malformed path as it always has
      void serve(route.handler, params, req, res);
      return true;
    }
    return false;
  };
}

function decodeParams(groups: Record<string, string> | undefined): Record<string, string> | null {
  const out: Record<string, string> = {};
  try {
    for (const [k, v] of Object.entries(groups ?? {})) out[k] = decodeURIComponent(v);
  } catch {
    return null;
  }
  return out;
}

async function serve(handler: Handler, params: Record<string, string>, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const abort = new AbortController();
  // undici's Request follows `signal` through a weak reference to a controller of its own that lives
  // only as long as the Request: a stream's handler that keeps `req.signal` but not `req` would
  // never hear the client leave once the collector took the Request. Held here until the answer closes.
  let request: Request | null = null;
  // The client went away before the answer ended: a stream's handler stops on this signal. (Not
  // aborted after a finished answer: an abort builds an error with its stack, for nothing.)
  res.once("close", () => {
    if (!res.writableFinished) abort.abort();
    request = null;
  });
  let body: Buffer<ArrayBuffer> | null = null;
  if (req.method !== "GET" && req.method !== "HEAD") {
    try {
      body = await readCapped(req);
    } catch {
      res.destroy(); // the client went away while sending
      return;
    }
  }
  let response: Response;
  try {
    request = toRequest(req, body, abort.signal);
    response = await handler(request, { params: Promise.resolve(params) as Promise<never> });
  } catch (e) {
    // `handle` maps every error to an answer; this is only a defect in that mapping.
    console.error("[direct] unexpected error:", e);
    res.writeHead(500, { "Content-Type": "application/json; charset=utf-8" });
    res.end(JSON.stringify({ error: { code: "INTERNAL", message: "Something went wrong on the server." } }));
    return;
  }
  await writeResponse(response, req, res);
}

/** The web Request a route handler expects, as Next builds it (its `x-forwarded-*` included). */
function toRequest(req: IncomingMessage, body: Buffer<ArrayBuffer> | null, signal: AbortSignal): Request {
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i], req.rawHeaders[i + 1]);
  const host = headers.get("host") ?? "localhost";
  // Next.js fills these when the request has none (base-server.ts); clientAddress() and the
  // same-origin check read them.
  if (!headers.has("x-forwarded-host")) headers.set("x-forwarded-host", host);
  if (!headers.has("x-forwarded-port")) headers.set("x-forwarded-port", String(req.socket.localPort ?? ""));
  if (!headers.has("x-forwarded-proto")) headers.set("x-forwarded-proto", "http");
  if (!headers.has("x-forwarded-for") && req.socket.remoteAddress) headers.set("x-forwarded-for", req.socket.remoteAddress);
  return new Request(`http://${host}${req.url}`, { method: req.method, headers, signal, body });
}

/**
 * The body, kept up to one byte over the limit: enough for the handler's reader to refuse it
 * (413 BODY_TOO_LARGE, body.ts) as it would a streamed one, without holding more.
 */
function readCapped(req: IncomingMessage): Promise<Buffer<ArrayBuffer>> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      if (size > BODY_LIMIT) return;
      const room = BODY_LIMIT + 1 - size;
      const kept = chunk.length > room ? chunk.subarray(0, room) : chunk;
      chunks.push(kept);
      size += kept.length;
    });
    req.once("end", () => resolve(Buffer.concat(chunks)));
    req.once("error", reject);
    req.once("close", () => reject(new Error("request closed before its end")));
  });
}

const gzipped = promisify(gzip);
/** As Next.js's compression: answers of 1 KB and more (a view, a room), not an action's few hundred bytes. */
const GZIP_FROM_BYTES = 1024;

/** Whether the client takes gzip: listed at a q above 0, or unlisted and `*` is (RFC 9110 §12.5.3). */
export function acceptsGzip(header: string | undefined): boolean {
  const weights = new Map<string, number>();
  for (const part of (header ?? "").split(",")) {
    const [coding, ...params] = part.split(";").map((s) => s.trim().toLowerCase());
    const q = params.find((p) => p.startsWith("q="));
    weights.set(coding, q ? Number(q.slice(2)) : 1);
  }
  return (weights.get("gzip") ?? weights.get("*") ?? 0) > 0;
}

async function writeResponse(response: Response, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const head: Record<string, string | string[]> = {};
  for (const [k, v] of FIXED_HEADERS) head[k] = v;
  response.headers.forEach((value, key) => {
    if (key !== "set-cookie") head[key] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) head["set-cookie"] = cookies;
  const body = response.body;
  if (!body) {
    res.writeHead(response.status, head);
    res.end();
    return;
  }
  const stream = (response.headers.get("content-type") ?? "").startsWith("text/event-stream");
  if (!stream) {
    let bytes = Buffer.from(await response.arrayBuffer());
    head["vary"] = head["vary"] ? `${String(head["vary"])}, Accept-Encoding` : "Accept-Encoding";
    if (bytes.length >= GZIP_FROM_BYTES && !head["content-encoding"] && acceptsGzip(req.headers["accept-encoding"])) {
      bytes = await gzipped(bytes);
      head["content-encoding"] = "gzip";
    }
    head["content-length"] = String(bytes.length);
    res.writeHead(response.status, head);
    res.end(bytes);
    return;
  }
  res.writeHead(response.status, head);
  res.flushHeaders();
  // A pushed body (the realtime stream) writes its frames straight to the socket.
  const source = claimPushSource(body);
  if (source) {
    res.once("close", () => source.cancel());
    const open = () => !res.writableEnded && !res.destroyed;
    source.start({ write: (bytes) => void (open() && res.write(bytes)), close: () => void (open() && res.end()) });
    return;
  }
  const reader = body.getReader();
  res.once("close", () => void reader.cancel().catch(() => undefined));
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      res.write(value);
    }
  } catch {
    // cancelled: the client left
  }
  res.end();
}
