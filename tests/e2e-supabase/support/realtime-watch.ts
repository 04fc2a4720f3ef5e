// What a page says and hears on its Supabase Realtime socket, read from the frames themselves
// (Playwright's WebSocket events): the private topics it joins, the access tokens it pushes, and
// the broadcasts it receives (binary user broadcasts, realtime-js serializer vsn 2.0.0).
import type { Page } from "@playwright/test";

export interface RealtimeWatch {
  sockets: string[];
  /** Topics joined as private channels. */
  joined: string[];
  /** Topics an `access_token` update was pushed on. */
  tokenUpdates: string[];
  /** Broadcast events received, as `<topic> <event>`. */
  received: string[];
  /** Their payloads' keys, sorted and comma-joined (a signal is `{ kind }` plus Supabase's `id`). */
  payloadKeys: Set<string>;
}

/** A server user broadcast (kind 4): [4, topic len, event len, meta len, encoding, topic, event, meta, payload]. */
function broadcastOf(bytes: Buffer): { topic: string; event: string; payload: unknown } | null {
  if (bytes[0] !== 4) return null;
  let at = 5;
  const take = (n: number) => bytes.subarray(at, (at += n)).toString("utf8");
  const topic = take(bytes[1]);
  const event = take(bytes[2]);
  take(bytes[3]);
  return { topic, event, payload: bytes[4] === 1 ? JSON.parse(bytes.subarray(at).toString("utf8")) : null };
}

export function watchRealtime(page: Page): RealtimeWatch {
  const w: RealtimeWatch = { sockets: [], joined: [], tokenUpdates: [], received: [], payloadKeys: new Set() };
  page.on("websocket", (ws) => {
    w.sockets.push(ws.url());
    ws.on("framesent", ({ payload }) => {
      if (typeof payload !== "string") return;
      const [, , topic, event, body] = JSON.parse(payload) as [unknown, unknown, string, string, { config?: { private?: boolean } }];
      if (event === "phx_join" && body.config?.private) w.joined.push(topic);
      if (event === "access_token") w.tokenUpdates.push(topic);
    });
    ws.on("framereceived", ({ payload }) => {
      const b = typeof payload === "string" ? null : broadcastOf(payload);
      if (!b) return;
      w.received.push(`${b.topic} ${b.event}`);
      w.payloadKeys.add(Object.keys(b.payload ?? {}).sort().join(","));
    });
  });
  return w;
}
