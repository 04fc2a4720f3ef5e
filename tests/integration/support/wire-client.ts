// One scripted player's network stack: a cookie-jar HTTP client and a Server-Sent Events reader
// over node:http, both recording every byte the player receives (status line, raw headers, body,
// every SSE chunk) with the time it arrived. The audit works on these records only.
import http from "node:http";
import { parseFrame, type SseFrame as ParsedFrame } from "../../realtime/sse-reader";

export interface HttpRecord {
  kind: "http";
  method: string;
  path: string;
  status: number;
  /** Status line and raw response headers, as received. */
  head: string;
  body: string;
  sentAt: number;
  receivedAt: number;
}

export interface SseRecord {
  kind: "sse";
  /** Which SSE connection of this player (a reconnect opens a new one). */
  stream: number;
  /** One chunk exactly as read from the socket (frames may span chunks). */
  chunk: string;
  receivedAt: number;
}

export type WireRecord = HttpRecord | SseRecord;

export interface Reply {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- replies are read loosely by the script
  json: any;
}

export interface SseFrame extends ParsedFrame {
  receivedAt: number;
  stream: number;
}

export interface WireClient {
  records: WireRecord[];
  request(method: string, path: string, body?: unknown): Promise<Reply>;
  /** Opens the player's realtime stream; frames go to `onFrame`; reconnects after a drop. */
  openStream(path: string, onFrame: (f: SseFrame) => void): void;
  /** Number of SSE connections opened (1 unless the stream dropped). */
  streamCount(): number;
  close(): void;
}

function headOf(res: http.IncomingMessage): string {
  const lines = [`HTTP/${res.httpVersion} ${res.statusCode} ${res.statusMessage ?? ""}`];
  for (let i = 0; i < res.rawHeaders.length; i += 2) lines.push(`${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}`);
  return lines.join("\r\n");
}

const parseTimedFrame = (block: string, receivedAt: number, stream: number): SseFrame => ({ ...parseFrame(block), receivedAt, stream });

export function createWireClient(baseUrl: string): WireClient {
  const base = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  const records: WireRecord[] = [];
  const jar = new Map<string, string>();
  let streams = 0;
  let closed = false;
  const sockets = new Set<http.ClientRequest>();

  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
  const keepCookies = (res: http.IncomingMessage) => {
    for (const c of res.headers["set-cookie"] ?? []) {
      const [pair] = c.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (/Max-Age=0/i.test(c) || value === "") jar.delete(name);
      else jar.set(name, value);
    }
  };

  function request(method: string, path: string, body?: unknown, retried = false): Promise<Reply> {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const headers: Record<string, string> = { accept: "application/json" };
    if (jar.size > 0) headers.cookie = cookieHeader();
    if (payload) {
      headers["content-type"] = "application/json";
      headers["content-length"] = String(payload.length);
    }
    const sentAt = Date.now();
    return new Promise((resolve, reject) => {
      const req = http.request({ host: base.hostname, port: base.port, path, method, headers, agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("error", reject);
        res.on("end", () => {
          keepCookies(res);
          const text = Buffer.concat(chunks).toString("utf8");
          records.push({ kind: "http", method, path, status: res.statusCode ?? 0, head: headOf(res), body: text, sentAt, receivedAt: Date.now() });
          let json: unknown = null;
          try {
            json = text ? JSON.parse(text) : null;
          } catch {
            json = null;
          }
          resolve({ status: res.statusCode ?? 0, json });
        });
      });
      req.on("error", (e: NodeJS.ErrnoException) => {
        // The server closed an idle keep-alive socket as we reused it; like a browser, send the
        // request again on a fresh one (actions carry an idempotency key, so this is safe).
        if (!retried && req.reusedSocket && e.code === "ECONNRESET") resolve(request(method, path, body, true));
        else reject(e);
      });
      if (payload) req.write(payload);
      req.end();
    });
  }

  function openStream(path: string, onFrame: (f: SseFrame) => void): void {
    if (closed) return;
    const stream = ++streams;
    const sentAt = Date.now();
    const req = http.get(
      { host: base.hostname, port: base.port, path, agent: false, headers: { accept: "text/event-stream", cookie: cookieHeader() } },
      (res) => {
        // The stream's response head is a record like any other response.
        records.push({ kind: "http", method: "GET", path, status: res.statusCode ?? 0, head: headOf(res), body: "", sentAt, receivedAt: Date.now() });
        res.setEncoding("utf8");
        let buffer = "";
        res.on("data", (chunk: string) => {
          const receivedAt = Date.now();
          records.push({ kind: "sse", stream, chunk, receivedAt });
          buffer += chunk;
          let i: number;
          while ((i = buffer.indexOf("\n\n")) >= 0) {
            const block = buffer.slice(0, i);
            buffer = buffer.slice(i + 2);
            onFrame(parseTimedFrame(block, receivedAt, stream));
          }
        });
        const reconnect = () => {
          sockets.delete(req);
          if (!closed) setTimeout(() => openStream(path, onFrame), 500);
        };
        res.on("end", reconnect);
        res.on("error", reconnect);
      },
    );
    sockets.add(req);
    req.on("error", () => {
      sockets.delete(req);
      if (!closed) setTimeout(() => openStream(path, onFrame), 500);
    });
  }

  return {
    records,
    request,
    openStream,
    streamCount: () => streams,
    close() {
      closed = true;
      for (const req of sockets) req.destroy();
      sockets.clear();
      agent.destroy();
    },
  };
}
