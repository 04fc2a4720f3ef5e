// The one realtime entry point for the UI (browser code only). Both transports call back with
// the same shapes: `onSignal({ topic, kind })` and `onStatus("connecting" | "open" | "down")`;
// on every "open" the caller refetches since its cursor, because signals may have been missed.
import type { OnSignal, OnStatus, Unsubscribe } from "./client-types";
import { subscribeSse, type SseClientDeps } from "./sse-client";
import { subscribeSupabase } from "./supabase-client";

export type { OnSignal, OnStatus, RealtimeStatus, Signal, Unsubscribe } from "./client-types";

export function subscribeRoom(
  roomId: string,
  onSignal: OnSignal,
  onStatus: OnStatus,
  deps?: SseClientDeps,
): Unsubscribe {
  if (process.env.NEXT_PUBLIC_SUPABASE_URL) return subscribeSupabase(roomId, onSignal, onStatus);
  return subscribeSse(`/api/realtime?room=${encodeURIComponent(roomId)}`, onSignal, onStatus, deps);
}
