// The one realtime entry point for the UI (browser code only). Both transports call back with
// the same shapes: `onSignal({ topic, kind })` and `onStatus("connecting" | "open" | "down")`;
// on every "open" the caller refetches since its cursor, because signals may have been missed.
import type { OnSignal, OnStatus, Unsubscribe } from "./client-types";
import { subscribeSse, type OnEventsFrame, type SseClientDeps } from "./sse-client";
import { subscribeSupabase } from "./supabase-client";

export type { OnSignal, OnStatus, RealtimeStatus, Signal, Unsubscribe } from "./client-types";

/**
 * Whether the stream can push the events themselves (embedded mode's `events=1`). Supabase
 * Realtime carries signals only (design §4): there each signal costs the client a read.
 */
export const pushedEventsAvailable = (): boolean => !process.env.NEXT_PUBLIC_SUPABASE_URL;

/** Pushed events from a position: the stream sends every event of `game` after `cursor`. */
export interface PushedEvents {
  game: string;
  cursor: string;
  onEvents: OnEventsFrame;
}

export function subscribeRoom(
  roomId: string,
  onSignal: OnSignal,
  onStatus: OnStatus,
  deps?: SseClientDeps,
  push?: PushedEvents,
  /** The room's topic at its current epoch (Supabase mode joins it; the SSE server finds it itself). */
  topic?: string,
): Unsubscribe {
  if (!pushedEventsAvailable()) return subscribeSupabase(roomId, onSignal, onStatus, undefined, topic);
  const url = `/api/realtime?room=${encodeURIComponent(roomId)}`;
  if (!push) return subscribeSse(url, onSignal, onStatus, deps);
  const from = `&events=1&game=${encodeURIComponent(push.game)}&cursor=${encodeURIComponent(push.cursor)}`;
  return subscribeSse(url + from, onSignal, onStatus, deps, push.onEvents);
}
