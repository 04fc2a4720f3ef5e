// The one realtime entry point for the UI (browser code only). Both transports call back with
// the same shapes: `onSignal({ topic, kind, delivery? })` — a delivery is a game step's events,
// addressed by the writing transaction (docs/realtime.md, "Deliveries") — and
// `onStatus("connecting" | "open" | "down")`; on every "open" the caller reads since its cursor,
// because messages may have been missed while down.
import type { OnSignal, OnStatus, Unsubscribe } from "./client-types";
import { subscribeSse, type SseClientDeps } from "./sse-client";
import { subscribeSupabase } from "./supabase-client";

export type { OnSignal, OnStatus, RealtimeStatus, Signal, Unsubscribe } from "./client-types";

/** Embedded mode (our own SSE stream) rather than Supabase Realtime. */
export const embeddedRealtime = (): boolean => !process.env.NEXT_PUBLIC_SUPABASE_URL;

export function subscribeRoom(
  roomId: string,
  onSignal: OnSignal,
  onStatus: OnStatus,
  deps?: SseClientDeps,
  /** The room's topic at its current epoch (Supabase mode joins it; the SSE server finds it itself). */
  topic?: string,
): Unsubscribe {
  if (!embeddedRealtime()) return subscribeSupabase(roomId, onSignal, onStatus, undefined, topic);
  return subscribeSse(`/api/realtime?room=${encodeURIComponent(roomId)}`, onSignal, onStatus, deps);
}
