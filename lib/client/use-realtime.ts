"use client";
import { useEffect, useRef, useState } from "react";
import { pushedEventsAvailable, subscribeRoom, type RealtimeStatus, type Signal } from "@/lib/realtime/client";
import type { EventsFrame, StreamAnchor } from "./game-feed";

/** Pushed events for the game on screen (embedded mode): where the stream starts, and who folds its frames. */
export interface RealtimePush {
  anchor: StreamAnchor | null;
  onFrame: (frame: EventsFrame) => void;
}

/**
 * Subscribes to the room's realtime signals while `roomId` is set. `onChange` runs on every
 * signal and on every (re)connect, since signals may have been missed while down (design §4).
 * With `push.anchor` the stream also carries the game's events from that position (reopened when
 * the anchor moves); their frames go to `push.onFrame`. `topic` is the room read's `room.topic`: on
 * Supabase the channel is joined again when it changes (a member was removed, migration 0025);
 * the embedded stream follows it server-side, so there it reconnects nothing.
 */
export function useRealtime(
  roomId: string | null,
  onChange: (signal: Signal | null) => void,
  push?: RealtimePush,
  topic?: string,
): RealtimeStatus {
  const [status, setStatus] = useState<RealtimeStatus>("connecting");
  const handler = useRef(onChange);
  const frameHandler = useRef(push?.onFrame);
  useEffect(() => {
    handler.current = onChange;
    frameHandler.current = push?.onFrame;
  });
  const anchorGame = push?.anchor?.game ?? null;
  const anchorCursor = push?.anchor?.cursor ?? null;
  const channelTopic = pushedEventsAvailable() ? undefined : topic;
  useEffect(() => {
    if (!roomId) return;
    const pushed =
      anchorGame !== null && anchorCursor !== null
        ? { game: anchorGame, cursor: anchorCursor, onEvents: (frame: unknown) => frameHandler.current?.(frame as EventsFrame) }
        : undefined;
    return subscribeRoom(
      roomId,
      (signal) => handler.current(signal),
      (s) => {
        setStatus(s);
        if (s === "open") handler.current(null);
      },
      undefined,
      pushed,
      channelTopic,
    );
  }, [roomId, anchorGame, anchorCursor, channelTopic]);
  return status;
}
