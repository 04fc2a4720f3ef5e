// The local Realtime server: the Phoenix channel protocol realtime-js speaks, at
// `/realtime/v1/websocket`. Private channels are authorized as Supabase Realtime authorizes them
// (lib/realtime/tenants/authorization.ex, `get_read_authorizations`): a probe row in
// `realtime.messages`, the caller's role and claims and `realtime.topic` set, the probe selected
// back under RLS, rolled back — on the real Postgres, as the joining user. Broadcasts the database
// sends (`realtime.send`) reach the channels of that topic and privacy.
import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import type postgres from "postgres";
import { WebSocketServer, type RawData, type WebSocket } from "ws";
import { parseBinaryPush, parseTextFrame, textFrame, userBroadcastFrame, type Frame } from "./phoenix-frames";
import type { SigningKey } from "./signing-key";

export interface RealtimeOptions {
  sql: postgres.Sql;
  key: SigningKey;
  /** The publishable key: required as `apikey` to connect; as a token it stands for `anon`. */
  apiKey: string;
  /** Every frame a client sends, for tests that check what went over the wire. */
  onClientFrame?: (frame: Frame) => void;
}

interface Channel {
  joinRef: string | null;
  topic: string;
  sub: string;
  private: boolean;
  token: string;
  claims: Claims;
  self: boolean;
  ack: boolean;
  expiry?: NodeJS.Timeout;
}

interface Claims {
  role: string;
  sub?: string;
  exp: number;
  [k: string]: unknown;
}

interface Connection {
  ws: WebSocket;
  apiKey: string;
  channels: Map<string, Channel>;
}

type TokenCheck = { ok: true; claims: Claims } | { ok: false; reason: string };

const FAR_FUTURE = 2 ** 31 - 1;

export function createRealtime(options: RealtimeOptions) {
  const { sql, key } = options;
  const wss = new WebSocketServer({ noServer: true, handleProtocols: (protocols) => (protocols.has("phoenix") ? "phoenix" : false) });
  const connections = new Set<Connection>();

  /** Realtime's `confirm_token`: the token must verify and carry `role` and `exp`. */
  async function checkToken(token: string): Promise<TokenCheck> {
    // The gateway hands Realtime the anon role for a publishable key.
    if (token === options.apiKey) return { ok: true, claims: { role: "anon", exp: FAR_FUTURE } };
    if (token.split(".").length !== 3) return { ok: false, reason: "MalformedJWT: The token provided is not a valid JWT" };
    const verified = await key.verify(token);
    if (!verified.ok) {
      return verified.reason === "expired"
        ? { ok: false, reason: "InvalidJWTToken: Token has expired" }
        : { ok: false, reason: "JwtSignatureError: Failed to validate JWT signature" };
    }
    const claims = verified.claims as Partial<Claims>;
    if (typeof claims.role !== "string" || typeof claims.exp !== "number") {
      return { ok: false, reason: "InvalidJWTToken: Fields `role` and `exp` are required in JWT" };
    }
    return { ok: true, claims: claims as Claims };
  }

  /** One transaction as `claims` with `realtime.topic` set; always rolled back. */
  async function asCaller<T>(claims: Claims, topic: string, fn: (tx: postgres.TransactionSql) => Promise<T>): Promise<T> {
    const rollback = Symbol("rollback");
    let result: T | undefined;
    try {
      await sql.begin(async (tx) => {
        result = await fn(tx);
        throw rollback;
      });
    } catch (e) {
      if (e !== rollback) throw e;
    }
    return result as T;
  }

  const setCaller = (tx: postgres.TransactionSql, claims: Claims, topic: string) => tx`
    select set_config('role', ${claims.role}, true), set_config('realtime.topic', ${topic}, true),
           set_config('request.jwt.claims', ${JSON.stringify(claims)}, true),
           set_config('request.jwt.claim.sub', ${claims.sub ?? ""}, true),
           set_config('request.jwt.claim.role', ${claims.role}, true), set_config('request.headers', '{}', true)`;

  /** Broadcast read: the probe row, inserted as the owner, selected back under RLS as the caller. */
  const canRead = (claims: Claims, topic: string) =>
    asCaller(claims, topic, async (tx) => {
      const id = randomUUID();
      await tx`insert into realtime.messages (id, topic, extension) values (${id}::uuid, ${topic}, 'broadcast')`;
      await setCaller(tx, claims, topic);
      const rows = await tx`select id from realtime.messages where id = ${id}::uuid`;
      return rows.length === 1;
    });

  /** Broadcast write: the caller's own insert passes the insert policies. */
  const canWrite = (claims: Claims, topic: string) =>
    asCaller(claims, topic, async (tx) => {
      await setCaller(tx, claims, topic);
      try {
        await tx.savepoint((sp) => sp`insert into realtime.messages (topic, extension) values (${topic}, 'broadcast')`);
        return true;
      } catch (e) {
        if ((e as { code?: string }).code === "42501") return false;
        throw e;
      }
    });

  const write = (c: Connection, data: string | Uint8Array) => {
    if (c.ws.readyState === c.ws.OPEN) c.ws.send(data);
  };
  const reply = (c: Connection, f: Frame, status: "ok" | "error", response: Record<string, unknown>) =>
    write(c, textFrame({ joinRef: f.joinRef, ref: f.ref, topic: f.topic, event: "phx_reply", payload: { status, response } }));

  function closeChannel(c: Connection, ch: Channel) {
    clearTimeout(ch.expiry);
    c.channels.delete(ch.topic);
    write(c, textFrame({ joinRef: ch.joinRef, ref: ch.joinRef, topic: ch.topic, event: "phx_close", payload: {} }));
  }

  /** Realtime's `shutdown_response`: a system message with the reason, then the channel closes. */
  function shutdown(c: Connection, ch: Channel, message: string) {
    write(c, textFrame({ joinRef: ch.joinRef, ref: null, topic: ch.topic, event: "system", payload: { extension: "system", status: "error", message, channel: ch.sub } }));
    closeChannel(c, ch);
  }

  /** Realtime re-confirms the token before it expires and shuts the channel down once it has. */
  function armExpiry(c: Connection, ch: Channel) {
    clearTimeout(ch.expiry);
    const ms = ch.claims.exp * 1000 - Date.now();
    if (ch.claims.exp >= FAR_FUTURE) return;
    ch.expiry = setTimeout(() => {
      if (c.channels.get(ch.topic) === ch) shutdown(c, ch, "InvalidJWTToken: Token has expired");
    }, Math.max(0, ms) + 1000);
    ch.expiry.unref();
  }

  async function join(c: Connection, f: Frame) {
    if (!f.topic.startsWith("realtime:") || f.topic === "realtime:") {
      return reply(c, f, "error", { reason: "TopicNameRequired: You must provide a topic name" });
    }
    const config = (f.payload.config ?? {}) as { private?: boolean; broadcast?: { self?: boolean; ack?: boolean }; presence?: { enabled?: boolean }; postgres_changes?: unknown[] };
    const sub = f.topic.slice("realtime:".length);
    const previous = c.channels.get(f.topic);
    if (previous) closeChannel(c, previous);
    if (config.presence?.enabled || (config.postgres_changes?.length ?? 0) > 0) {
      return reply(c, f, "error", { reason: "NotImplemented: the local Realtime server supports broadcast channels only" });
    }
    const token = typeof f.payload.access_token === "string" ? f.payload.access_token : c.apiKey;
    const checked = await checkToken(token);
    if (!checked.ok) return reply(c, f, "error", { reason: checked.reason });
    const isPrivate = config.private === true;
    if (isPrivate && !(await canRead(checked.claims, sub))) {
      return reply(c, f, "error", { reason: `Unauthorized: You do not have permissions to read from this Channel topic: ${sub}` });
    }
    const ch: Channel = {
      joinRef: f.joinRef,
      topic: f.topic,
      sub,
      private: isPrivate,
      token,
      claims: checked.claims,
      self: config.broadcast?.self === true,
      ack: config.broadcast?.ack === true,
    };
    c.channels.set(f.topic, ch);
    armExpiry(c, ch);
    reply(c, f, "ok", { postgres_changes: [] });
  }

  /** `access_token` on a joined channel: verified and the channel re-authorized with it. */
  async function updateToken(c: Connection, ch: Channel, f: Frame) {
    const token = f.payload.access_token;
    if (typeof token !== "string" || token.startsWith("sb_") || token === ch.token) return;
    const checked = await checkToken(token);
    if (!checked.ok) return shutdown(c, ch, checked.reason);
    if (ch.private && !(await canRead(checked.claims, ch.sub))) {
      return shutdown(c, ch, `You no longer have permission to read from this Channel topic: ${ch.sub}`);
    }
    ch.token = token;
    ch.claims = checked.claims;
    armExpiry(c, ch);
  }

  async function clientBroadcast(c: Connection, ch: Channel, f: Frame) {
    const msg = f.payload as { event?: unknown; payload?: unknown };
    if (typeof msg.event !== "string") return;
    const allowed = !ch.private || (await canWrite(ch.claims, ch.sub));
    if (ch.ack && f.ref) reply(c, f, "ok", {});
    if (!allowed) return;
    deliver(ch.sub, ch.private, msg.event, msg.payload ?? {}, {}, ch.self ? undefined : c);
  }

  function deliver(sub: string, isPrivate: boolean, event: string, payload: unknown, meta: Record<string, unknown>, except?: Connection) {
    for (const c of connections) {
      if (c === except) continue;
      const ch = c.channels.get(`realtime:${sub}`);
      if (ch && ch.private === isPrivate) write(c, userBroadcastFrame(ch.topic, event, meta, payload));
    }
  }

  async function onFrame(c: Connection, f: Frame) {
    options.onClientFrame?.(f);
    if (f.topic === "phoenix" && f.event === "heartbeat") return reply(c, f, "ok", {});
    if (f.event === "phx_join") return join(c, f);
    const ch = c.channels.get(f.topic);
    if (!ch) return reply(c, f, "error", { reason: "unmatched topic" });
    if (f.event === "phx_leave") {
      clearTimeout(ch.expiry);
      c.channels.delete(f.topic);
      return reply(c, f, "ok", {});
    }
    if (f.event === "access_token") return updateToken(c, ch, f);
    if (f.event === "broadcast") return clientBroadcast(c, ch, f);
  }

  function accept(ws: WebSocket, apiKey: string) {
    const c: Connection = { ws, apiKey, channels: new Map() };
    connections.add(c);
    // Frames of one connection are handled in arrival order, as one Phoenix socket process does.
    let queue = Promise.resolve();
    ws.on("message", (data: RawData, isBinary: boolean) => {
      const bytes = Buffer.isBuffer(data) ? data : Buffer.concat(Array.isArray(data) ? data : [Buffer.from(data)]);
      const f = isBinary ? parseBinaryPush(bytes) : parseTextFrame(bytes.toString("utf8"));
      if (!f) return;
      queue = queue.then(() => onFrame(c, f)).catch((e) => console.error("[supabase-local realtime]", e));
    });
    ws.on("close", () => {
      for (const ch of c.channels.values()) clearTimeout(ch.expiry);
      connections.delete(c);
    });
  }

  let unlisten: (() => Promise<void>) | undefined;

  return {
    /** LISTEN for what `realtime.send` sends (the bootstrap's shim notifies channel `realtime`). */
    async start() {
      // Broadcasts in commit order: one the shim stored (below) holds back those after it until read.
      let relay: Promise<void> = Promise.resolve();
      const listener = await sql.listen("realtime", (text) => {
        let m: { topic?: unknown; event?: unknown; payload?: unknown; private?: unknown; ref?: unknown };
        try {
          m = JSON.parse(text);
        } catch {
          return;
        }
        const { topic, event } = m;
        if (typeof topic !== "string" || typeof event !== "string") return; // membership notices have no topic
        // Supabase's realtime.send adds the message id to the payload and Realtime sends it as metadata.
        const send = (payload: unknown, isPrivate: boolean, id: string) => {
          const withId = typeof payload === "object" && payload !== null && !("id" in payload) ? { ...payload, id } : payload;
          deliver(topic, isPrivate, event, withId, { id });
        };
        const ref = typeof m.ref === "string" ? m.ref : null;
        relay = relay
          .then(async () => {
            if (ref === null) return send(m.payload, m.private !== false, randomUUID());
            // Over NOTIFY's 8000 bytes the embedded shim (bootstrap 0004) stores the message in
            // realtime.messages, where Supabase keeps every broadcast, and notifies its id.
            const [row] = await sql<{ payload: unknown; private: boolean | null }[]>`
              select payload, private from realtime.messages where id = ${ref}::uuid`;
            if (row) send(row.payload, row.private !== false, ref);
          })
          .catch((e: unknown) => console.error("[supabase-local realtime] a stored broadcast could not be read", e));
      });
      unlisten = listener.unlisten;
    },
    /** Takes over an upgrade request for `/realtime/v1/websocket`. */
    upgrade(req: IncomingMessage, socket: Duplex, head: Buffer, query: URLSearchParams) {
      const apiKey = query.get("apikey") ?? String(req.headers.apikey ?? "");
      if (apiKey !== options.apiKey || (query.get("vsn") ?? "1.0.0") !== "2.0.0") {
        socket.end(`HTTP/1.1 ${apiKey !== options.apiKey ? "401 Unauthorized" : "400 Bad Request"}\r\nConnection: close\r\n\r\n`);
        return;
      }
      wss.handleUpgrade(req, socket, head, (ws) => accept(ws, apiKey));
    },
    /** Drops every socket (as a Realtime restart or network loss would). */
    dropAll() {
      for (const c of connections) c.ws.terminate();
    },
    async close() {
      for (const c of connections) c.ws.terminate();
      wss.close();
      await unlisten?.();
    },
  };
}
