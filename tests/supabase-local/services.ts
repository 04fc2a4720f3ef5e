// Local Supabase: one HTTP server in front of the Auth and Realtime servers, as the project URL
// `https://<ref>.supabase.co` fronts them (`/auth/v1`, `/realtime/v1`). The gateway checks the
// `apikey` as Supabase's API gateway does and answers CORS preflights for the browser client.
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
