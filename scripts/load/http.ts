// The load client's HTTP: one keep-alive agent with no socket cap (4,500 SSE streams plus the
// requests must not queue behind each other), JSON in and out, the session cookie per user.
import http from "node:http";

// Idle pooled sockets are dropped before the server's 5 s keep-alive timeout would close them.
export const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity, maxFreeSockets: 4096, timeout: 4_000 });

export interface HttpReply<T = unknown> {
  status: number;
  body: T;
  cookie?: string;
}

export async function request<T = unknown>(base: URL, method: string, path: string, cookie?: string, body?: unknown): Promise<HttpReply<T>> {
  try {
    return await once<T>(base, method, path, cookie, body);
  } catch (e) {
    // A pooled socket the server closed at the same instant: retry once on a fresh one (the
    // documented keep-alive race; the request never reached the server).
    if ((e as { reused?: boolean }).reused) return once<T>(base, method, path, cookie, body);
    throw e;
  }
}

function once<T>(base: URL, method: string, path: string, cookie?: string, body?: unknown): Promise<HttpReply<T>> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        method,
        path,
        headers: {
          ...(cookie ? { cookie } : {}),
          ...(payload !== undefined ? { "content-type": "application/json", "content-length": Buffer.byteLength(payload) } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          let parsed: unknown = null;
          try {
            parsed = text ? JSON.parse(text) : null;
          } catch {
            parsed = { raw: text.slice(0, 200) };
          }
          const set = res.headers["set-cookie"]?.[0]?.split(";")[0];
          resolve({ status: res.statusCode ?? 0, body: parsed as T, cookie: set });
        });
        res.on("error", reject);
      },
    );
    req.on("error", (e: NodeJS.ErrnoException) =>
      reject(Object.assign(e, { reused: req.reusedSocket && e.code === "ECONNRESET" })),
    );
    req.setTimeout(30_000, () => req.destroy(new Error("request timeout")));
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}
