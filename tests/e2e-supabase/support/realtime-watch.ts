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
}

/** A server user broadcast (kind 4): [4, topic len, event len, meta len, encoding, topic, event, …]. */
function broadcastOf(bytes: Buffer): string | null {
  if (bytes[0] !== 4) return null;
  const topic = bytes.subarray(5, 5 + bytes[1]).toString("utf8");
  const event = bytes.subarray(5 + bytes[1], 5 + bytes[1] + bytes[2]).toString("utf8");
  return `${topic} ${event}`;
}

export function watchRealtime(page: Page): RealtimeWatch {
  const w: RealtimeWatch = { sockets: [], joined: [], tokenUpdates: [], received: [] };
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
      if (b) w.received.push(b);
    });
  });
  return w;
}
