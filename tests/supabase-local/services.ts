// Local Supabase: one HTTP server in front of the Auth and Realtime servers and the edge functions,
// as the project URL `https://<ref>.supabase.co` fronts them (`/auth/v1`, `/realtime/v1`,
// `/functions/v1`). The gateway checks the `apikey` for Auth and Realtime as Supabase's API gateway
// does (functions check their own callers) and answers CORS preflights for the browser client.
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import postgres from "postgres";
import { createAuth, send } from "./auth-server";
import { createRealtime } from "./realtime-server";
import { createSigningKey } from "./signing-key";
import type { Frame } from "./phoenix-frames";

export interface LocalSupabaseOptions {
  /** The project database (owner role; the bootstrap and migrations applied). */
  databaseUrl: string;
  port?: number;
  host?: string;
  /** Access-token lifetime in seconds (default 3600, as on Supabase). */
  jwtExpiry?: number;
  /** Seconds a used refresh token may be presented again (default 10, as GoTrue). */
  refreshReuseInterval?: number;
  publishableKey?: string;
  onClientFrame?: (frame: Frame) => void;
  /** Edge functions by name → where each listens (edge-function.ts); served at `/functions/v1/<name>`. */
  functions?: Record<string, string>;
  /** Test controls (not Supabase routes): `GET /__local/<name>` answers the value as JSON. */
  controls?: Record<string, () => unknown>;
}

export interface LocalSupabase {
  /** `NEXT_PUBLIC_SUPABASE_URL`. */
  url: string;
  /** `NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY`. */
  publishableKey: string;
  /** Drops every Realtime socket, as a restart or a network loss would. */
  dropRealtimeSockets(): void;
  close(): Promise<void>;
}

const CORS = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "GET, POST, PUT, DELETE, OPTIONS",
  "Access-Control-Allow-Headers": "authorization, apikey, content-type, x-client-info, x-supabase-api-version",
};

/** Forwards a request to an edge function and its answer back, as the gateway does. */
async function proxy(req: IncomingMessage, res: ServerResponse, target: string): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const name of ["authorization", "content-type", "apikey", "x-client-info"]) {
    const v = req.headers[name];
    if (typeof v === "string") headers.set(name, v);
  }
  try {
    const answer = await fetch(target, { method: req.method, headers, body: chunks.length ? Buffer.concat(chunks) : undefined });
    res.writeHead(answer.status, { "Content-Type": answer.headers.get("content-type") ?? "text/plain" });
    res.end(Buffer.from(await answer.arrayBuffer()));
  } catch {
    send(res, 502, { code: "BOOT_ERROR", message: "Function failed to start (please check logs)" });
  }
}

export async function startLocalSupabase(options: LocalSupabaseOptions): Promise<LocalSupabase> {
  const sql = postgres(options.databaseUrl, { max: 4, onnotice: () => {} });
  const key = await createSigningKey();
  const publishableKey = options.publishableKey ?? `sb_publishable_${randomBytes(16).toString("base64url")}`;
  const host = options.host ?? "127.0.0.1";
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, host, resolve));
  const url = `http://${host}:${(server.address() as AddressInfo).port}`;

  const auth = createAuth({ url, sql, key, jwtExpiry: options.jwtExpiry ?? 3600, reuseInterval: options.refreshReuseInterval ?? 10 });
  const realtime = createRealtime({ sql, key, apiKey: publishableKey, onClientFrame: options.onClientFrame });
  await realtime.start();

  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    for (const [k, v] of Object.entries(CORS)) res.setHeader(k, v);
    if (req.method === "OPTIONS") return void res.writeHead(204).end();
    const u = new URL(req.url ?? "/", url);
    // Test control (not a Supabase route): drop every Realtime socket, as a network loss would.
    if (req.method === "POST" && u.pathname === "/__local/realtime/drop") {
      realtime.dropAll();
      return void res.writeHead(204).end();
    }
    const local = /^\/__local\/([a-z-]+)$/.exec(u.pathname);
    if (req.method === "GET" && local && options.controls?.[local[1]]) return send(res, 200, options.controls[local[1]]());
    const fn = /^\/functions\/v1\/([a-z0-9_-]+)(\/.*)?$/.exec(u.pathname);
    if (fn) {
      const target = options.functions?.[fn[1]];
      if (!target) return send(res, 404, { code: "NOT_FOUND", message: "Requested function was not found" });
      return void proxy(req, res, `${target}/${fn[1]}${fn[2] ?? ""}${u.search}`);
    }
    if (!u.pathname.startsWith("/auth/v1/")) return send(res, 404, { message: "no Route matched with those values" });
    if (req.headers.apikey !== publishableKey) return send(res, 401, { message: "Invalid API key" });
    void auth(req, res, u.pathname.slice("/auth/v1".length), u.searchParams);
  });
  server.on("upgrade", (req, socket, head) => {
    const u = new URL(req.url ?? "/", url);
    if (u.pathname !== "/realtime/v1/websocket") return void socket.end("HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n");
    realtime.upgrade(req, socket, head, u.searchParams);
  });

  return {
    url,
    publishableKey,
    dropRealtimeSockets: () => realtime.dropAll(),
    async close() {
      await realtime.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await sql.end({ timeout: 1 });
    },
  };
}
